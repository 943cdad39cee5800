import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: KUBECTL_LAST_APPLIED","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/variables/KUBECTL_LAST_APPLIED.md","filePath":"api/@opkit/state/variables/KUBECTL_LAST_APPLIED.md"}');
const _sfc_main = { name: "api/@opkit/state/variables/KUBECTL_LAST_APPLIED.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-kubectl_last_applied" tabindex="-1">Variable: KUBECTL_LAST_APPLIED <a class="header-anchor" href="#variable-kubectl_last_applied" aria-label="Permalink to &quot;Variable: KUBECTL\\_LAST\\_APPLIED&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> KUBECTL_LAST_APPLIED</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;kubectl.kubernetes.io/last-applied-configuration&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;kubectl.kubernetes.io/last-applied-configuration&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/essence.ts:14</p><p>The annotation kubectl keeps for <code>kubectl apply</code>; never part of an essence.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/variables/KUBECTL_LAST_APPLIED.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const KUBECTL_LAST_APPLIED = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  KUBECTL_LAST_APPLIED as default
};
