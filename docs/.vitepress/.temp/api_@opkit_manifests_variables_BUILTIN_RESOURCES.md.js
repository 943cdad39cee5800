import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: BUILTIN_RESOURCES","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/manifests/variables/BUILTIN_RESOURCES.md","filePath":"api/@opkit/manifests/variables/BUILTIN_RESOURCES.md"}');
const _sfc_main = { name: "api/@opkit/manifests/variables/BUILTIN_RESOURCES.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-builtin_resources" tabindex="-1">Variable: BUILTIN_RESOURCES <a class="header-anchor" href="#variable-builtin_resources" aria-label="Permalink to &quot;Variable: BUILTIN\\_RESOURCES&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> BUILTIN_RESOURCES</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> readonly</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> KnownResource</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/builtins.ts:27</p><p>The built-in resources of a Kubernetes cluster that operators commonly handle, own or need.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/manifests/variables/BUILTIN_RESOURCES.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const BUILTIN_RESOURCES = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  BUILTIN_RESOURCES as default
};
