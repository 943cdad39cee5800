import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: SHARD_VIEW_ANNOTATION","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/variables/SHARD_VIEW_ANNOTATION.md","filePath":"api/@opkit/peering/variables/SHARD_VIEW_ANNOTATION.md"}');
const _sfc_main = { name: "api/@opkit/peering/variables/SHARD_VIEW_ANNOTATION.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-shard_view_annotation" tabindex="-1">Variable: SHARD_VIEW_ANNOTATION <a class="header-anchor" href="#variable-shard_view_annotation" aria-label="Permalink to &quot;Variable: SHARD\\_VIEW\\_ANNOTATION&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> SHARD_VIEW_ANNOTATION</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;opkit.dev/shard-view&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;opkit.dev/shard-view&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/peering/src/sharding.ts:31</p><p>The annotation of a member Lease that holds the member&#39;s published view (a JSON list of identities).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/variables/SHARD_VIEW_ANNOTATION.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SHARD_VIEW_ANNOTATION = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SHARD_VIEW_ANNOTATION as default
};
