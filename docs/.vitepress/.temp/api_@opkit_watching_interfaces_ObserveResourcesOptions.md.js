import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ObserveResourcesOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/watching/interfaces/ObserveResourcesOptions.md","filePath":"api/@opkit/watching/interfaces/ObserveResourcesOptions.md"}');
const _sfc_main = { name: "api/@opkit/watching/interfaces/ObserveResourcesOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-observeresourcesoptions" tabindex="-1">Interface: ObserveResourcesOptions <a class="header-anchor" href="#interface-observeresourcesoptions" aria-label="Permalink to &quot;Interface: ObserveResourcesOptions&quot;">​</a></h1><p>Defined in: packages/watching/src/servedResources.ts:23</p><p>Options of <a href="./../functions/observeResources">observeResources</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="logger" tabindex="-1">logger? <a class="header-anchor" href="#logger" aria-label="Permalink to &quot;logger?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">logger</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> Logger;</span></span></code></pre></div><p>Defined in: packages/watching/src/servedResources.ts:26</p><hr><h3 id="settings" tabindex="-1">settings? <a class="header-anchor" href="#settings" aria-label="Permalink to &quot;settings?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">settings</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> WatchSettings;</span></span></code></pre></div><p>Defined in: packages/watching/src/servedResources.ts:24</p><hr><h3 id="signal" tabindex="-1">signal? <a class="header-anchor" href="#signal" aria-label="Permalink to &quot;signal?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">signal</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> AbortSignal;</span></span></code></pre></div><p>Defined in: packages/watching/src/servedResources.ts:25</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/watching/interfaces/ObserveResourcesOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ObserveResourcesOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ObserveResourcesOptions as default
};
