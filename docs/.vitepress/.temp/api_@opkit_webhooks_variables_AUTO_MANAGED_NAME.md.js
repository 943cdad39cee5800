import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: AUTO_MANAGED_NAME","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/webhooks/variables/AUTO_MANAGED_NAME.md","filePath":"api/@opkit/webhooks/variables/AUTO_MANAGED_NAME.md"}');
const _sfc_main = { name: "api/@opkit/webhooks/variables/AUTO_MANAGED_NAME.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-auto_managed_name" tabindex="-1">Variable: AUTO_MANAGED_NAME <a class="header-anchor" href="#variable-auto_managed_name" aria-label="Permalink to &quot;Variable: AUTO\\_MANAGED\\_NAME&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> AUTO_MANAGED_NAME</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;auto.opkit.dev&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;auto.opkit.dev&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/webhooks/src/admission.ts:56</p><p>The managed configurations&#39; name when the operator configures admission on its own.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/webhooks/variables/AUTO_MANAGED_NAME.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const AUTO_MANAGED_NAME = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  AUTO_MANAGED_NAME as default
};
