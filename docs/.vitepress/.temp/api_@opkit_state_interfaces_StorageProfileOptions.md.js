import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: StorageProfileOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/interfaces/StorageProfileOptions.md","filePath":"api/@opkit/state/interfaces/StorageProfileOptions.md"}');
const _sfc_main = { name: "api/@opkit/state/interfaces/StorageProfileOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-storageprofileoptions" tabindex="-1">Interface: StorageProfileOptions <a class="header-anchor" href="#interface-storageprofileoptions" aria-label="Permalink to &quot;Interface: StorageProfileOptions&quot;">​</a></h1><p>Defined in: packages/state/src/progressStorage.ts:30</p><p>Common options of the storages: a profile and overrides of its names.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="profile" tabindex="-1">profile? <a class="header-anchor" href="#profile" aria-label="Permalink to &quot;profile?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly profile</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> </span></span>
<span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">  |</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> PersistenceProfileName</span></span>
<span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">  |</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> PersistenceProfile;</span></span></code></pre></div><p>Defined in: packages/state/src/progressStorage.ts:32</p><p>The persistence profile (default <code>&#39;opkit&#39;</code>).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/interfaces/StorageProfileOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const StorageProfileOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  StorageProfileOptions as default
};
