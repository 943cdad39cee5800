import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: PerObjectStats","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/watching/interfaces/PerObjectStats.md","filePath":"api/@opkit/watching/interfaces/PerObjectStats.md"}');
const _sfc_main = { name: "api/@opkit/watching/interfaces/PerObjectStats.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-perobjectstats" tabindex="-1">Interface: PerObjectStats <a class="header-anchor" href="#interface-perobjectstats" aria-label="Permalink to &quot;Interface: PerObjectStats&quot;">​</a></h1><p>Defined in: packages/watching/src/perObject.ts:41</p><p>The queue at the moment a worker starts.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="running" tabindex="-1">running <a class="header-anchor" href="#running" aria-label="Permalink to &quot;running&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">running</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/watching/src/perObject.ts:45</p><p>Workers running, this one included.</p><hr><h3 id="waiting" tabindex="-1">waiting <a class="header-anchor" href="#waiting" aria-label="Permalink to &quot;waiting&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">waiting</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/watching/src/perObject.ts:43</p><p>Objects with events waiting for a free slot.</p><hr><h3 id="waitms" tabindex="-1">waitMs <a class="header-anchor" href="#waitms" aria-label="Permalink to &quot;waitMs&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">waitMs</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/watching/src/perObject.ts:47</p><p>Milliseconds between the arrival of the object&#39;s oldest pending event and this start.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/watching/interfaces/PerObjectStats.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const PerObjectStats = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  PerObjectStats as default
};
