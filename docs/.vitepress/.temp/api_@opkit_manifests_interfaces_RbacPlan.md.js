import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: RbacPlan","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/manifests/interfaces/RbacPlan.md","filePath":"api/@opkit/manifests/interfaces/RbacPlan.md"}');
const _sfc_main = { name: "api/@opkit/manifests/interfaces/RbacPlan.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-rbacplan" tabindex="-1">Interface: RbacPlan <a class="header-anchor" href="#interface-rbacplan" aria-label="Permalink to &quot;Interface: RbacPlan&quot;">​</a></h1><p>Defined in: packages/manifests/src/rbac.ts:29</p><p>The derived RBAC: cluster-wide rules (a ClusterRole) and rules for the operator&#39;s namespace (a Role).</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="cluster" tabindex="-1">cluster <a class="header-anchor" href="#cluster" aria-label="Permalink to &quot;cluster&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">cluster</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: readonly CommentedRule[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/rbac.ts:31</p><p>Rules of the ClusterRole (everything else with <code>watch: all</code>; cluster-scoped resources with <code>own-namespace</code>).</p><hr><h3 id="namespaced" tabindex="-1">namespaced <a class="header-anchor" href="#namespaced" aria-label="Permalink to &quot;namespaced&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">namespaced</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: readonly CommentedRule[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/rbac.ts:33</p><p>Rules of the Role in the deploy namespace: namespaced resources with <code>own-namespace</code>, and Leases in either mode.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/manifests/interfaces/RbacPlan.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const RbacPlan = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  RbacPlan as default
};
