import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: WaitOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/testing/interfaces/WaitOptions.md","filePath":"api/@opkit/testing/interfaces/WaitOptions.md"}');
const _sfc_main = { name: "api/@opkit/testing/interfaces/WaitOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-waitoptions" tabindex="-1">Interface: WaitOptions <a class="header-anchor" href="#interface-waitoptions" aria-label="Permalink to &quot;Interface: WaitOptions&quot;">​</a></h1><p>Defined in: testEnv.ts:84</p><p>Options of waits.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="timeout" tabindex="-1">timeout? <a class="header-anchor" href="#timeout" aria-label="Permalink to &quot;timeout?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly timeout</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> number;</span></span></code></pre></div><p>Defined in: testEnv.ts:86</p><p>Milliseconds: a deadline, generous so that a loaded CI machine only makes a wait longer.</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">30000</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/testing/interfaces/WaitOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const WaitOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  WaitOptions as default
};
