import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: CycleQueueFactory","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/core/type-aliases/CycleQueueFactory.md","filePath":"api/@opkit/core/type-aliases/CycleQueueFactory.md"}');
const _sfc_main = { name: "api/@opkit/core/type-aliases/CycleQueueFactory.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-cyclequeuefactory" tabindex="-1">Type Alias: CycleQueueFactory <a class="header-anchor" href="#type-alias-cyclequeuefactory" aria-label="Permalink to &quot;Type Alias: CycleQueueFactory&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> CycleQueueFactory</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> (</span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">worker</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">options</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">) </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">=&gt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> KeyedQueue</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">QueuedEvent</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&gt;;</span></span></code></pre></div><p>Defined in: packages/core/src/root/tokens.ts:37</p><p>Makes a run&#39;s per-object queue: <code>worker</code> runs one object&#39;s cycle; <code>onError</code> takes what a cycle throws unexpectedly.</p><h2 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h2><h3 id="worker" tabindex="-1">worker <a class="header-anchor" href="#worker" aria-label="Permalink to &quot;worker&quot;">​</a></h3><p><a href="./../../tasks/type-aliases/KeyedWorker"><code>KeyedWorker</code></a>&lt;<a href="./QueuedEvent"><code>QueuedEvent</code></a>&gt;</p><h3 id="options" tabindex="-1">options <a class="header-anchor" href="#options" aria-label="Permalink to &quot;options&quot;">​</a></h3><h4 id="onerror" tabindex="-1">onError <a class="header-anchor" href="#onerror" aria-label="Permalink to &quot;onError&quot;">​</a></h4><p>(<code>error</code>) =&gt; <code>void</code></p><h2 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h2><p><a href="./../../tasks/classes/KeyedQueue"><code>KeyedQueue</code></a>&lt;<a href="./QueuedEvent"><code>QueuedEvent</code></a>&gt;</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/core/type-aliases/CycleQueueFactory.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const CycleQueueFactory = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  CycleQueueFactory as default
};
