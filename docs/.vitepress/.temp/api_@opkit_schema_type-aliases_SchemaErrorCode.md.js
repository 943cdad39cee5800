import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: SchemaErrorCode","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/schema/type-aliases/SchemaErrorCode.md","filePath":"api/@opkit/schema/type-aliases/SchemaErrorCode.md"}');
const _sfc_main = { name: "api/@opkit/schema/type-aliases/SchemaErrorCode.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-schemaerrorcode" tabindex="-1">Type Alias: SchemaErrorCode <a class="header-anchor" href="#type-alias-schemaerrorcode" aria-label="Permalink to &quot;Type Alias: SchemaErrorCode&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> SchemaErrorCode</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> =</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;not-structural&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;invalid-definition&quot;</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;"> |</span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;"> &quot;invalid-builder&quot;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/schema/src/errors.ts:6</p><p>What went wrong: a schema that is not structural, a malformed resource definition, or misuse of a <code>k.*</code> builder.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/schema/type-aliases/SchemaErrorCode.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const SchemaErrorCode = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  SchemaErrorCode as default
};
