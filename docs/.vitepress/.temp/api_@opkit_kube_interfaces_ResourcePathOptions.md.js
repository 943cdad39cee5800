import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ResourcePathOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/kube/interfaces/ResourcePathOptions.md","filePath":"api/@opkit/kube/interfaces/ResourcePathOptions.md"}');
const _sfc_main = { name: "api/@opkit/kube/interfaces/ResourcePathOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-resourcepathoptions" tabindex="-1">Interface: ResourcePathOptions <a class="header-anchor" href="#interface-resourcepathoptions" aria-label="Permalink to &quot;Interface: ResourcePathOptions&quot;">​</a></h1><p>Defined in: packages/kube/src/resource.ts:87</p><p>Where a request goes: a namespace (for namespaced resources), an object name, a subresource.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="name" tabindex="-1">name? <a class="header-anchor" href="#name" aria-label="Permalink to &quot;name?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">name</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/kube/src/resource.ts:89</p><hr><h3 id="namespace" tabindex="-1">namespace? <a class="header-anchor" href="#namespace" aria-label="Permalink to &quot;namespace?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">namespace</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/kube/src/resource.ts:88</p><hr><h3 id="subresource" tabindex="-1">subresource? <a class="header-anchor" href="#subresource" aria-label="Permalink to &quot;subresource?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">subresource</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/kube/src/resource.ts:90</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/kube/interfaces/ResourcePathOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ResourcePathOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ResourcePathOptions as default
};
