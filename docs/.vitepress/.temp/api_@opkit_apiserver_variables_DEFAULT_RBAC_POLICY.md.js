import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: DEFAULT_RBAC_POLICY","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/apiserver/variables/DEFAULT_RBAC_POLICY.md","filePath":"api/@opkit/apiserver/variables/DEFAULT_RBAC_POLICY.md"}');
const _sfc_main = { name: "api/@opkit/apiserver/variables/DEFAULT_RBAC_POLICY.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-default_rbac_policy" tabindex="-1">Variable: DEFAULT_RBAC_POLICY <a class="header-anchor" href="#variable-default_rbac_policy" aria-label="Permalink to &quot;Variable: DEFAULT\\_RBAC\\_POLICY&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> DEFAULT_RBAC_POLICY</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> RbacPolicy</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/apiserver/src/rbac/defaultPolicy.ts:53</p><p><a href="./DEFAULT_RBAC_OBJECTS">DEFAULT_RBAC_OBJECTS</a> as a policy.</p><h2 id="example" tabindex="-1">Example <a class="header-anchor" href="#example" aria-label="Permalink to &quot;Example&quot;">​</a></h2><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">rulesFor</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">(</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&#39;system:serviceaccount:ops:op&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">DEFAULT_RBAC_POLICY</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">).rules.</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">length</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">; </span><span style="--shiki-light:#6A737D;--shiki-dark:#6A737D;">// 4: two review rules, discovery, public info</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/apiserver/variables/DEFAULT_RBAC_POLICY.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const DEFAULT_RBAC_POLICY = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  DEFAULT_RBAC_POLICY as default
};
