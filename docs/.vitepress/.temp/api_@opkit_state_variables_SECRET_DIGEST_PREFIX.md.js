import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: SECRET_DIGEST_PREFIX","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/variables/SECRET_DIGEST_PREFIX.md","filePath":"api/@opkit/state/variables/SECRET_DIGEST_PREFIX.md"}');
const _sfc_main = { name: "api/@opkit/state/variables/SECRET_DIGEST_PREFIX.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-secret_digest_prefix" tabindex="-1">Variable: SECRET_DIGEST_PREFIX <a class="header-anchor" href="#variable-secret_digest_prefix" aria-label="Permalink to &quot;Variable: SECRET\\_DIGEST\\_PREFIX&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> SECRET_DIGEST_PREFIX</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;sha256:&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;sha256:&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/secretDigests.ts:11</p><p>The prefix of a digested Secret value in a diff-base.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/variables/SECRET_DIGEST_PREFIX.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SECRET_DIGEST_PREFIX = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SECRET_DIGEST_PREFIX as default
};
