import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: LabelSelectorRequirement","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/labeled-config/interfaces/LabelSelectorRequirement.md","filePath":"api/@opkit/labeled-config/interfaces/LabelSelectorRequirement.md"}');
const _sfc_main = { name: "api/@opkit/labeled-config/interfaces/LabelSelectorRequirement.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-labelselectorrequirement" tabindex="-1">Interface: LabelSelectorRequirement <a class="header-anchor" href="#interface-labelselectorrequirement" aria-label="Permalink to &quot;Interface: LabelSelectorRequirement&quot;">​</a></h1><p>Defined in: packages/labeled-config/src/labelSelector.ts:14</p><p>One <code>matchExpressions</code> entry: a key, an operator and (for In/NotIn) the values.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="key" tabindex="-1">key <a class="header-anchor" href="#key" aria-label="Permalink to &quot;key&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">key</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/labeled-config/src/labelSelector.ts:15</p><hr><h3 id="operator" tabindex="-1">operator <a class="header-anchor" href="#operator" aria-label="Permalink to &quot;operator&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">operator</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: LabelSelectorOperator;</span></span></code></pre></div><p>Defined in: packages/labeled-config/src/labelSelector.ts:16</p><hr><h3 id="values" tabindex="-1">values? <a class="header-anchor" href="#values" aria-label="Permalink to &quot;values?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">values</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> readonly string[];</span></span></code></pre></div><p>Defined in: packages/labeled-config/src/labelSelector.ts:18</p><p>Non-empty for <code>In</code> and <code>NotIn</code>; absent or empty for <code>Exists</code> and <code>DoesNotExist</code>.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/labeled-config/interfaces/LabelSelectorRequirement.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const LabelSelectorRequirement = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  LabelSelectorRequirement as default
};
