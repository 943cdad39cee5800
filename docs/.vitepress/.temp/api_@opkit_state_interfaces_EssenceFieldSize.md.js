import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: EssenceFieldSize","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/EssenceFieldSize.md","filePath":"api/@opkit/state/interfaces/EssenceFieldSize.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/EssenceFieldSize.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-essencefieldsize" tabindex="-1">Interface: EssenceFieldSize <a class="header-anchor" href="#interface-essencefieldsize" aria-label="Permalink to &quot;Interface: EssenceFieldSize&quot;">​</a></h1><p>Defined in: packages/state/src/errors.ts:83</p><p>One field of an essence and how many bytes it takes in the encoded diff-base.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="bytes" tabindex="-1">bytes <a class="header-anchor" href="#bytes" aria-label="Permalink to &quot;bytes&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">bytes</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/state/src/errors.ts:87</p><p>The size of the field&#39;s encoded JSON value in bytes.</p><hr><h3 id="path" tabindex="-1">path <a class="header-anchor" href="#path" aria-label="Permalink to &quot;path&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">path</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/state/src/errors.ts:85</p><p>The dotted path of the field, e.g. <code>spec.data</code>.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/EssenceFieldSize.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const EssenceFieldSize = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  EssenceFieldSize as default
};
