import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: CommentedRule","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/manifests/interfaces/CommentedRule.md","filePath":"api/@opkit/manifests/interfaces/CommentedRule.md"}');
const _sfc_main = { name: "api/@opkit/manifests/interfaces/CommentedRule.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-commentedrule" tabindex="-1">Interface: CommentedRule <a class="header-anchor" href="#interface-commentedrule" aria-label="Permalink to &quot;Interface: CommentedRule&quot;">​</a></h1><p>Defined in: packages/manifests/src/rbac.ts:23</p><p>A rule with the lines of its comment: what needs it, and why.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="comment" tabindex="-1">comment <a class="header-anchor" href="#comment" aria-label="Permalink to &quot;comment&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">comment</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: readonly string[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/rbac.ts:25</p><hr><h3 id="rule" tabindex="-1">rule <a class="header-anchor" href="#rule" aria-label="Permalink to &quot;rule&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">rule</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: PolicyRule;</span></span></code></pre></div><p>Defined in: packages/manifests/src/rbac.ts:24</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/manifests/interfaces/CommentedRule.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const CommentedRule = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  CommentedRule as default
};
