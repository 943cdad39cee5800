import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: INT64_MAX","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/json/variables/INT64_MAX.md","filePath":"api/@opkit/json/variables/INT64_MAX.md"}');
const _sfc_main = { name: "api/@opkit/json/variables/INT64_MAX.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-int64_max" tabindex="-1">Variable: INT64_MAX <a class="header-anchor" href="#variable-int64_max" aria-label="Permalink to &quot;Variable: INT64\\_MAX&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> INT64_MAX</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> bigint</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/json/src/integers.ts:9</p><p>The largest int64.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/json/variables/INT64_MAX.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const INT64_MAX = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  INT64_MAX as default
};
