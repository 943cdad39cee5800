import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: DaemonsErrorCode","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/daemons/type-aliases/DaemonsErrorCode.md","filePath":"api/@opkit/daemons/type-aliases/DaemonsErrorCode.md"}');
const _sfc_main = { name: "api/@opkit/daemons/type-aliases/DaemonsErrorCode.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-daemonserrorcode" tabindex="-1">Type Alias: DaemonsErrorCode <a class="header-anchor" href="#type-alias-daemonserrorcode" aria-label="Permalink to &quot;Type Alias: DaemonsErrorCode&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> DaemonsErrorCode</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;invalid-option&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;stopped&quot;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/daemons/src/errors.ts:5</p><p>What went wrong, as a stable string.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/daemons/type-aliases/DaemonsErrorCode.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const DaemonsErrorCode = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  DaemonsErrorCode as default
};
