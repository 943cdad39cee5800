import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: AdmissionReviewResponse","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/core/interfaces/AdmissionReviewResponse.md","filePath":"api/@opkit/core/interfaces/AdmissionReviewResponse.md"}');
const _sfc_main = { name: "api/@opkit/core/interfaces/AdmissionReviewResponse.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-admissionreviewresponse" tabindex="-1">Interface: AdmissionReviewResponse <a class="header-anchor" href="#interface-admissionreviewresponse" aria-label="Permalink to &quot;Interface: AdmissionReviewResponse&quot;">​</a></h1><p>Defined in: packages/handlers/dist/admissionReview.d.ts:47</p><p>An AdmissionReview response, as webhook servers return it.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="apiversion" tabindex="-1">apiVersion <a class="header-anchor" href="#apiversion" aria-label="Permalink to &quot;apiVersion&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">apiVersion</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: packages/handlers/dist/admissionReview.d.ts:48</p><hr><h3 id="kind" tabindex="-1">kind <a class="header-anchor" href="#kind" aria-label="Permalink to &quot;kind&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">kind</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: </span><span style="--shiki-light:#032F62;--shiki-dark:#9ECBFF;">&quot;AdmissionReview&quot;</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/dist/admissionReview.d.ts:49</p><hr><h3 id="response" tabindex="-1">response <a class="header-anchor" href="#response" aria-label="Permalink to &quot;response&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">response</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: AdmissionResponse;</span></span></code></pre></div><p>Defined in: packages/handlers/dist/admissionReview.d.ts:50</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/core/interfaces/AdmissionReviewResponse.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const AdmissionReviewResponse = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  AdmissionReviewResponse as default
};
