import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: HandlerClientDefaults","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/interfaces/HandlerClientDefaults.md","filePath":"api/@opkit/handlers/interfaces/HandlerClientDefaults.md"}');
const _sfc_main = { name: "api/@opkit/handlers/interfaces/HandlerClientDefaults.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-handlerclientdefaults" tabindex="-1">Interface: HandlerClientDefaults <a class="header-anchor" href="#interface-handlerclientdefaults" aria-label="Permalink to &quot;Interface: HandlerClientDefaults&quot;">​</a></h1><p>Defined in: packages/handlers/src/client.ts:16</p><p>What a handler&#39;s client defaults to: the handled object and its handler&#39;s signal.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="owner" tabindex="-1">owner? <a class="header-anchor" href="#owner" aria-label="Permalink to &quot;owner?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly owner</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> KubeObject;</span></span></code></pre></div><p>Defined in: packages/handlers/src/client.ts:18</p><p>The object being handled: the default owner of children, and its namespace the default namespace.</p><hr><h3 id="signal" tabindex="-1">signal? <a class="header-anchor" href="#signal" aria-label="Permalink to &quot;signal?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly signal</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> AbortSignal;</span></span></code></pre></div><p>Defined in: packages/handlers/src/client.ts:20</p><p>The handler&#39;s signal: requests are aborted with it unless a call passes its own.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/interfaces/HandlerClientDefaults.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const HandlerClientDefaults = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  HandlerClientDefaults as default
};
