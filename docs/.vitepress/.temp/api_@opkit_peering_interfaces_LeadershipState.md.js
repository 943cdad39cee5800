import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: LeadershipState","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/interfaces/LeadershipState.md","filePath":"api/@opkit/peering/interfaces/LeadershipState.md"}');
const _sfc_main = { name: "api/@opkit/peering/interfaces/LeadershipState.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-leadershipstate" tabindex="-1">Interface: LeadershipState <a class="header-anchor" href="#interface-leadershipstate" aria-label="Permalink to &quot;Interface: LeadershipState&quot;">​</a></h1><p>Defined in: packages/peering/src/leaseElector.ts:81</p><p>Who leads, emitted on every change.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="holder" tabindex="-1">holder <a class="header-anchor" href="#holder" aria-label="Permalink to &quot;holder&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">holder</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/peering/src/leaseElector.ts:85</p><p>The holder as last seen (&#39;&#39; when nobody holds the lease).</p><hr><h3 id="leader" tabindex="-1">leader <a class="header-anchor" href="#leader" aria-label="Permalink to &quot;leader&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">leader</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: boolean;</span></span></code></pre></div><p>Defined in: packages/peering/src/leaseElector.ts:83</p><p>We lead (and may handle objects).</p><hr><h3 id="lease" tabindex="-1">lease <a class="header-anchor" href="#lease" aria-label="Permalink to &quot;lease&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">lease</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/peering/src/leaseElector.ts:87</p><p><code>&lt;namespace&gt;/&lt;name&gt;</code> of the Lease.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/interfaces/LeadershipState.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const LeadershipState = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  LeadershipState as default
};
