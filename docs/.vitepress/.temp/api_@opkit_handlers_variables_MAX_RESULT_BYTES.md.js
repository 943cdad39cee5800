import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: MAX_RESULT_BYTES","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/variables/MAX_RESULT_BYTES.md","filePath":"api/@opkit/handlers/variables/MAX_RESULT_BYTES.md"}');
const _sfc_main = { name: "api/@opkit/handlers/variables/MAX_RESULT_BYTES.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-max_result_bytes" tabindex="-1">Variable: MAX_RESULT_BYTES <a class="header-anchor" href="#variable-max_result_bytes" aria-label="Permalink to &quot;Variable: MAX\\_RESULT\\_BYTES&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> MAX_RESULT_BYTES</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> number</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/src/results.ts:13</p><p>The largest result (as compact JSON, in bytes) a handler may return: 1 MiB. kube-apiserver refuses a request body over 3 MiB and etcd a stored object over 1.5 MiB (its default <code>--max-request-bytes</code>), and the result shares the object with its spec and the rest of its status.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/variables/MAX_RESULT_BYTES.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const MAX_RESULT_BYTES = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  MAX_RESULT_BYTES as default
};
