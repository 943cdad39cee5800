import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: UpdateHandlerOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/core/type-aliases/UpdateHandlerOptions.md","filePath":"api/@opkit/core/type-aliases/UpdateHandlerOptions.md"}');
const _sfc_main = { name: "api/@opkit/core/type-aliases/UpdateHandlerOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-updatehandleroptions" tabindex="-1">Type Alias: UpdateHandlerOptions <a class="header-anchor" href="#type-alias-updatehandleroptions" aria-label="Permalink to &quot;Type Alias: UpdateHandlerOptions&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> UpdateHandlerOptions</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> ChangeHandlerOptions</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> &amp;</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> object</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/dist/types.d.ts:67</p><p>Options of <code>on.update</code> and <code>on.field</code>: also <code>old</code>/<code>new</code> value filters.</p><h2 id="type-declaration" tabindex="-1">Type Declaration <a class="header-anchor" href="#type-declaration" aria-label="Permalink to &quot;Type Declaration&quot;">​</a></h2><h3 id="new" tabindex="-1">new? <a class="header-anchor" href="#new" aria-label="Permalink to &quot;new?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">new?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> ValueFilter;</span></span></code></pre></div><h3 id="old" tabindex="-1">old? <a class="header-anchor" href="#old" aria-label="Permalink to &quot;old?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly old</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> ValueFilter;</span></span></code></pre></div></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/core/type-aliases/UpdateHandlerOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const UpdateHandlerOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  UpdateHandlerOptions as default
};
