import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: RESOURCE_IDENTITY","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/schema/variables/RESOURCE_IDENTITY.md","filePath":"api/@opkit/schema/variables/RESOURCE_IDENTITY.md"}');
const _sfc_main = { name: "api/@opkit/schema/variables/RESOURCE_IDENTITY.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-resource_identity" tabindex="-1">Variable: RESOURCE_IDENTITY <a class="header-anchor" href="#variable-resource_identity" aria-label="Permalink to &quot;Variable: RESOURCE\\_IDENTITY&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> RESOURCE_IDENTITY</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> unique</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> symbol</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/schema/src/defineResource.ts:21</p><p>The symbol under which a typed resource carries its identity <code>{ group, version, plural }</code>. It is <code>Symbol.for(&#39;opkit.dev/resource-identity&#39;)</code>, so @opkit/kube recognises typed resources (and matches only these three fields) without depending on this package.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/schema/variables/RESOURCE_IDENTITY.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const RESOURCE_IDENTITY = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  RESOURCE_IDENTITY as default
};
