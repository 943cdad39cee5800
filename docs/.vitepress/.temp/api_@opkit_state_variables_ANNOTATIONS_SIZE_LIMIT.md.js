import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: ANNOTATIONS_SIZE_LIMIT","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/variables/ANNOTATIONS_SIZE_LIMIT.md","filePath":"api/@opkit/state/variables/ANNOTATIONS_SIZE_LIMIT.md"}');
const _sfc_main = { name: "api/@opkit/state/variables/ANNOTATIONS_SIZE_LIMIT.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-annotations_size_limit" tabindex="-1">Variable: ANNOTATIONS_SIZE_LIMIT <a class="header-anchor" href="#variable-annotations_size_limit" aria-label="Permalink to &quot;Variable: ANNOTATIONS\\_SIZE\\_LIMIT&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> ANNOTATIONS_SIZE_LIMIT</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> number</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/diffBaseStorage.ts:21</p><p>Kubernetes&#39; limit on the total size of an object&#39;s annotations (keys plus values), in bytes.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/variables/ANNOTATIONS_SIZE_LIMIT.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ANNOTATIONS_SIZE_LIMIT = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ANNOTATIONS_SIZE_LIMIT as default
};
