import { ssrRenderAttrs } from "vue/server-renderer";
import { useSSRContext } from "vue";
import { _ as _export_sfc } from "./plugin-vue_export-helper.1tPrXgE0.js";
const __pageData = JSON.parse('{"title":"Interface: PeerExtension","description":"","frontmatter":{},"headers":[],"relativePath":"api/@opkit/peering/interfaces/PeerExtension.md","filePath":"api/@opkit/peering/interfaces/PeerExtension.md"}');
const _sfc_main = { name: "api/@opkit/peering/interfaces/PeerExtension.md" };
function _sfc_ssrRender(_ctx, _push, _parent, _attrs, $props, $setup, $data, $options) {
  _push(`<div${ssrRenderAttrs(_attrs)}><h1 id="interface-peerextension" tabindex="-1">Interface: PeerExtension <a class="header-anchor" href="#interface-peerextension" aria-label="Permalink to &quot;Interface: PeerExtension&quot;">​</a></h1><p>Defined in: packages/peering/src/peer.ts:20</p><p>What Opkit adds to a record.</p><h2 id="properties" tabindex="-1">Properties <a class="header-anchor" href="#properties" aria-label="Permalink to &quot;Properties&quot;">​</a></h2><h3 id="group" tabindex="-1">group? <a class="header-anchor" href="#group" aria-label="Permalink to &quot;group?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly group</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/peering/src/peer.ts:22</p><p>Replicas of one operator share a group (<code>&lt;namespace&gt;/&lt;lease name&gt;</code>); peers of one group never conflict.</p><hr><h3 id="message" tabindex="-1">message? <a class="header-anchor" href="#message" aria-label="Permalink to &quot;message?&quot;">​</a></h3><div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki shiki-themes github-light github-dark vp-code" tabindex="0"><code><span class="line"><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;">readonly message</span><span style="--shiki-light:#D73A49;--shiki-dark:#F97583;">?:</span><span style="--shiki-light:#24292E;--shiki-dark:#E1E4E8;"> string;</span></span></code></pre></div><p>Defined in: packages/peering/src/peer.ts:24</p><p>Why a manual record (<code>op freeze --message</code>) exists.</p></div>`);
}
const _sfc_setup = _sfc_main.setup;
_sfc_main.setup = (props, ctx) => {
  const ssrContext = useSSRContext();
  (ssrContext.modules || (ssrContext.modules = /* @__PURE__ */ new Set())).add("api/@opkit/peering/interfaces/PeerExtension.md");
  return _sfc_setup ? _sfc_setup(props, ctx) : void 0;
};
const PeerExtension = /* @__PURE__ */ _export_sfc(_sfc_main, [["ssrRender", _sfc_ssrRender]]);
export {
  __pageData,
  PeerExtension as default
};
