import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: PeeringState","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/health/interfaces/PeeringState.md","filePath":"api/@opkit/health/interfaces/PeeringState.md"}');
const _sfc_main = { name: "api/@opkit/health/interfaces/PeeringState.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-peeringstate" tabindex="-1">Interface: PeeringState <a class="header-anchor" href="#interface-peeringstate" aria-label="Permalink to &quot;Interface: PeeringState&quot;">​</a></h1><p>Defined in: packages/health/src/metrics.ts:14</p><p>What peering says about this replica (the input peering plugs into; a stand-in in tests).</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="leader" tabindex="-1">leader? <a class="header-anchor" href="#leader" aria-label="Permalink to &quot;leader?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly leader</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> boolean;</span></span></code></pre></div><p>Defined in: packages/health/src/metrics.ts:18</p><p>With leader election: whether this replica leads.</p><hr><h3 id="paused" tabindex="-1">paused <a class="header-anchor" href="#paused" aria-label="Permalink to &quot;paused&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">paused</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: boolean;</span></span></code></pre></div><p>Defined in: packages/health/src/metrics.ts:16</p><p>Paused by an operator with a higher priority.</p><hr><h3 id="shards" tabindex="-1">shards? <a class="header-anchor" href="#shards" aria-label="Permalink to &quot;shards?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly shards</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> number;</span></span></code></pre></div><p>Defined in: packages/health/src/metrics.ts:20</p><p>With sharding: how many shards this replica owns.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/health/interfaces/PeeringState.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const PeeringState = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  PeeringState as default
};
