import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"@opkit/daemons","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/daemons/index.md","filePath":"api/@opkit/daemons/index.md"}');
const _sfc_main = { name: "api/@opkit/daemons/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="opkitdaemons" tabindex="-1">@opkit/daemons <a class="header-anchor" href="#opkitdaemons" aria-label="Permalink to &quot;@opkit/daemons&quot;">​</a></h1><h2 id="classes" tabindex="-1">Classes <a class="header-anchor" href="#classes" aria-label="Permalink to &quot;Classes&quot;">​</a></h2><ul><li><a href="./classes/Daemons">Daemons</a></li><li><a href="./classes/DaemonsError">DaemonsError</a></li><li><a href="./classes/DaemonStopper">DaemonStopper</a></li><li><a href="./classes/ObjectDaemons">ObjectDaemons</a></li><li><a href="./classes/Scheduler">Scheduler</a></li></ul><h2 id="interfaces" tabindex="-1">Interfaces <a class="header-anchor" href="#interfaces" aria-label="Permalink to &quot;Interfaces&quot;">​</a></h2><ul><li><a href="./interfaces/AttemptTarget">AttemptTarget</a></li><li><a href="./interfaces/BackgroundDeps">BackgroundDeps</a></li><li><a href="./interfaces/BackgroundInput">BackgroundInput</a></li><li><a href="./interfaces/BackgroundMemory">BackgroundMemory</a></li><li><a href="./interfaces/BackgroundSettings">BackgroundSettings</a></li><li><a href="./interfaces/DaemonInvocation">DaemonInvocation</a></li><li><a href="./interfaces/DaemonsOptions">DaemonsOptions</a></li><li><a href="./interfaces/DaemonsStats">DaemonsStats</a></li><li><a href="./interfaces/ObjectDaemonsOptions">ObjectDaemonsOptions</a></li><li><a href="./interfaces/ReconcileOptions">ReconcileOptions</a></li><li><a href="./interfaces/ReconcileResult">ReconcileResult</a></li><li><a href="./interfaces/ScheduledEntry">ScheduledEntry</a></li><li><a href="./interfaces/SchedulerOptions">SchedulerOptions</a></li></ul><h2 id="type-aliases" tabindex="-1">Type Aliases <a class="header-anchor" href="#type-aliases" aria-label="Permalink to &quot;Type Aliases&quot;">​</a></h2><ul><li><a href="./type-aliases/AttemptPatch">AttemptPatch</a></li><li><a href="./type-aliases/DaemonEvent">DaemonEvent</a></li><li><a href="./type-aliases/DaemonInvoke">DaemonInvoke</a></li><li><a href="./type-aliases/DaemonsErrorCode">DaemonsErrorCode</a></li></ul><h2 id="functions" tabindex="-1">Functions <a class="header-anchor" href="#functions" aria-label="Permalink to &quot;Functions&quot;">​</a></h2><ul><li><a href="./functions/plainPatch">plainPatch</a></li><li><a href="./functions/reconcileBackground">reconcileBackground</a></li><li><a href="./functions/resolveBackgroundSettings">resolveBackgroundSettings</a></li><li><a href="./functions/wasCancelled">wasCancelled</a></li></ul></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/daemons/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
