import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: SERVICE_ACCOUNT_ISSUER","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/apiserver/variables/SERVICE_ACCOUNT_ISSUER.md","filePath":"api/@opkit/apiserver/variables/SERVICE_ACCOUNT_ISSUER.md"}');
const _sfc_main = { name: "api/@opkit/apiserver/variables/SERVICE_ACCOUNT_ISSUER.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-service_account_issuer" tabindex="-1">Variable: SERVICE_ACCOUNT_ISSUER <a class="header-anchor" href="#variable-service_account_issuer" aria-label="Permalink to &quot;Variable: SERVICE\\_ACCOUNT\\_ISSUER&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> SERVICE_ACCOUNT_ISSUER</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;https://kubernetes.default.svc.cluster.local&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;https://kubernetes.default.svc.cluster.local&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/apiserver/src/auth/serviceAccountTokens.ts:12</p><p>The issuer and default audience of the tokens, as a cluster&#39;s default <code>--service-account-issuer</code>.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/apiserver/variables/SERVICE_ACCOUNT_ISSUER.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SERVICE_ACCOUNT_ISSUER = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SERVICE_ACCOUNT_ISSUER as default
};
