import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: FinalizerNeed","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/FinalizerNeed.md","filePath":"api/@opkit/state/interfaces/FinalizerNeed.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/FinalizerNeed.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-finalizerneed" tabindex="-1">Interface: FinalizerNeed <a class="header-anchor" href="#interface-finalizerneed" aria-label="Permalink to &quot;Interface: FinalizerNeed&quot;">​</a></h1><p>Defined in: packages/state/src/finalizers.ts:23</p><p>A handler that matched the object, as far as finalizers care.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="kind" tabindex="-1">kind <a class="header-anchor" href="#kind" aria-label="Permalink to &quot;kind&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">kind</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">&amp;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> object </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">|</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;delete&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;daemon&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;timer&quot;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/finalizers.ts:25</p><p><code>delete</code> for deletion handlers, <code>daemon</code>/<code>timer</code> for background handlers, anything else otherwise.</p><hr><h3 id="optional" tabindex="-1">optional? <a class="header-anchor" href="#optional" aria-label="Permalink to &quot;optional?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly optional</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> boolean;</span></span></code></pre></div><p>Defined in: packages/state/src/finalizers.ts:27</p><p>For deletion handlers: <code>optional: true</code> means best effort, no finalizer.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/FinalizerNeed.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const FinalizerNeed = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  FinalizerNeed as default
};
