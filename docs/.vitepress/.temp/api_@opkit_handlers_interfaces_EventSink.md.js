import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: EventSink","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/handlers/interfaces/EventSink.md","filePath":"api/@opkit/handlers/interfaces/EventSink.md"}');
const _sfc_main = { name: "api/@opkit/handlers/interfaces/EventSink.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-eventsink" tabindex="-1">Interface: EventSink <a class="header-anchor" href="#interface-eventsink" aria-label="Permalink to &quot;Interface: EventSink&quot;">​</a></h1><p>Defined in: packages/handlers/src/types.ts:370</p><p>Where <code>events.*</code> post to; core supplies one while an operator runs.</p><h2 id="methods" tabindex="-1">Methods <a class="header-anchor" href="#methods" aria-label="Permalink to &quot;Methods&quot;">​</a></h2><h3 id="post" tabindex="-1">post() <a class="header-anchor" href="#post" aria-label="Permalink to &quot;post()&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">post</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">(body, event): </span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">void</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/handlers/src/types.ts:371</p><h4 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h4><h5 id="body" tabindex="-1">body <a class="header-anchor" href="#body" aria-label="Permalink to &quot;body&quot;">​</a></h5><p><a href="./../../kube/interfaces/KubeObject"><code>KubeObject</code></a></p><h5 id="event" tabindex="-1">event <a class="header-anchor" href="#event" aria-label="Permalink to &quot;event&quot;">​</a></h5><h6 id="message" tabindex="-1">message <a class="header-anchor" href="#message" aria-label="Permalink to &quot;message&quot;">​</a></h6><p><code>string</code></p><h6 id="reason" tabindex="-1">reason <a class="header-anchor" href="#reason" aria-label="Permalink to &quot;reason&quot;">​</a></h6><p><code>string</code></p><h6 id="type" tabindex="-1">type <a class="header-anchor" href="#type" aria-label="Permalink to &quot;type&quot;">​</a></h6><p><code>string</code></p><h4 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h4><p><code>void</code></p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/handlers/interfaces/EventSink.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const EventSink = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  EventSink as default
};
