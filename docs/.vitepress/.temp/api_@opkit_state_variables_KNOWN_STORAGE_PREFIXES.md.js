import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: KNOWN_STORAGE_PREFIXES","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/variables/KNOWN_STORAGE_PREFIXES.md","filePath":"api/@opkit/state/variables/KNOWN_STORAGE_PREFIXES.md"}');
const _sfc_main = { name: "api/@opkit/state/variables/KNOWN_STORAGE_PREFIXES.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-known_storage_prefixes" tabindex="-1">Variable: KNOWN_STORAGE_PREFIXES <a class="header-anchor" href="#variable-known_storage_prefixes" aria-label="Permalink to &quot;Variable: KNOWN\\_STORAGE\\_PREFIXES&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> KNOWN_STORAGE_PREFIXES</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> readonly</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> string</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[];</span></span></code></pre></div><p>Defined in: packages/state/src/essence.ts:20</p><p>Prefixes always treated as some Kopf-style operator&#39;s storage (and their subdomains).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/variables/KNOWN_STORAGE_PREFIXES.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const KNOWN_STORAGE_PREFIXES = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  KNOWN_STORAGE_PREFIXES as default
};
