import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: SHARD_GROUP_LABEL","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/variables/SHARD_GROUP_LABEL.md","filePath":"api/@opkit/peering/variables/SHARD_GROUP_LABEL.md"}');
const _sfc_main = { name: "api/@opkit/peering/variables/SHARD_GROUP_LABEL.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-shard_group_label" tabindex="-1">Variable: SHARD_GROUP_LABEL <a class="header-anchor" href="#variable-shard_group_label" aria-label="Permalink to &quot;Variable: SHARD\\_GROUP\\_LABEL&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> SHARD_GROUP_LABEL</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;opkit.dev/shard-group&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &#39;opkit.dev/shard-group&#39;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/peering/src/sharding.ts:29</p><p>The label that marks the member Leases of a shard group.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/variables/SHARD_GROUP_LABEL.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SHARD_GROUP_LABEL = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SHARD_GROUP_LABEL as default
};
