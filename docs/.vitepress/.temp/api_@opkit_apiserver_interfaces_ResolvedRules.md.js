import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ResolvedRules","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/apiserver/interfaces/ResolvedRules.md","filePath":"api/@opkit/apiserver/interfaces/ResolvedRules.md"}');
const _sfc_main = { name: "api/@opkit/apiserver/interfaces/ResolvedRules.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-resolvedrules" tabindex="-1">Interface: ResolvedRules <a class="header-anchor" href="#interface-resolvedrules" aria-label="Permalink to &quot;Interface: ResolvedRules&quot;">​</a></h1><p>Defined in: packages/apiserver/src/rbac/types.ts:144</p><p>The rules that apply to a user in a namespace, and what could not be resolved (e.g. a missing role).</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="errors" tabindex="-1">errors <a class="header-anchor" href="#errors" aria-label="Permalink to &quot;errors&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">errors</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string[];</span></span></code></pre></div><p>Defined in: packages/apiserver/src/rbac/types.ts:147</p><p>Resolution errors in kube&#39;s words, e.g. <code>clusterrole.rbac.authorization.k8s.io &quot;x&quot; not found</code>.</p><hr><h3 id="rules" tabindex="-1">rules <a class="header-anchor" href="#rules" aria-label="Permalink to &quot;rules&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">rules</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: GrantedRule[];</span></span></code></pre></div><p>Defined in: packages/apiserver/src/rbac/types.ts:145</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/apiserver/interfaces/ResolvedRules.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ResolvedRules = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ResolvedRules as default
};
