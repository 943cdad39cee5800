import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Function: isDead()","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/functions/isDead.md","filePath":"api/@opkit/peering/functions/isDead.md"}');
const _sfc_main = { name: "api/@opkit/peering/functions/isDead.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="function-isdead" tabindex="-1">Function: isDead() <a class="header-anchor" href="#function-isdead" aria-label="Permalink to &quot;Function: isDead()&quot;">​</a></h1><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">function</span><span style="--shiki-light:#6F42C1;--shiki-dark:#B392F0;"> isDead</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">(</span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">peer</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">, </span><span style="--shiki-light:#E36209;--shiki-dark:#FFAB70;">nowMicros</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">)</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">:</span><span style="--shiki-light:#005CC5;--shiki-dark:#79B8FF;"> boolean</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">;</span></span></code></pre></div><p>Defined in: packages/peering/src/peer.ts:105</p><p>Whether a peer&#39;s record has expired (<code>deadline &lt;= now</code>, as Kopf decides).</p><h2 id="parameters" tabindex="-1">Parameters <a class="header-anchor" href="#parameters" aria-label="Permalink to &quot;Parameters&quot;">​</a></h2><h3 id="peer" tabindex="-1">peer <a class="header-anchor" href="#peer" aria-label="Permalink to &quot;peer&quot;">​</a></h3><p><a href="./../interfaces/Peer"><code>Peer</code></a></p><h3 id="nowmicros" tabindex="-1">nowMicros <a class="header-anchor" href="#nowmicros" aria-label="Permalink to &quot;nowMicros&quot;">​</a></h3><p><code>number</code></p><h2 id="returns" tabindex="-1">Returns <a class="header-anchor" href="#returns" aria-label="Permalink to &quot;Returns&quot;">​</a></h2><p><code>boolean</code></p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/functions/isDead.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const isDead = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  isDead as default
};
