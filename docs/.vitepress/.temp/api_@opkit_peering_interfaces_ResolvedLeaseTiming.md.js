import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ResolvedLeaseTiming","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/interfaces/ResolvedLeaseTiming.md","filePath":"api/@opkit/peering/interfaces/ResolvedLeaseTiming.md"}');
const _sfc_main = { name: "api/@opkit/peering/interfaces/ResolvedLeaseTiming.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-resolvedleasetiming" tabindex="-1">Interface: ResolvedLeaseTiming <a class="header-anchor" href="#interface-resolvedleasetiming" aria-label="Permalink to &quot;Interface: ResolvedLeaseTiming&quot;">​</a></h1><p>Defined in: packages/peering/src/leaseElector.ts:34</p><p>Resolved lease timing, in ms.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="leasedurationms" tabindex="-1">leaseDurationMs <a class="header-anchor" href="#leasedurationms" aria-label="Permalink to &quot;leaseDurationMs&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">leaseDurationMs</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/peering/src/leaseElector.ts:35</p><hr><h3 id="renewdeadlinems" tabindex="-1">renewDeadlineMs <a class="header-anchor" href="#renewdeadlinems" aria-label="Permalink to &quot;renewDeadlineMs&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">renewDeadlineMs</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/peering/src/leaseElector.ts:36</p><hr><h3 id="retryperiodms" tabindex="-1">retryPeriodMs <a class="header-anchor" href="#retryperiodms" aria-label="Permalink to &quot;retryPeriodMs&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">retryPeriodMs</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/peering/src/leaseElector.ts:37</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/interfaces/ResolvedLeaseTiming.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ResolvedLeaseTiming = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ResolvedLeaseTiming as default
};
