import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: FinalizerPlan","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/FinalizerPlan.md","filePath":"api/@opkit/state/interfaces/FinalizerPlan.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/FinalizerPlan.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-finalizerplan" tabindex="-1">Interface: FinalizerPlan <a class="header-anchor" href="#interface-finalizerplan" aria-label="Permalink to &quot;Interface: FinalizerPlan&quot;">​</a></h1><p>Defined in: packages/state/src/finalizers.ts:134</p><p>What to do with our finalizer before change handlers run.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="action" tabindex="-1">action <a class="header-anchor" href="#action" aria-label="Permalink to &quot;action&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">action</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: </span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&quot;add&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;remove&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> null</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/finalizers.ts:136</p><p><code>add</code> (block deletion), <code>remove</code> (nothing needs it any more), or <code>null</code>.</p><hr><h3 id="skipchangehandlers" tabindex="-1">skipChangeHandlers <a class="header-anchor" href="#skipchangehandlers" aria-label="Permalink to &quot;skipChangeHandlers&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">skipChangeHandlers</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: boolean;</span></span></code></pre></div><p>Defined in: packages/state/src/finalizers.ts:138</p><p>When true, change handlers skip this cycle: the finalizer change is patched first.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/FinalizerPlan.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const FinalizerPlan = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  FinalizerPlan as default
};
