import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: InvokeOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/interfaces/InvokeOptions.md","filePath":"api/@opkit/handlers/interfaces/InvokeOptions.md"}');
const _sfc_main = { name: "api/@opkit/handlers/interfaces/InvokeOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-invokeoptions" tabindex="-1">Interface: InvokeOptions <a class="header-anchor" href="#interface-invokeoptions" aria-label="Permalink to &quot;Interface: InvokeOptions&quot;">​</a></h1><p>Defined in: packages/handlers/src/invoke.ts:14</p><p>Options of <a href="./../functions/invokeHandler">invokeHandler</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="defaultbackoff" tabindex="-1">defaultBackoff? <a class="header-anchor" href="#defaultbackoff" aria-label="Permalink to &quot;defaultBackoff?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly defaultBackoff</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> number;</span></span></code></pre></div><p>Defined in: packages/handlers/src/invoke.ts:18</p><p>Seconds to wait after an arbitrary error when the handler sets no <code>backoff</code>.</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">60</span></span></code></pre></div><hr><h3 id="signal" tabindex="-1">signal? <a class="header-anchor" href="#signal" aria-label="Permalink to &quot;signal?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly signal</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> AbortSignal;</span></span></code></pre></div><p>Defined in: packages/handlers/src/invoke.ts:16</p><p>Passed on as the context&#39;s signal by the caller; an aborted signal before the call skips nothing.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/interfaces/InvokeOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const InvokeOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  InvokeOptions as default
};
