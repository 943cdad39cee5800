import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: LoadedOperator","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/interfaces/LoadedOperator.md","filePath":"api/@opkit/handlers/interfaces/LoadedOperator.md"}');
const _sfc_main = { name: "api/@opkit/handlers/interfaces/LoadedOperator.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-loadedoperator" tabindex="-1">Interface: LoadedOperator <a class="header-anchor" href="#interface-loadedoperator" aria-label="Permalink to &quot;Interface: LoadedOperator&quot;">​</a></h1><p>Defined in: packages/handlers/src/loader.ts:19</p><p>What <a href="./../functions/loadOperator">loadOperator</a> returns.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="files" tabindex="-1">files <a class="header-anchor" href="#files" aria-label="Permalink to &quot;files&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">files</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: readonly string[];</span></span></code></pre></div><p>Defined in: packages/handlers/src/loader.ts:23</p><p>The absolute paths loaded.</p><hr><h3 id="registry" tabindex="-1">registry <a class="header-anchor" href="#registry" aria-label="Permalink to &quot;registry&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">registry</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: Registry;</span></span></code></pre></div><p>Defined in: packages/handlers/src/loader.ts:21</p><p>The handlers the files and modules registered.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/interfaces/LoadedOperator.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const LoadedOperator = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  LoadedOperator as default
};
