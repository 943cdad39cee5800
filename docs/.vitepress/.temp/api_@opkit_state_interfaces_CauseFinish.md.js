import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: CauseFinish","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/CauseFinish.md","filePath":"api/@opkit/state/interfaces/CauseFinish.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/CauseFinish.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-causefinish" tabindex="-1">Interface: CauseFinish <a class="header-anchor" href="#interface-causefinish" aria-label="Permalink to &quot;Interface: CauseFinish&quot;">​</a></h1><p>Defined in: packages/state/src/finishCause.ts:12</p><p>What <a href="./../functions/finishCause">finishCause</a> decided.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="delays" tabindex="-1">delays <a class="header-anchor" href="#delays" aria-label="Permalink to &quot;delays&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">delays</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: readonly number[];</span></span></code></pre></div><p>Defined in: packages/state/src/finishCause.ts:16</p><p>Seconds until each unfinished handler is due (0: on the next event).</p><hr><h3 id="done" tabindex="-1">done <a class="header-anchor" href="#done" aria-label="Permalink to &quot;done&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">done</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: boolean;</span></span></code></pre></div><p>Defined in: packages/state/src/finishCause.ts:14</p><p>Every handler of the cause is finished.</p><hr><h3 id="message" tabindex="-1">message? <a class="header-anchor" href="#message" aria-label="Permalink to &quot;message?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly message</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/state/src/finishCause.ts:18</p><p>Kopf&#39;s log line when the cause is processed (<code>Creation is processed: 1 succeeded; 0 failed.</code>).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/CauseFinish.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const CauseFinish = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  CauseFinish as default
};
