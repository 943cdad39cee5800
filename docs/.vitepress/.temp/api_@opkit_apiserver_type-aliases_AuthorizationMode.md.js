import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: AuthorizationMode","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/apiserver/type-aliases/AuthorizationMode.md","filePath":"api/@opkit/apiserver/type-aliases/AuthorizationMode.md"}');
const _sfc_main = { name: "api/@opkit/apiserver/type-aliases/AuthorizationMode.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-authorizationmode" tabindex="-1">Type Alias: AuthorizationMode <a class="header-anchor" href="#type-alias-authorizationmode" aria-label="Permalink to &quot;Type Alias: AuthorizationMode&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> AuthorizationMode</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;allow-all&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;rbac&quot;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/apiserver/src/types.ts:13</p><p>How requests are authorized: <code>&#39;allow-all&#39;</code> (every request is allowed; local development) or <code>&#39;rbac&#39;</code> (Role, ClusterRole, RoleBinding and ClusterRoleBinding objects decide, as Kubernetes&#39;s RBAC authorizer; members of <code>system:masters</code>, such as the admin of the kubeconfig the server writes, are always allowed).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/apiserver/type-aliases/AuthorizationMode.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const AuthorizationMode = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  AuthorizationMode as default
};
