import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ReconcileOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/daemons/interfaces/ReconcileOptions.md","filePath":"api/@opkit/daemons/interfaces/ReconcileOptions.md"}');
const _sfc_main = { name: "api/@opkit/daemons/interfaces/ReconcileOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-reconcileoptions" tabindex="-1">Interface: ReconcileOptions <a class="header-anchor" href="#interface-reconcileoptions" aria-label="Permalink to &quot;Interface: ReconcileOptions&quot;">​</a></h1><p>Defined in: packages/daemons/src/types.ts:79</p><p>Options of <a href="./../classes/ObjectDaemons#reconcile">ObjectDaemons.reconcile</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="context" tabindex="-1">context? <a class="header-anchor" href="#context" aria-label="Permalink to &quot;context?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly context</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> Partial</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">&lt;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">FilterContext</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">&gt;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/daemons/src/types.ts:83</p><p>The context <code>when</code> predicates receive besides the body&#39;s views (memo, logger…).</p><hr><h3 id="deleting" tabindex="-1">deleting? <a class="header-anchor" href="#deleting" aria-label="Permalink to &quot;deleting?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly deleting</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> boolean;</span></span></code></pre></div><p>Defined in: packages/daemons/src/types.ts:81</p><p>The object is being deleted: stop everything (<code>resource-deleted</code>) instead of spawning.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/daemons/interfaces/ReconcileOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ReconcileOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ReconcileOptions as default
};
