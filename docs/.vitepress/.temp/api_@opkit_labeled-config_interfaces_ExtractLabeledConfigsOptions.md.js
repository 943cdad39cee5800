import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ExtractLabeledConfigsOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/labeled-config/interfaces/ExtractLabeledConfigsOptions.md","filePath":"api/@opkit/labeled-config/interfaces/ExtractLabeledConfigsOptions.md"}');
const _sfc_main = { name: "api/@opkit/labeled-config/interfaces/ExtractLabeledConfigsOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-extractlabeledconfigsoptions" tabindex="-1">Interface: ExtractLabeledConfigsOptions <a class="header-anchor" href="#interface-extractlabeledconfigsoptions" aria-label="Permalink to &quot;Interface: ExtractLabeledConfigsOptions&quot;">​</a></h1><p>Defined in: packages/labeled-config/src/extractLabeledConfigs.ts:22</p><p>Options of <a href="./../functions/extractLabeledConfigs">extractLabeledConfigs</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="name" tabindex="-1">name? <a class="header-anchor" href="#name" aria-label="Permalink to &quot;name?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">name</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/labeled-config/src/extractLabeledConfigs.ts:27</p><p>How error messages name the list of sets, e.g. <code>spec.configSets</code>.</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&#39;configSets&#39;</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/labeled-config/interfaces/ExtractLabeledConfigsOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ExtractLabeledConfigsOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ExtractLabeledConfigsOptions as default
};
