import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: KopfTime","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/interfaces/KopfTime.md","filePath":"api/@opkit/peering/interfaces/KopfTime.md"}');
const _sfc_main = { name: "api/@opkit/peering/interfaces/KopfTime.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-kopftime" tabindex="-1">Interface: KopfTime <a class="header-anchor" href="#interface-kopftime" aria-label="Permalink to &quot;Interface: KopfTime&quot;">​</a></h1><p>Defined in: packages/peering/src/kopfTime.ts:8</p><p>A point in time as read from a record: microseconds since the epoch, and the offset it was written with.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="micros" tabindex="-1">micros <a class="header-anchor" href="#micros" aria-label="Permalink to &quot;micros&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">micros</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/peering/src/kopfTime.ts:10</p><p>Microseconds since the Unix epoch (UTC).</p><hr><h3 id="offsetminutes" tabindex="-1">offsetMinutes <a class="header-anchor" href="#offsetminutes" aria-label="Permalink to &quot;offsetMinutes&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly </span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;">offsetMinutes</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">: number;</span></span></code></pre></div><p>Defined in: packages/peering/src/kopfTime.ts:12</p><p>The UTC offset of the text, in minutes (0 for <code>Z</code>, <code>+00:00</code> and naive times).</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/interfaces/KopfTime.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const KopfTime = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  KopfTime as default
};
