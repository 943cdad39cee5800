import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"@opkit/tasks","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/tasks/index.md","filePath":"api/@opkit/tasks/index.md"}');
const _sfc_main = { name: "api/@opkit/tasks/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="opkittasks" tabindex="-1">@opkit/tasks <a class="header-anchor" href="#opkittasks" aria-label="Permalink to &quot;@opkit/tasks&quot;">​</a></h1><h2 id="classes" tabindex="-1">Classes <a class="header-anchor" href="#classes" aria-label="Permalink to &quot;Classes&quot;">​</a></h2><ul><li><a href="./classes/ExponentialBackOff">ExponentialBackOff</a></li><li><a href="./classes/KeyedQueue">KeyedQueue</a></li><li><a href="./classes/RestartingTask">RestartingTask</a></li><li><a href="./classes/TaskQueue">TaskQueue</a></li><li><a href="./classes/TasksError">TasksError</a></li></ul><h2 id="interfaces" tabindex="-1">Interfaces <a class="header-anchor" href="#interfaces" aria-label="Permalink to &quot;Interfaces&quot;">​</a></h2><ul><li><a href="./interfaces/Clock">Clock</a></li><li><a href="./interfaces/ExponentialBackOffOptions">ExponentialBackOffOptions</a></li><li><a href="./interfaces/KeyedQueueFailure">KeyedQueueFailure</a></li><li><a href="./interfaces/KeyedQueueOptions">KeyedQueueOptions</a></li><li><a href="./interfaces/KeyedQueueStartStats">KeyedQueueStartStats</a></li><li><a href="./interfaces/KeyedQueueStats">KeyedQueueStats</a></li><li><a href="./interfaces/KeyedWorkContext">KeyedWorkContext</a></li><li><a href="./interfaces/Logger">Logger</a></li><li><a href="./interfaces/RestartingTaskOptions">RestartingTaskOptions</a></li><li><a href="./interfaces/SleepOptions">SleepOptions</a></li><li><a href="./interfaces/TaskQueueOptions">TaskQueueOptions</a></li><li><a href="./interfaces/TaskQueueStats">TaskQueueStats</a></li></ul><h2 id="type-aliases" tabindex="-1">Type Aliases <a class="header-anchor" href="#type-aliases" aria-label="Permalink to &quot;Type Aliases&quot;">​</a></h2><ul><li><a href="./type-aliases/KeyedWorker">KeyedWorker</a></li><li><a href="./type-aliases/LogFields">LogFields</a></li><li><a href="./type-aliases/RestartingTaskFn">RestartingTaskFn</a></li><li><a href="./type-aliases/TaskFn">TaskFn</a></li><li><a href="./type-aliases/TasksErrorCode">TasksErrorCode</a></li></ul><h2 id="variables" tabindex="-1">Variables <a class="header-anchor" href="#variables" aria-label="Permalink to &quot;Variables&quot;">​</a></h2><ul><li><a href="./variables/noopLogger">noopLogger</a></li><li><a href="./variables/systemClock">systemClock</a></li></ul><h2 id="functions" tabindex="-1">Functions <a class="header-anchor" href="#functions" aria-label="Permalink to &quot;Functions&quot;">​</a></h2><ul><li><a href="./functions/nowMicros">nowMicros</a></li><li><a href="./functions/sleep">sleep</a></li></ul></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/tasks/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
