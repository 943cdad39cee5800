import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Documentation","description":"","frontmatter":{},"headers":[],"relativePath":"api/index.md","filePath":"api/index.md"}');
const _sfc_main = { name: "api/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="documentation" tabindex="-1">Documentation <a class="header-anchor" href="#documentation" aria-label="Permalink to &quot;Documentation&quot;">​</a></h1><h2 id="packages" tabindex="-1">Packages <a class="header-anchor" href="#packages" aria-label="Permalink to &quot;Packages&quot;">​</a></h2><ul><li><a href="./@opkit/apiserver/">@opkit/apiserver</a></li><li><a href="./@opkit/core/">@opkit/core</a></li><li><a href="./@opkit/daemons/">@opkit/daemons</a></li><li><a href="./@opkit/handlers/">@opkit/handlers</a></li><li><a href="./@opkit/health/">@opkit/health</a></li><li><a href="./@opkit/json/">@opkit/json</a></li><li><a href="./@opkit/kube/">@opkit/kube</a></li><li><a href="./@opkit/labeled-config/">@opkit/labeled-config</a></li><li><a href="./@opkit/manifests/">@opkit/manifests</a></li><li><a href="./@opkit/peering/">@opkit/peering</a></li><li><a href="./@opkit/schema/">@opkit/schema</a></li><li><a href="./@opkit/state/">@opkit/state</a></li><li><a href="./@opkit/tasks/">@opkit/tasks</a></li><li><a href="./@opkit/testing/">@opkit/testing</a></li><li><a href="./@opkit/watching/">@opkit/watching</a></li><li><a href="./@opkit/webhooks/">@opkit/webhooks</a></li></ul></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
