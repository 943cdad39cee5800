import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: PatchView","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/type-aliases/PatchView.md","filePath":"api/@opkit/state/type-aliases/PatchView.md"}');
const _sfc_main = { name: "api/@opkit/state/type-aliases/PatchView.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-patchview" tabindex="-1">Type Alias: PatchView <a class="header-anchor" href="#type-alias-patchview" aria-label="Permalink to &quot;Type Alias: PatchView&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> PatchView</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> object</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/patch.ts:14</p><p>A live, writable view of one object inside a patch; <code>null</code> values delete fields on the server.</p><h2 id="index-signature" tabindex="-1">Index Signature <a class="header-anchor" href="#index-signature" aria-label="Permalink to &quot;Index Signature&quot;">​</a></h2><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[key: string]: any</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/type-aliases/PatchView.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const PatchView = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  PatchView as default
};
