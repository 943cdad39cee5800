import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ManifestsOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/manifests/interfaces/ManifestsOptions.md","filePath":"api/@opkit/manifests/interfaces/ManifestsOptions.md"}');
const _sfc_main = { name: "api/@opkit/manifests/interfaces/ManifestsOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-manifestsoptions" tabindex="-1">Interface: ManifestsOptions <a class="header-anchor" href="#interface-manifestsoptions" aria-label="Permalink to &quot;Interface: ManifestsOptions&quot;">​</a></h1><p>Defined in: packages/manifests/src/generateManifests.ts:21</p><p>Options of the manifests functions.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="dir" tabindex="-1">dir <a class="header-anchor" href="#dir" aria-label="Permalink to &quot;dir&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">dir</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/manifests/src/generateManifests.ts:23</p><p>The project directory (with package.json#opkit).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/manifests/interfaces/ManifestsOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ManifestsOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ManifestsOptions as default
};
