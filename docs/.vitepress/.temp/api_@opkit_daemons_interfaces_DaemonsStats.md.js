import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: DaemonsStats","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/daemons/interfaces/DaemonsStats.md","filePath":"api/@opkit/daemons/interfaces/DaemonsStats.md"}');
const _sfc_main = { name: "api/@opkit/daemons/interfaces/DaemonsStats.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-daemonsstats" tabindex="-1">Interface: DaemonsStats <a class="header-anchor" href="#interface-daemonsstats" aria-label="Permalink to &quot;Interface: DaemonsStats&quot;">​</a></h1><p>Defined in: packages/daemons/src/daemons.ts:15</p><p>Counts of <a href="./../classes/Daemons#stats">Daemons.stats</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="objects" tabindex="-1">objects <a class="header-anchor" href="#objects" aria-label="Permalink to &quot;objects&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">objects</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/daemons/src/daemons.ts:17</p><p>Objects with daemons or timers (or memories of ended ones).</p><hr><h3 id="running" tabindex="-1">running <a class="header-anchor" href="#running" aria-label="Permalink to &quot;running&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">running</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/daemons/src/daemons.ts:19</p><p>Daemons and timers running or stopping.</p><hr><h3 id="scheduled" tabindex="-1">scheduled <a class="header-anchor" href="#scheduled" aria-label="Permalink to &quot;scheduled&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">scheduled</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/daemons/src/daemons.ts:21</p><p>Waits queued in the scheduler.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/daemons/interfaces/DaemonsStats.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const DaemonsStats = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  DaemonsStats as default
};
