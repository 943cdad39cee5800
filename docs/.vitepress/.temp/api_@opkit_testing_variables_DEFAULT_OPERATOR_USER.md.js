import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: DEFAULT_OPERATOR_USER","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/testing/variables/DEFAULT_OPERATOR_USER.md","filePath":"api/@opkit/testing/variables/DEFAULT_OPERATOR_USER.md"}');
const _sfc_main = { name: "api/@opkit/testing/variables/DEFAULT_OPERATOR_USER.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-default_operator_user" tabindex="-1">Variable: DEFAULT_OPERATOR_USER <a class="header-anchor" href="#variable-default_operator_user" aria-label="Permalink to &quot;Variable: DEFAULT\\_OPERATOR\\_USER&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> DEFAULT_OPERATOR_USER</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;system:serviceaccount:default:operator&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;system:serviceaccount:default:operator&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: run.ts:12</p><p>The identity <code>env.run()</code> gives an operator unless told otherwise: a ServiceAccount, as in a cluster.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/testing/variables/DEFAULT_OPERATOR_USER.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const DEFAULT_OPERATOR_USER = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  DEFAULT_OPERATOR_USER as default
};
