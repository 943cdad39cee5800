import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Type Alias: DaemonHandlerFn<B>","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/type-aliases/DaemonHandlerFn.md","filePath":"api/@opkit/handlers/type-aliases/DaemonHandlerFn.md"}');
const _sfc_main = { name: "api/@opkit/handlers/type-aliases/DaemonHandlerFn.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="type-alias-daemonhandlerfnb" tabindex="-1">Type Alias: DaemonHandlerFn&lt;B&gt; <a class="header-anchor" href="#type-alias-daemonhandlerfnb" aria-label="Permalink to &quot;Type Alias: DaemonHandlerFn\\&lt;B\\&gt;&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">type</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> DaemonHandlerFn</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&lt;</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">B</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">&gt; </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">=</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> (</span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">context</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">) </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">=&gt;</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> unknown</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/src/types.ts:139</p><p>A daemon&#39;s or timer&#39;s function: its context also has <code>stopped</code>.</p><h2 id="type-parameters" tabindex="-1">Type Parameters <a class="header-anchor" href="#type-parameters" aria-label="Permalink to &quot;Type Parameters&quot;">​</a></h2><h3 id="b" tabindex="-1">B <a class="header-anchor" href="#b" aria-label="Permalink to &quot;B&quot;">​</a></h3><p><code>B</code> <em>extends</em> <a href="./../../kube/interfaces/KubeObject"><code>KubeObject</code></a> = <a href="./../../kube/interfaces/KubeObject"><code>KubeObject</code></a></p><h2 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h2><h3 id="context" tabindex="-1">context <a class="header-anchor" href="#context" aria-label="Permalink to &quot;context&quot;">​</a></h3><p><a href="./DaemonContext"><code>DaemonContext</code></a>&lt;<code>B</code>&gt;</p><h2 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h2><p><code>unknown</code></p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/type-aliases/DaemonHandlerFn.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const DaemonHandlerFn = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  DaemonHandlerFn as default
};
