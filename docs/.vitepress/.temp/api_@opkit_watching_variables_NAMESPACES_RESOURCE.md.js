import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: NAMESPACES_RESOURCE","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/watching/variables/NAMESPACES_RESOURCE.md","filePath":"api/@opkit/watching/variables/NAMESPACES_RESOURCE.md"}');
const _sfc_main = { name: "api/@opkit/watching/variables/NAMESPACES_RESOURCE.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-namespaces_resource" tabindex="-1">Variable: NAMESPACES_RESOURCE <a class="header-anchor" href="#variable-namespaces_resource" aria-label="Permalink to &quot;Variable: NAMESPACES\\_RESOURCE&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> NAMESPACES_RESOURCE</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Resource</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/watching/src/namespaces.ts:17</p><p>core/v1 namespaces.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/watching/variables/NAMESPACES_RESOURCE.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const NAMESPACES_RESOURCE = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  NAMESPACES_RESOURCE as default
};
