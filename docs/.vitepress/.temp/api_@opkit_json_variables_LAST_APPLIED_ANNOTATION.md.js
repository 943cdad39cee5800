import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: LAST_APPLIED_ANNOTATION","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/json/variables/LAST_APPLIED_ANNOTATION.md","filePath":"api/@opkit/json/variables/LAST_APPLIED_ANNOTATION.md"}');
const _sfc_main = { name: "api/@opkit/json/variables/LAST_APPLIED_ANNOTATION.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-last_applied_annotation" tabindex="-1">Variable: LAST_APPLIED_ANNOTATION <a class="header-anchor" href="#variable-last_applied_annotation" aria-label="Permalink to &quot;Variable: LAST\\_APPLIED\\_ANNOTATION&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> LAST_APPLIED_ANNOTATION</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;kubectl.kubernetes.io/last-applied-configuration&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;kubectl.kubernetes.io/last-applied-configuration&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/json/src/redact.ts:17</p><p>The annotation <code>kubectl apply</code> writes: the whole applied object as JSON text, a Secret&#39;s data included.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/json/variables/LAST_APPLIED_ANNOTATION.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const LAST_APPLIED_ANNOTATION = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  LAST_APPLIED_ANNOTATION as default
};
