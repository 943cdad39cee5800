import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: InstanceNodeNameOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/labeled-config/interfaces/InstanceNodeNameOptions.md","filePath":"api/@opkit/labeled-config/interfaces/InstanceNodeNameOptions.md"}');
const _sfc_main = { name: "api/@opkit/labeled-config/interfaces/InstanceNodeNameOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-instancenodenameoptions" tabindex="-1">Interface: InstanceNodeNameOptions <a class="header-anchor" href="#interface-instancenodenameoptions" aria-label="Permalink to &quot;Interface: InstanceNodeNameOptions&quot;">​</a></h1><p>Defined in: packages/labeled-config/src/nodeLabels.ts:35</p><p>Options of <a href="./../functions/instanceNodeName">instanceNodeName</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="label" tabindex="-1">label? <a class="header-anchor" href="#label" aria-label="Permalink to &quot;label?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">label</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/labeled-config/src/nodeLabels.ts:40</p><p>The label holding the instance name.</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&#39;state.yaook.cloud/instance&#39;</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/labeled-config/interfaces/InstanceNodeNameOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const InstanceNodeNameOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  InstanceNodeNameOptions as default
};
