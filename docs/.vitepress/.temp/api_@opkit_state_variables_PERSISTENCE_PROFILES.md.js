import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: PERSISTENCE_PROFILES","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/state/variables/PERSISTENCE_PROFILES.md","filePath":"api/@opkit/state/variables/PERSISTENCE_PROFILES.md"}');
const _sfc_main = { name: "api/@opkit/state/variables/PERSISTENCE_PROFILES.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-persistence_profiles" tabindex="-1">Variable: PERSISTENCE_PROFILES <a class="header-anchor" href="#variable-persistence_profiles" aria-label="Permalink to &quot;Variable: PERSISTENCE\\_PROFILES&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> PERSISTENCE_PROFILES</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Readonly</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">Record</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">PersistenceProfileName</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">PersistenceProfile</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&gt;&gt;;</span></span></code></pre></div><p>Defined in: packages/state/src/profiles.ts:63</p><p>The built-in persistence profiles.</p><h2 id="example" tabindex="-1">Example <a class="header-anchor" href="#example" aria-label="Permalink to &quot;Example&quot;">​</a></h2><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;">PERSISTENCE_PROFILES</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">.kopf.finalizer; </span><span style="--shiki-light:#6A737D;--shiki-dark:#6A737D;">// &#39;kopf.zalando.org/KopfFinalizerMarker&#39;</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/state/variables/PERSISTENCE_PROFILES.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const PERSISTENCE_PROFILES = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  PERSISTENCE_PROFILES as default
};
