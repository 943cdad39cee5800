import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Function: buildResourceHandler()","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/functions/buildResourceHandler.md","filePath":"api/@opkit/handlers/functions/buildResourceHandler.md"}');
const _sfc_main = { name: "api/@opkit/handlers/functions/buildResourceHandler.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="function-buildresourcehandler" tabindex="-1">Function: buildResourceHandler() <a class="header-anchor" href="#function-buildresourcehandler" aria-label="Permalink to &quot;Function: buildResourceHandler()&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">function</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> buildResourceHandler</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">(</span></span>
<span class="line"><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">   kind</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span></span>
<span class="line"><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">   selector</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span></span>
<span class="line"><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">   fn</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span></span>
<span class="line"><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">   options</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span></span>
<span class="line"><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">   idPrefix</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?</span></span>
<span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">)</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> ResourceHandler</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/src/registry.ts:291</p><p>Build a normalized resource handler from <code>on.*</code> arguments (validating them).</p><h2 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h2><h3 id="kind" tabindex="-1">kind <a class="header-anchor" href="#kind" aria-label="Permalink to &quot;kind&quot;">​</a></h3><p><a href="./../type-aliases/ResourceHandlerKind"><code>ResourceHandlerKind</code></a></p><h3 id="selector" tabindex="-1">selector <a class="header-anchor" href="#selector" aria-label="Permalink to &quot;selector&quot;">​</a></h3><p><a href="./../type-aliases/Selector"><code>Selector</code></a></p><h3 id="fn" tabindex="-1">fn <a class="header-anchor" href="#fn" aria-label="Permalink to &quot;fn&quot;">​</a></h3><p><a href="./../type-aliases/ResourceHandlerFn"><code>ResourceHandlerFn</code></a>&lt;<code>any</code>&gt;</p><h3 id="options" tabindex="-1">options <a class="header-anchor" href="#options" aria-label="Permalink to &quot;options&quot;">​</a></h3><p><a href="./../type-aliases/ResourceHandlerOptions"><code>ResourceHandlerOptions</code></a></p><h3 id="idprefix" tabindex="-1">idPrefix? <a class="header-anchor" href="#idprefix" aria-label="Permalink to &quot;idPrefix?&quot;">​</a></h3><p><code>string</code> = <code>&#39;&#39;</code></p><h2 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h2><p><a href="./../interfaces/ResourceHandler"><code>ResourceHandler</code></a></p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/functions/buildResourceHandler.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const buildResourceHandler = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  buildResourceHandler as default
};
