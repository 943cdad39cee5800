import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: TSchema","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/schema/interfaces/TSchema.md","filePath":"api/@opkit/schema/interfaces/TSchema.md"}');
const _sfc_main = { name: "api/@opkit/schema/interfaces/TSchema.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-tschema" tabindex="-1">Interface: TSchema <a class="header-anchor" href="#interface-tschema" aria-label="Permalink to &quot;Interface: TSchema&quot;">​</a></h1><p>Defined in: node_modules/.pnpm/typebox@1.4.3/node_modules/typebox/build/type/types/schema.d.mts:1</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/schema/interfaces/TSchema.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const TSchema = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  TSchema as default
};
