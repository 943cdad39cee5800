import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse(`{"title":"","description":"","frontmatter":{"layout":"home","hero":{"name":"Opkit","text":"Kubernetes operators in TypeScript","tagline":"Everything Kopf does, with the runtime of controller-runtime — and an embedded API server, so your operator runs and is tested with no cluster.","actions":[{"theme":"brand","text":"Get started","link":"/guide/install"},{"theme":"alt","text":"Coming from Kopf","link":"/kopf"},{"theme":"alt","text":"Examples","link":"/examples/"}]},"features":[{"title":"Handlers per cause","details":"create, update, delete, resume and field handlers with diffs; daemons, timers, indexing and sub-handlers. Progress is stored on the objects, so a restarted operator continues.","link":"/guide/handlers"},{"title":"op dev","details":"A live terminal UI that runs your operator, shows every object and handler, and reloads on save without losing state.","link":"/guide/op-dev"},{"title":"No cluster needed","details":"An embedded Kubernetes API server that kubectl and the official clients talk to, for development and for tests over real HTTP.","link":"/apiserver"},{"title":"Runtime qualities","details":"Watches that never silently stall, per-object serialization, bounded concurrency, leader election, sharding and Prometheus metrics.","link":"/core"},{"title":"Manifests from the code","details":"CRDs from typed resources and least-privilege RBAC derived from the handlers — and a test that proves the RBAC.","link":"/manifests"},{"title":"Kopf compatible","details":"Kopf's semantics, log lines and — with the kopf profile — its exact bytes on the objects, so a Kopf operator's objects can be handed over.","link":"/kopf"}]},"headers":[],"relativePath":"index.md","filePath":"index.md"}`);
const _sfc_main = { name: "index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
