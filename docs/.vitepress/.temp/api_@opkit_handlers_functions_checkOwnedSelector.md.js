import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Function: checkOwnedSelector()","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/functions/checkOwnedSelector.md","filePath":"api/@opkit/handlers/functions/checkOwnedSelector.md"}');
const _sfc_main = { name: "api/@opkit/handlers/functions/checkOwnedSelector.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="function-checkownedselector" tabindex="-1">Function: checkOwnedSelector() <a class="header-anchor" href="#function-checkownedselector" aria-label="Permalink to &quot;Function: checkOwnedSelector()&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">function</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> checkOwnedSelector</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">(</span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">selector</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">where</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">)</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Selector</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/src/permissions.ts:90</p><p>Check one selector given to <code>owns()</code>: a name, a <code>{ group, version?, plural }</code> or <code>{ group, kind }</code> query, or a typed resource. Predicates and EVERYTHING name no resource, so no RBAC rule can be derived from them.</p><h2 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h2><h3 id="selector" tabindex="-1">selector <a class="header-anchor" href="#selector" aria-label="Permalink to &quot;selector&quot;">​</a></h3><p><a href="./../type-aliases/Selector"><code>Selector</code></a></p><h3 id="where" tabindex="-1">where? <a class="header-anchor" href="#where" aria-label="Permalink to &quot;where?&quot;">​</a></h3><p><code>string</code> = <code>&#39;owns()&#39;</code></p><h2 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h2><p><a href="./../type-aliases/Selector"><code>Selector</code></a></p><h2 id="throws" tabindex="-1">Throws <a class="header-anchor" href="#throws" aria-label="Permalink to &quot;Throws&quot;">​</a></h2><p>HandlerRegistrationError naming what was given and what is expected.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/functions/checkOwnedSelector.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const checkOwnedSelector = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  checkOwnedSelector as default
};
