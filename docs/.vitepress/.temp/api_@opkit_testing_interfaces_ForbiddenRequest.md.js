import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: ForbiddenRequest","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/testing/interfaces/ForbiddenRequest.md","filePath":"api/@opkit/testing/interfaces/ForbiddenRequest.md"}');
const _sfc_main = { name: "api/@opkit/testing/interfaces/ForbiddenRequest.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-forbiddenrequest" tabindex="-1">Interface: ForbiddenRequest <a class="header-anchor" href="#interface-forbiddenrequest" aria-label="Permalink to &quot;Interface: ForbiddenRequest&quot;">​</a></h1><p>Defined in: testEnv.ts:74</p><p>A request the server refused with 403, and kube&#39;s message for it.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="message" tabindex="-1">message <a class="header-anchor" href="#message" aria-label="Permalink to &quot;message&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">message</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: string;</span></span></code></pre></div><p>Defined in: testEnv.ts:77</p><p>e.g. <code>pods is forbidden: User &quot;system:serviceaccount:ops:op&quot; cannot list resource &quot;pods&quot; in API group &quot;&quot; in the namespace &quot;a&quot;</code>.</p><hr><h3 id="record" tabindex="-1">record <a class="header-anchor" href="#record" aria-label="Permalink to &quot;record&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">record</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: AuditRecord;</span></span></code></pre></div><p>Defined in: testEnv.ts:75</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/testing/interfaces/ForbiddenRequest.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const ForbiddenRequest = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  ForbiddenRequest as default
};
