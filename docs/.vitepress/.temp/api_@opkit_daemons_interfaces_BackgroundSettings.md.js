import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: BackgroundSettings","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/daemons/interfaces/BackgroundSettings.md","filePath":"api/@opkit/daemons/interfaces/BackgroundSettings.md"}');
const _sfc_main = { name: "api/@opkit/daemons/interfaces/BackgroundSettings.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-backgroundsettings" tabindex="-1">Interface: BackgroundSettings <a class="header-anchor" href="#interface-backgroundsettings" aria-label="Permalink to &quot;Interface: BackgroundSettings&quot;">​</a></h1><p>Defined in: packages/daemons/src/settings.ts:7</p><p>Daemons and timers.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="cancellationpolling" tabindex="-1">cancellationPolling <a class="header-anchor" href="#cancellationpolling" aria-label="Permalink to &quot;cancellationPolling&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">cancellationPolling</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/daemons/src/settings.ts:9</p><p>Seconds between checks (and log lines) while waiting for a stopping daemon without a <code>cancellationTimeout</code> (its own <code>cancellationPolling</code> wins).</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">60</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/daemons/interfaces/BackgroundSettings.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const BackgroundSettings = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  BackgroundSettings as default
};
