import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ScheduledEntry","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/daemons/interfaces/ScheduledEntry.md","filePath":"api/@opkit/daemons/interfaces/ScheduledEntry.md"}');
const _sfc_main = { name: "api/@opkit/daemons/interfaces/ScheduledEntry.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-scheduledentry" tabindex="-1">Interface: ScheduledEntry <a class="header-anchor" href="#interface-scheduledentry" aria-label="Permalink to &quot;Interface: ScheduledEntry&quot;">​</a></h1><p>Defined in: packages/daemons/src/scheduler.ts:11</p><p>A scheduled callback, as returned by <a href="./../classes/Scheduler#at">Scheduler.at</a>; pass it to <a href="./../classes/Scheduler#cancel">Scheduler.cancel</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="due" tabindex="-1">due <a class="header-anchor" href="#due" aria-label="Permalink to &quot;due&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">due</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/daemons/src/scheduler.ts:13</p><p>When it is due (clock milliseconds).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/daemons/interfaces/ScheduledEntry.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ScheduledEntry = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ScheduledEntry as default
};
