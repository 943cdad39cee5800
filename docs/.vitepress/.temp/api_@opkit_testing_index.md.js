import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"@opkit/testing","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/testing/index.md","filePath":"api/@opkit/testing/index.md"}');
const _sfc_main = { name: "api/@opkit/testing/index.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="opkittesting" tabindex="-1">@opkit/testing <a class="header-anchor" href="#opkittesting" aria-label="Permalink to &quot;@opkit/testing&quot;">​</a></h1><h2 id="classes" tabindex="-1">Classes <a class="header-anchor" href="#classes" aria-label="Permalink to &quot;Classes&quot;">​</a></h2><ul><li><a href="./classes/TestClock">TestClock</a></li><li><a href="./classes/TestEnv">TestEnv</a></li><li><a href="./classes/TestFaults">TestFaults</a></li></ul><h2 id="interfaces" tabindex="-1">Interfaces <a class="header-anchor" href="#interfaces" aria-label="Permalink to &quot;Interfaces&quot;">​</a></h2><ul><li><a href="./interfaces/CoverageOptions">CoverageOptions</a></li><li><a href="./interfaces/CoverageReport">CoverageReport</a></li><li><a href="./interfaces/CoveredRequest">CoveredRequest</a></li><li><a href="./interfaces/ForbiddenRequest">ForbiddenRequest</a></li><li><a href="./interfaces/RequestGroup">RequestGroup</a></li><li><a href="./interfaces/RunningOperator">RunningOperator</a></li><li><a href="./interfaces/RunOptions">RunOptions</a></li><li><a href="./interfaces/TestClockOptions">TestClockOptions</a></li><li><a href="./interfaces/TestEnvOptions">TestEnvOptions</a></li><li><a href="./interfaces/TestEnvRbacOptions">TestEnvRbacOptions</a></li><li><a href="./interfaces/TestFaultCounts">TestFaultCounts</a></li><li><a href="./interfaces/TestFaultOptions">TestFaultOptions</a></li><li><a href="./interfaces/UncoveredRequest">UncoveredRequest</a></li><li><a href="./interfaces/WaitOptions">WaitOptions</a></li></ul><h2 id="type-aliases" tabindex="-1">Type Aliases <a class="header-anchor" href="#type-aliases" aria-label="Permalink to &quot;Type Aliases&quot;">​</a></h2><ul><li><a href="./type-aliases/CoverageRequest">CoverageRequest</a></li><li><a href="./type-aliases/ManifestInput">ManifestInput</a></li><li><a href="./type-aliases/ObjectRef">ObjectRef</a></li><li><a href="./type-aliases/RunTarget">RunTarget</a></li><li><a href="./type-aliases/TestFaultRule">TestFaultRule</a></li></ul><h2 id="variables" tabindex="-1">Variables <a class="header-anchor" href="#variables" aria-label="Permalink to &quot;Variables&quot;">​</a></h2><ul><li><a href="./variables/DEFAULT_OPERATOR_USER">DEFAULT_OPERATOR_USER</a></li></ul><h2 id="functions" tabindex="-1">Functions <a class="header-anchor" href="#functions" aria-label="Permalink to &quot;Functions&quot;">​</a></h2><ul><li><a href="./functions/checkCoverage">checkCoverage</a></li><li><a href="./functions/expectCoveredBy">expectCoveredBy</a></li><li><a href="./functions/formatCoverageFailure">formatCoverageFailure</a></li><li><a href="./functions/parseManifests">parseManifests</a></li><li><a href="./functions/startTestEnv">startTestEnv</a></li></ul></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/testing/index.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const index = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  index as default
};
