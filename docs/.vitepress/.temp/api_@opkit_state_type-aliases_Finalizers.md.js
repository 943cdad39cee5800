import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: Finalizers","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/type-aliases/Finalizers.md","filePath":"api/@opkit/state/type-aliases/Finalizers.md"}');
const _sfc_main = { name: "api/@opkit/state/type-aliases/Finalizers.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-finalizers" tabindex="-1">Type Alias: Finalizers <a class="header-anchor" href="#type-alias-finalizers" aria-label="Permalink to &quot;Type Alias: Finalizers&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Finalizers</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> string</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> readonly</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> string</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[];</span></span></code></pre></div><p>Defined in: packages/state/src/finalizers.ts:15</p><p>Our finalizer, or several: the first is the one we add; every one of them counts as ours when present (it blocks deletion, and is removed when we release the object). The default profile lists Kopf&#39;s finalizer second, so that it takes over objects a Kopf operator finalized.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/type-aliases/Finalizers.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const Finalizers = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  Finalizers as default
};
