import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: AdmissionErrorOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/core/interfaces/AdmissionErrorOptions.md","filePath":"api/@opkit/core/interfaces/AdmissionErrorOptions.md"}');
const _sfc_main = { name: "api/@opkit/core/interfaces/AdmissionErrorOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-admissionerroroptions" tabindex="-1">Interface: AdmissionErrorOptions <a class="header-anchor" href="#interface-admissionerroroptions" aria-label="Permalink to &quot;Interface: AdmissionErrorOptions&quot;">​</a></h1><p>Defined in: packages/handlers/dist/errors.d.ts:71</p><p>Options of <a href="./../classes/AdmissionError">AdmissionError</a>.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="cause" tabindex="-1">cause? <a class="header-anchor" href="#cause" aria-label="Permalink to &quot;cause?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly cause</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> unknown;</span></span></code></pre></div><p>Defined in: packages/handlers/dist/errors.d.ts:75</p><p>The underlying error.</p><hr><h3 id="code" tabindex="-1">code? <a class="header-anchor" href="#code" aria-label="Permalink to &quot;code?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly code</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> number;</span></span></code></pre></div><p>Defined in: packages/handlers/dist/errors.d.ts:73</p><p>The HTTP status code the admission response carries (<code>status.code</code>).</p><h4 id="default-value" tabindex="-1">Default Value <a class="header-anchor" href="#default-value" aria-label="Permalink to &quot;Default Value&quot;">​</a></h4><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">500</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/core/interfaces/AdmissionErrorOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const AdmissionErrorOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  AdmissionErrorOptions as default
};
