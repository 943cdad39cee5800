import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: SleepOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/tasks/interfaces/SleepOptions.md","filePath":"api/@opkit/tasks/interfaces/SleepOptions.md"}');
const _sfc_main = { name: "api/@opkit/tasks/interfaces/SleepOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-sleepoptions" tabindex="-1">Interface: SleepOptions <a class="header-anchor" href="#interface-sleepoptions" aria-label="Permalink to &quot;Interface: SleepOptions&quot;">​</a></h1><p>Defined in: packages/tasks/src/sleep.ts:9</p><p>Options of <a href="./../functions/sleep">sleep</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="clock" tabindex="-1">clock? <a class="header-anchor" href="#clock" aria-label="Permalink to &quot;clock?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">clock</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> Clock;</span></span></code></pre></div><p>Defined in: packages/tasks/src/sleep.ts:13</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">systemClock</span></span></code></pre></div><hr><h3 id="signal" tabindex="-1">signal? <a class="header-anchor" href="#signal" aria-label="Permalink to &quot;signal?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">signal</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> AbortSignal;</span></span></code></pre></div><p>Defined in: packages/tasks/src/sleep.ts:11</p><p>Rejects the sleep with <code>signal.reason</code> when aborted.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/tasks/interfaces/SleepOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SleepOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SleepOptions as default
};
