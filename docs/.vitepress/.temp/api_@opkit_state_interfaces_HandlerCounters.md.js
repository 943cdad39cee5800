import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: HandlerCounters","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/HandlerCounters.md","filePath":"api/@opkit/state/interfaces/HandlerCounters.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/HandlerCounters.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-handlercounters" tabindex="-1">Interface: HandlerCounters <a class="header-anchor" href="#interface-handlercounters" aria-label="Permalink to &quot;Interface: HandlerCounters&quot;">​</a></h1><p>Defined in: packages/state/src/handlerStates.ts:14</p><p>Counts of handlers by how they ended.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="failure" tabindex="-1">failure <a class="header-anchor" href="#failure" aria-label="Permalink to &quot;failure&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">failure</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/state/src/handlerStates.ts:16</p><hr><h3 id="running" tabindex="-1">running <a class="header-anchor" href="#running" aria-label="Permalink to &quot;running&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">running</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/state/src/handlerStates.ts:18</p><p>Not finished yet (&quot;left to the moment&quot;).</p><hr><h3 id="success" tabindex="-1">success <a class="header-anchor" href="#success" aria-label="Permalink to &quot;success&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">success</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/state/src/handlerStates.ts:15</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/HandlerCounters.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const HandlerCounters = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  HandlerCounters as default
};
