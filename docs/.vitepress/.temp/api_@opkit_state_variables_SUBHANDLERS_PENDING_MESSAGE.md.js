import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: SUBHANDLERS_PENDING_MESSAGE","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/variables/SUBHANDLERS_PENDING_MESSAGE.md","filePath":"api/@opkit/state/variables/SUBHANDLERS_PENDING_MESSAGE.md"}');
const _sfc_main = { name: "api/@opkit/state/variables/SUBHANDLERS_PENDING_MESSAGE.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-subhandlers_pending_message" tabindex="-1">Variable: SUBHANDLERS_PENDING_MESSAGE <a class="header-anchor" href="#variable-subhandlers_pending_message" aria-label="Permalink to &quot;Variable: SUBHANDLERS\\_PENDING\\_MESSAGE&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> SUBHANDLERS_PENDING_MESSAGE</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;None&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;None&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/handlerState.ts:32</p><p>What Kopf records as the <code>message</code> of a handler whose sub-handlers are unfinished: Kopf retries the parent with an internal exception that carries no message, and stores Python&#39;s <code>str()</code> of it.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/variables/SUBHANDLERS_PENDING_MESSAGE.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SUBHANDLERS_PENDING_MESSAGE = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SUBHANDLERS_PENDING_MESSAGE as default
};
