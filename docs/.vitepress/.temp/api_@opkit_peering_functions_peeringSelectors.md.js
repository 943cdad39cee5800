import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Function: peeringSelectors()","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/functions/peeringSelectors.md","filePath":"api/@opkit/peering/functions/peeringSelectors.md"}');
const _sfc_main = { name: "api/@opkit/peering/functions/peeringSelectors.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="function-peeringselectors" tabindex="-1">Function: peeringSelectors() <a class="header-anchor" href="#function-peeringselectors" aria-label="Permalink to &quot;Function: peeringSelectors()&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">function</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> peeringSelectors</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">(</span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">clusterwide</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">)</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> ResourceQuery</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[];</span></span></code></pre></div><p>Defined in: packages/peering/src/resources.ts:8</p><p>The peering resources an operator looks for, cluster-wide or namespaced, newest group first.</p><h2 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h2><h3 id="clusterwide" tabindex="-1">clusterwide <a class="header-anchor" href="#clusterwide" aria-label="Permalink to &quot;clusterwide&quot;">​</a></h3><p><code>boolean</code></p><h2 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h2><p><a href="./../../kube/interfaces/ResourceQuery"><code>ResourceQuery</code></a>[]</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/functions/peeringSelectors.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const peeringSelectors = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  peeringSelectors as default
};
