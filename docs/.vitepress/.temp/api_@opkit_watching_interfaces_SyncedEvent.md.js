import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: SyncedEvent","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/watching/interfaces/SyncedEvent.md","filePath":"api/@opkit/watching/interfaces/SyncedEvent.md"}');
const _sfc_main = { name: "api/@opkit/watching/interfaces/SyncedEvent.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-syncedevent" tabindex="-1">Interface: SyncedEvent <a class="header-anchor" href="#interface-syncedevent" aria-label="Permalink to &quot;Interface: SyncedEvent&quot;">​</a></h1><p>Defined in: packages/watching/src/watchResource.ts:27</p><p>Emitted once, after the first list has been delivered. <code>namespace</code> tells which stream (in merged streams).</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="namespace" tabindex="-1">namespace? <a class="header-anchor" href="#namespace" aria-label="Permalink to &quot;namespace?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">namespace</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/watching/src/watchResource.ts:29</p><hr><h3 id="type" tabindex="-1">type <a class="header-anchor" href="#type" aria-label="Permalink to &quot;type&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">type</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: </span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&quot;SYNCED&quot;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/watching/src/watchResource.ts:28</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/watching/interfaces/SyncedEvent.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SyncedEvent = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SyncedEvent as default
};
