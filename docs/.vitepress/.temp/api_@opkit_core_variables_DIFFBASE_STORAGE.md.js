import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: DIFFBASE_STORAGE","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/core/variables/DIFFBASE_STORAGE.md","filePath":"api/@opkit/core/variables/DIFFBASE_STORAGE.md"}');
const _sfc_main = { name: "api/@opkit/core/variables/DIFFBASE_STORAGE.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-diffbase_storage" tabindex="-1">Variable: DIFFBASE_STORAGE <a class="header-anchor" href="#variable-diffbase_storage" aria-label="Permalink to &quot;Variable: DIFFBASE\\_STORAGE&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> DIFFBASE_STORAGE</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> InjectionToken</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">DiffBaseStorage</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&gt;;</span></span></code></pre></div><p>Defined in: packages/core/src/root/tokens.ts:56</p><p>One diff-base storage for every resource, instead of the profile&#39;s.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/core/variables/DIFFBASE_STORAGE.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const DIFFBASE_STORAGE = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  DIFFBASE_STORAGE as default
};
