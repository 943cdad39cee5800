import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: CrdFileResource","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/manifests/interfaces/CrdFileResource.md","filePath":"api/@opkit/manifests/interfaces/CrdFileResource.md"}');
const _sfc_main = { name: "api/@opkit/manifests/interfaces/CrdFileResource.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-crdfileresource" tabindex="-1">Interface: CrdFileResource <a class="header-anchor" href="#interface-crdfileresource" aria-label="Permalink to &quot;Interface: CrdFileResource&quot;">​</a></h1><p>Defined in: packages/manifests/src/catalog.ts:29</p><p>A CRD file&#39;s resource, as read from the project.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="file" tabindex="-1">file <a class="header-anchor" href="#file" aria-label="Permalink to &quot;file&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">file</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/manifests/src/catalog.ts:31</p><p>The file, relative to the project.</p><hr><h3 id="resource" tabindex="-1">resource <a class="header-anchor" href="#resource" aria-label="Permalink to &quot;resource&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">resource</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: KnownResource;</span></span></code></pre></div><p>Defined in: packages/manifests/src/catalog.ts:32</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/manifests/interfaces/CrdFileResource.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const CrdFileResource = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  CrdFileResource as default
};
