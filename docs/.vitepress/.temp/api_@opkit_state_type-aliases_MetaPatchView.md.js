import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: MetaPatchView","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/type-aliases/MetaPatchView.md","filePath":"api/@opkit/state/type-aliases/MetaPatchView.md"}');
const _sfc_main = { name: "api/@opkit/state/type-aliases/MetaPatchView.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-metapatchview" tabindex="-1">Type Alias: MetaPatchView <a class="header-anchor" href="#type-alias-metapatchview" aria-label="Permalink to &quot;Type Alias: MetaPatchView&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> MetaPatchView</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> PatchView</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> &amp;</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> object</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/patch.ts:17</p><p>The metadata view, with <code>labels</code> and <code>annotations</code> views of its own.</p><h2 id="type-declaration" tabindex="-1">Type Declaration <a class="header-anchor" href="#type-declaration" aria-label="Permalink to &quot;Type Declaration&quot;">​</a></h2><h3 id="annotations" tabindex="-1">annotations <a class="header-anchor" href="#annotations" aria-label="Permalink to &quot;annotations&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">annotations</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: PatchView;</span></span></code></pre></div><h3 id="labels" tabindex="-1">labels <a class="header-anchor" href="#labels" aria-label="Permalink to &quot;labels&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">labels</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: PatchView;</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/type-aliases/MetaPatchView.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const MetaPatchView = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  MetaPatchView as default
};
