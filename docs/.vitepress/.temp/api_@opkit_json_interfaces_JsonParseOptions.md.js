import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: JsonParseOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/json/interfaces/JsonParseOptions.md","filePath":"api/@opkit/json/interfaces/JsonParseOptions.md"}');
const _sfc_main = { name: "api/@opkit/json/interfaces/JsonParseOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-jsonparseoptions" tabindex="-1">Interface: JsonParseOptions <a class="header-anchor" href="#interface-jsonparseoptions" aria-label="Permalink to &quot;Interface: JsonParseOptions&quot;">​</a></h1><p>Defined in: packages/json/src/parse.ts:10</p><p>Options of <a href="./../functions/parseJson">parseJson</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="beyondint64" tabindex="-1">beyondInt64? <a class="header-anchor" href="#beyondint64" aria-label="Permalink to &quot;beyondInt64?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly beyondInt64</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;bigint&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;float&quot;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/json/src/parse.ts:18</p><p>What integers beyond the int64 range become. <code>&#39;bigint&#39;</code> keeps every digit. <code>&#39;float&#39;</code> rounds them to the nearest double, as a Kubernetes API server does (it decodes int64 and falls back to float64), and refuses numbers beyond the double range (<code>1e400</code>) as the server does.</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&#39;bigint&#39;</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/json/interfaces/JsonParseOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const JsonParseOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  JsonParseOptions as default
};
