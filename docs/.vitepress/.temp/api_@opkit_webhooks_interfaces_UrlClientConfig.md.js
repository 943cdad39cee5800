import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: UrlClientConfig","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/webhooks/interfaces/UrlClientConfig.md","filePath":"api/@opkit/webhooks/interfaces/UrlClientConfig.md"}');
const _sfc_main = { name: "api/@opkit/webhooks/interfaces/UrlClientConfig.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-urlclientconfig" tabindex="-1">Interface: UrlClientConfig <a class="header-anchor" href="#interface-urlclientconfig" aria-label="Permalink to &quot;Interface: UrlClientConfig&quot;">​</a></h1><p>Defined in: packages/webhooks/src/webhookServer.ts:40</p><p>A webhook&#39;s <code>clientConfig</code> pointing at a URL (<code>service</code> is the other form; see <code>serviceClientConfig</code>).</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="cabundle" tabindex="-1">caBundle? <a class="header-anchor" href="#cabundle" aria-label="Permalink to &quot;caBundle?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly caBundle</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/webhooks/src/webhookServer.ts:43</p><p>Base64 of the PEM CA certificate(s) the API server trusts for this URL.</p><hr><h3 id="url" tabindex="-1">url <a class="header-anchor" href="#url" aria-label="Permalink to &quot;url&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">url</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/webhooks/src/webhookServer.ts:41</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/webhooks/interfaces/UrlClientConfig.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const UrlClientConfig = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  UrlClientConfig as default
};
