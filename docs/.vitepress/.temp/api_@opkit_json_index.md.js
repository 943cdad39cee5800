import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"@opkit/json","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/json/index.md","filePath":"api/@opkit/json/index.md"}');
const _sfc_main = { name: "api/@opkit/json/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="opkitjson" tabindex="-1">@opkit/json <a class="header-anchor" href="#opkitjson" aria-label="Permalink to &quot;@opkit/json&quot;">​</a></h1><h2 id="classes" tabindex="-1">Classes <a class="header-anchor" href="#classes" aria-label="Permalink to &quot;Classes&quot;">​</a></h2><ul><li><a href="./classes/JsonError">JsonError</a></li></ul><h2 id="interfaces" tabindex="-1">Interfaces <a class="header-anchor" href="#interfaces" aria-label="Permalink to &quot;Interfaces&quot;">​</a></h2><ul><li><a href="./interfaces/JsonParseOptions">JsonParseOptions</a></li></ul><h2 id="type-aliases" tabindex="-1">Type Aliases <a class="header-anchor" href="#type-aliases" aria-label="Permalink to &quot;Type Aliases&quot;">​</a></h2><ul><li><a href="./type-aliases/JsonErrorCode">JsonErrorCode</a></li></ul><h2 id="variables" tabindex="-1">Variables <a class="header-anchor" href="#variables" aria-label="Permalink to &quot;Variables&quot;">​</a></h2><ul><li><a href="./variables/INT64_MAX">INT64_MAX</a></li><li><a href="./variables/INT64_MIN">INT64_MIN</a></li><li><a href="./variables/LAST_APPLIED_ANNOTATION">LAST_APPLIED_ANNOTATION</a></li><li><a href="./variables/REDACTED">REDACTED</a></li></ul><h2 id="functions" tabindex="-1">Functions <a class="header-anchor" href="#functions" aria-label="Permalink to &quot;Functions&quot;">​</a></h2><ul><li><a href="./functions/canonicalInteger">canonicalInteger</a></li><li><a href="./functions/compareKeys">compareKeys</a></li><li><a href="./functions/compareNumbers">compareNumbers</a></li><li><a href="./functions/encodePythonJson">encodePythonJson</a></li><li><a href="./functions/encodePythonNumber">encodePythonNumber</a></li><li><a href="./functions/encodePythonObject">encodePythonObject</a></li><li><a href="./functions/encodePythonString">encodePythonString</a></li><li><a href="./functions/isInt64">isInt64</a></li><li><a href="./functions/isIntegerKey">isIntegerKey</a></li><li><a href="./functions/isJsonInteger">isJsonInteger</a></li><li><a href="./functions/isPlainObject">isPlainObject</a></li><li><a href="./functions/isRawJson">isRawJson</a></li><li><a href="./functions/isSecret">isSecret</a></li><li><a href="./functions/jsonEqual">jsonEqual</a></li><li><a href="./functions/orderedKeys">orderedKeys</a></li><li><a href="./functions/parseJson">parseJson</a></li><li><a href="./functions/redactSecret">redactSecret</a></li><li><a href="./functions/redactSecretDiff">redactSecretDiff</a></li><li><a href="./functions/redactSecretPatch">redactSecretPatch</a></li><li><a href="./functions/redactSecrets">redactSecrets</a></li><li><a href="./functions/redactSecretValue">redactSecretValue</a></li><li><a href="./functions/sortKeysDeep">sortKeysDeep</a></li><li><a href="./functions/stringifyJson">stringifyJson</a></li></ul></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/json/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
