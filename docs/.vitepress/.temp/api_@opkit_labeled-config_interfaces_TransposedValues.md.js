import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: TransposedValues","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/labeled-config/interfaces/TransposedValues.md","filePath":"api/@opkit/labeled-config/interfaces/TransposedValues.md"}');
const _sfc_main = { name: "api/@opkit/labeled-config/interfaces/TransposedValues.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-transposedvalues" tabindex="-1">Interface: TransposedValues <a class="header-anchor" href="#interface-transposedvalues" aria-label="Permalink to &quot;Interface: TransposedValues&quot;">​</a></h1><p>Defined in: packages/labeled-config/src/transposeConfig.ts:9</p><p>One key&#39;s values across the config sets, in order, with where each came from.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="sources" tabindex="-1">sources <a class="header-anchor" href="#sources" aria-label="Permalink to &quot;sources&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">sources</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string[];</span></span></code></pre></div><p>Defined in: packages/labeled-config/src/transposeConfig.ts:13</p><p>For each value, its source, e.g. <code>configSets[1].agentConfig</code> (same length as <code>values</code>).</p><hr><h3 id="values" tabindex="-1">values <a class="header-anchor" href="#values" aria-label="Permalink to &quot;values&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">values</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: unknown[];</span></span></code></pre></div><p>Defined in: packages/labeled-config/src/transposeConfig.ts:11</p><p>The key&#39;s values, in the sets&#39; order; sets without the key are skipped.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/labeled-config/interfaces/TransposedValues.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const TransposedValues = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  TransposedValues as default
};
