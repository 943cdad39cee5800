import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Variable: MUTATING_WEBHOOK_CONFIGURATIONS","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/webhooks/variables/MUTATING_WEBHOOK_CONFIGURATIONS.md","filePath":"api/@opkit/webhooks/variables/MUTATING_WEBHOOK_CONFIGURATIONS.md"}');
const _sfc_main = { name: "api/@opkit/webhooks/variables/MUTATING_WEBHOOK_CONFIGURATIONS.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="variable-mutating_webhook_configurations" tabindex="-1">Variable: MUTATING_WEBHOOK_CONFIGURATIONS <a class="header-anchor" href="#variable-mutating_webhook_configurations" aria-label="Permalink to &quot;Variable: MUTATING\\_WEBHOOK\\_CONFIGURATIONS&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">const</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> MUTATING_WEBHOOK_CONFIGURATIONS</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> Resource</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/webhooks/src/managedConfigurations.ts:19</p><p>See <a href="./VALIDATING_WEBHOOK_CONFIGURATIONS">VALIDATING_WEBHOOK_CONFIGURATIONS</a>.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/webhooks/variables/MUTATING_WEBHOOK_CONFIGURATIONS.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const MUTATING_WEBHOOK_CONFIGURATIONS = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  MUTATING_WEBHOOK_CONFIGURATIONS as default
};
