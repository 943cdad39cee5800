import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: UnstorableResult","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/interfaces/UnstorableResult.md","filePath":"api/@opkit/handlers/interfaces/UnstorableResult.md"}');
const _sfc_main = { name: "api/@opkit/handlers/interfaces/UnstorableResult.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-unstorableresult" tabindex="-1">Interface: UnstorableResult <a class="header-anchor" href="#interface-unstorableresult" aria-label="Permalink to &quot;Interface: UnstorableResult&quot;">​</a></h1><p>Defined in: packages/handlers/src/results.ts:19</p><p>Why a result cannot be stored: where (<code>result.items[2].when</code>) and what is there.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="path" tabindex="-1">path <a class="header-anchor" href="#path" aria-label="Permalink to &quot;path&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">path</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/handlers/src/results.ts:21</p><p>The path in the result, starting with <code>result</code>.</p><hr><h3 id="problem" tabindex="-1">problem <a class="header-anchor" href="#problem" aria-label="Permalink to &quot;problem&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">problem</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/handlers/src/results.ts:23</p><p>What is there, in words: <code>a Date</code>, <code>NaN</code>, <code>a circular reference to result</code>, <code>1.2 MiB of JSON</code>.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/interfaces/UnstorableResult.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const UnstorableResult = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  UnstorableResult as default
};
