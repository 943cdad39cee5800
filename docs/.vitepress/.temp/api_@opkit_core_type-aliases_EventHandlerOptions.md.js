import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: EventHandlerOptions","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/core/type-aliases/EventHandlerOptions.md","filePath":"api/@opkit/core/type-aliases/EventHandlerOptions.md"}');
const _sfc_main = { name: "api/@opkit/core/type-aliases/EventHandlerOptions.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-eventhandleroptions" tabindex="-1">Type Alias: EventHandlerOptions <a class="header-anchor" href="#type-alias-eventhandleroptions" aria-label="Permalink to &quot;Type Alias: EventHandlerOptions&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> EventHandlerOptions</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> BaseOptions</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> &amp;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> FilterOptions</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/dist/types.d.ts:80</p><p>Options of <code>on.event</code> (spies): errors are always ignored, no retries.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/core/type-aliases/EventHandlerOptions.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const EventHandlerOptions = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  EventHandlerOptions as default
};
