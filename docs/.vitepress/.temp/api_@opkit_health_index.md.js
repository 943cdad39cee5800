import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"@opkit/health","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/health/index.md","filePath":"api/@opkit/health/index.md"}');
const _sfc_main = { name: "api/@opkit/health/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="opkithealth" tabindex="-1">@opkit/health <a class="header-anchor" href="#opkithealth" aria-label="Permalink to &quot;@opkit/health&quot;">​</a></h1><h2 id="classes" tabindex="-1">Classes <a class="header-anchor" href="#classes" aria-label="Permalink to &quot;Classes&quot;">​</a></h2><ul><li><a href="./classes/HealthError">HealthError</a></li><li><a href="./classes/HealthServer">HealthServer</a></li><li><a href="./classes/OperatorMetrics">OperatorMetrics</a></li><li><a href="./classes/ProbeCache">ProbeCache</a></li></ul><h2 id="interfaces" tabindex="-1">Interfaces <a class="header-anchor" href="#interfaces" aria-label="Permalink to &quot;Interfaces&quot;">​</a></h2><ul><li><a href="./interfaces/HealthServerOptions">HealthServerOptions</a></li><li><a href="./interfaces/HealthSource">HealthSource</a></li><li><a href="./interfaces/LivenessAddress">LivenessAddress</a></li><li><a href="./interfaces/MetricsServer">MetricsServer</a></li><li><a href="./interfaces/MetricsServerOptions">MetricsServerOptions</a></li><li><a href="./interfaces/OperatorMetricsOptions">OperatorMetricsOptions</a></li><li><a href="./interfaces/PeeringState">PeeringState</a></li><li><a href="./interfaces/ProbeCacheOptions">ProbeCacheOptions</a></li></ul><h2 id="type-aliases" tabindex="-1">Type Aliases <a class="header-anchor" href="#type-aliases" aria-label="Permalink to &quot;Type Aliases&quot;">​</a></h2><ul><li><a href="./type-aliases/HealthErrorCode">HealthErrorCode</a></li><li><a href="./type-aliases/NotReadyReason">NotReadyReason</a></li><li><a href="./type-aliases/ProbeRunner">ProbeRunner</a></li><li><a href="./type-aliases/ReadinessState">ReadinessState</a></li></ul><h2 id="functions" tabindex="-1">Functions <a class="header-anchor" href="#functions" aria-label="Permalink to &quot;Functions&quot;">​</a></h2><ul><li><a href="./functions/describeReadiness">describeReadiness</a></li><li><a href="./functions/parseLivenessUrl">parseLivenessUrl</a></li><li><a href="./functions/peeringStateOf">peeringStateOf</a></li><li><a href="./functions/readiness$">readiness$</a></li><li><a href="./functions/startHealthServer">startHealthServer</a></li><li><a href="./functions/startMetricsServer">startMetricsServer</a></li></ul></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/health/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
