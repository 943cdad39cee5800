import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: DEFAULT_LIFETIME","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/variables/DEFAULT_LIFETIME.md","filePath":"api/@opkit/peering/variables/DEFAULT_LIFETIME.md"}');
const _sfc_main = { name: "api/@opkit/peering/variables/DEFAULT_LIFETIME.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-default_lifetime" tabindex="-1">Variable: DEFAULT_LIFETIME <a class="header-anchor" href="#variable-default_lifetime" aria-label="Permalink to &quot;Variable: DEFAULT\\_LIFETIME&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> DEFAULT_LIFETIME</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> 60</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> 60</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/peering/src/peer.ts:41</p><p>Kopf&#39;s lifetime for records that do not say (a hard-coded 60 s).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/variables/DEFAULT_LIFETIME.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const DEFAULT_LIFETIME = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  DEFAULT_LIFETIME as default
};
