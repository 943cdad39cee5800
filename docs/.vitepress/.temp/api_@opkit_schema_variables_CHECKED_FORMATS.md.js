import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: CHECKED_FORMATS","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/schema/variables/CHECKED_FORMATS.md","filePath":"api/@opkit/schema/variables/CHECKED_FORMATS.md"}');
const _sfc_main = { name: "api/@opkit/schema/variables/CHECKED_FORMATS.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-checked_formats" tabindex="-1">Variable: CHECKED_FORMATS <a class="header-anchor" href="#variable-checked_formats" aria-label="Permalink to &quot;Variable: CHECKED\\_FORMATS&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> CHECKED_FORMATS</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> readonly</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> string</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[];</span></span></code></pre></div><p>Defined in: packages/schema/src/validateValue.ts:128</p><p>The string formats checked (the others the server knows, and unknown ones, are not checked).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/schema/variables/CHECKED_FORMATS.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const CHECKED_FORMATS = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  CHECKED_FORMATS as default
};
