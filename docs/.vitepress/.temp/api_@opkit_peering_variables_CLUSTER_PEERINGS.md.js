import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: CLUSTER_PEERINGS","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/variables/CLUSTER_PEERINGS.md","filePath":"api/@opkit/peering/variables/CLUSTER_PEERINGS.md"}');
const _sfc_main = { name: "api/@opkit/peering/variables/CLUSTER_PEERINGS.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-cluster_peerings" tabindex="-1">Variable: CLUSTER_PEERINGS <a class="header-anchor" href="#variable-cluster_peerings" aria-label="Permalink to &quot;Variable: CLUSTER\\_PEERINGS&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> CLUSTER_PEERINGS</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Resource</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/peering/src/resources.ts:17</p><p><code>kopf.dev/v1</code> ClusterKopfPeering (cluster-scoped), as discovery describes it.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/variables/CLUSTER_PEERINGS.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const CLUSTER_PEERINGS = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  CLUSTER_PEERINGS as default
};
