import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: CYCLE_QUEUE","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/core/variables/CYCLE_QUEUE.md","filePath":"api/@opkit/core/variables/CYCLE_QUEUE.md"}');
const _sfc_main = { name: "api/@opkit/core/variables/CYCLE_QUEUE.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-cycle_queue" tabindex="-1">Variable: CYCLE_QUEUE <a class="header-anchor" href="#variable-cycle_queue" aria-label="Permalink to &quot;Variable: CYCLE\\_QUEUE&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> CYCLE_QUEUE</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> InjectionToken</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">CycleQueueFactory</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&gt;;</span></span></code></pre></div><p>Defined in: packages/core/src/root/tokens.ts:70</p><p>Makes the per-object queue of a run, given its worker (the object cycle) and where its unexpected errors go.</p><h2 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h2><p>a KeyedQueue of <code>settings.queueing.workerLimit</code> on the CLOCK: cancellable, a waiting watch event kept over a wake-up</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/core/variables/CYCLE_QUEUE.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const CYCLE_QUEUE = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  CYCLE_QUEUE as default
};
