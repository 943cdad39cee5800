import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: HandlerStatesOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/HandlerStatesOptions.md","filePath":"api/@opkit/state/interfaces/HandlerStatesOptions.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/HandlerStatesOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-handlerstatesoptions" tabindex="-1">Interface: HandlerStatesOptions <a class="header-anchor" href="#interface-handlerstatesoptions" aria-label="Permalink to &quot;Interface: HandlerStatesOptions&quot;">​</a></h1><p>Defined in: packages/state/src/handlerStates.ts:22</p><p>Options of <a href="./../classes/HandlerStates">HandlerStates</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="clock" tabindex="-1">clock? <a class="header-anchor" href="#clock" aria-label="Permalink to &quot;clock?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly clock</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> Clock;</span></span></code></pre></div><p>Defined in: packages/state/src/handlerStates.ts:26</p><p>The clock in epoch milliseconds, fractions kept to the microsecond (default <code>Date.now</code>); use fake time in tests.</p><hr><h3 id="purpose" tabindex="-1">purpose? <a class="header-anchor" href="#purpose" aria-label="Permalink to &quot;purpose?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly purpose</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">|</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> null</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/state/src/handlerStates.ts:24</p><p>The cause the states are for: <code>create</code>, <code>update</code>, <code>delete</code>, <code>resume</code>.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/HandlerStatesOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const HandlerStatesOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  HandlerStatesOptions as default
};
