import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: TaskQueueStats","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/tasks/interfaces/TaskQueueStats.md","filePath":"api/@opkit/tasks/interfaces/TaskQueueStats.md"}');
const _sfc_main = { name: "api/@opkit/tasks/interfaces/TaskQueueStats.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-taskqueuestats" tabindex="-1">Interface: TaskQueueStats <a class="header-anchor" href="#interface-taskqueuestats" aria-label="Permalink to &quot;Interface: TaskQueueStats&quot;">​</a></h1><p>Defined in: packages/tasks/src/taskQueue.ts:39</p><p>Counts of a queue&#39;s tasks by state.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="delayed" tabindex="-1">delayed <a class="header-anchor" href="#delayed" aria-label="Permalink to &quot;delayed&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">delayed</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/tasks/src/taskQueue.ts:43</p><p>Waiting for a retry after a failure.</p><hr><h3 id="ready" tabindex="-1">ready <a class="header-anchor" href="#ready" aria-label="Permalink to &quot;ready&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">ready</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/tasks/src/taskQueue.ts:41</p><p>Ready to start, in start order.</p><hr><h3 id="running" tabindex="-1">running <a class="header-anchor" href="#running" aria-label="Permalink to &quot;running&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">running</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/tasks/src/taskQueue.ts:44</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/tasks/interfaces/TaskQueueStats.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const TaskQueueStats = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  TaskQueueStats as default
};
