import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: WrittenManifests","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/manifests/interfaces/WrittenManifests.md","filePath":"api/@opkit/manifests/interfaces/WrittenManifests.md"}');
const _sfc_main = { name: "api/@opkit/manifests/interfaces/WrittenManifests.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-writtenmanifests" tabindex="-1">Interface: WrittenManifests <a class="header-anchor" href="#interface-writtenmanifests" aria-label="Permalink to &quot;Interface: WrittenManifests&quot;">​</a></h1><p>Defined in: packages/manifests/src/generateManifests.ts:134</p><p>What <a href="./../functions/writeManifests">writeManifests</a> did.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="removed" tabindex="-1">removed <a class="header-anchor" href="#removed" aria-label="Permalink to &quot;removed&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">removed</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/generateManifests.ts:140</p><p>Generated files removed because nothing generates them any more.</p><hr><h3 id="unchanged" tabindex="-1">unchanged <a class="header-anchor" href="#unchanged" aria-label="Permalink to &quot;unchanged&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">unchanged</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/generateManifests.ts:138</p><p>Files already up to date.</p><hr><h3 id="written" tabindex="-1">written <a class="header-anchor" href="#written" aria-label="Permalink to &quot;written&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">written</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/generateManifests.ts:136</p><p>Files written (new or changed).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/manifests/interfaces/WrittenManifests.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const WrittenManifests = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  WrittenManifests as default
};
