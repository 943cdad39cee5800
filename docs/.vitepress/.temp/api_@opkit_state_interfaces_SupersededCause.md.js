import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: SupersededCause","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/SupersededCause.md","filePath":"api/@opkit/state/interfaces/SupersededCause.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/SupersededCause.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-supersededcause" tabindex="-1">Interface: SupersededCause <a class="header-anchor" href="#interface-supersededcause" aria-label="Permalink to &quot;Interface: SupersededCause&quot;">​</a></h1><p>Defined in: packages/state/src/causes.ts:125</p><p>A cause that was interrupted by the current one, with its handlers&#39; counters.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="counters" tabindex="-1">counters <a class="header-anchor" href="#counters" aria-label="Permalink to &quot;counters&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">counters</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: HandlerCounters;</span></span></code></pre></div><p>Defined in: packages/state/src/causes.ts:127</p><hr><h3 id="message" tabindex="-1">message <a class="header-anchor" href="#message" aria-label="Permalink to &quot;message&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">message</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/state/src/causes.ts:129</p><p>Kopf&#39;s log line, e.g. <code>Creation is superseded by deletion: 1 succeeded; 0 failed; 2 left to the moment.</code></p><hr><h3 id="purpose" tabindex="-1">purpose <a class="header-anchor" href="#purpose" aria-label="Permalink to &quot;purpose&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">purpose</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/state/src/causes.ts:126</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/SupersededCause.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SupersededCause = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SupersededCause as default
};
