import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: LOCAL_CLUSTER_HOSTS","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/webhooks/variables/LOCAL_CLUSTER_HOSTS.md","filePath":"api/@opkit/webhooks/variables/LOCAL_CLUSTER_HOSTS.md"}');
const _sfc_main = { name: "api/@opkit/webhooks/variables/LOCAL_CLUSTER_HOSTS.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-local_cluster_hosts" tabindex="-1">Variable: LOCAL_CLUSTER_HOSTS <a class="header-anchor" href="#variable-local_cluster_hosts" aria-label="Permalink to &quot;Variable: LOCAL\\_CLUSTER\\_HOSTS&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> LOCAL_CLUSTER_HOSTS</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Readonly</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">Record</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">LocalClusterPreset</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">string</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&gt;&gt;;</span></span></code></pre></div><p>Defined in: packages/webhooks/src/targets.ts:17</p><p>The host name a local cluster&#39;s API server uses to reach the developer&#39;s machine. kind has none of its own: Docker Desktop (macOS, Windows) provides <code>host.docker.internal</code>; on Linux give the kind network&#39;s gateway IP as <code>host</code> (<code>docker network inspect kind -f &#39;{{(index .IPAM.Config 0).Gateway}}&#39;</code>).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/webhooks/variables/LOCAL_CLUSTER_HOSTS.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const LOCAL_CLUSTER_HOSTS = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  LOCAL_CLUSTER_HOSTS as default
};
