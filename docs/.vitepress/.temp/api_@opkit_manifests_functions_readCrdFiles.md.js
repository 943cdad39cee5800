import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Function: readCrdFiles()","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/manifests/functions/readCrdFiles.md","filePath":"api/@opkit/manifests/functions/readCrdFiles.md"}');
const _sfc_main = { name: "api/@opkit/manifests/functions/readCrdFiles.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="function-readcrdfiles" tabindex="-1">Function: readCrdFiles() <a class="header-anchor" href="#function-readcrdfiles" aria-label="Permalink to &quot;Function: readCrdFiles()&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">function</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> readCrdFiles</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">(</span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">projectDir</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">crds</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">)</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> CrdFileResource</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">[];</span></span></code></pre></div><p>Defined in: packages/manifests/src/catalog.ts:49</p><p>The CRDs of the project&#39;s CRD files (a directory of YAML files, or one file), in file order.</p><h2 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h2><h3 id="projectdir" tabindex="-1">projectDir <a class="header-anchor" href="#projectdir" aria-label="Permalink to &quot;projectDir&quot;">​</a></h3><p><code>string</code></p><h3 id="crds" tabindex="-1">crds <a class="header-anchor" href="#crds" aria-label="Permalink to &quot;crds&quot;">​</a></h3><p><code>string</code> | <code>undefined</code></p><h2 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h2><p><a href="./../interfaces/CrdFileResource"><code>CrdFileResource</code></a>[]</p><h2 id="throws" tabindex="-1">Throws <a class="header-anchor" href="#throws" aria-label="Permalink to &quot;Throws&quot;">​</a></h2><p>ManifestsError (<code>config</code>) for a file that is not valid YAML or a CRD without group and names.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/manifests/functions/readCrdFiles.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const readCrdFiles = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  readCrdFiles as default
};
