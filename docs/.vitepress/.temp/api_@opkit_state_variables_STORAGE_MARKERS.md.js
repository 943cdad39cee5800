import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: STORAGE_MARKERS","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/variables/STORAGE_MARKERS.md","filePath":"api/@opkit/state/variables/STORAGE_MARKERS.md"}');
const _sfc_main = { name: "api/@opkit/state/variables/STORAGE_MARKERS.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-storage_markers" tabindex="-1">Variable: STORAGE_MARKERS <a class="header-anchor" href="#variable-storage_markers" aria-label="Permalink to &quot;Variable: STORAGE\\_MARKERS&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> STORAGE_MARKERS</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> readonly</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> string</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[];</span></span></code></pre></div><p>Defined in: packages/state/src/essence.ts:17</p><p>Annotation names that mark a prefix as belonging to a Kopf-style operator&#39;s storage.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/variables/STORAGE_MARKERS.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const STORAGE_MARKERS = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  STORAGE_MARKERS as default
};
