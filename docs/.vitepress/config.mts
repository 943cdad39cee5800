// The documentation site's configuration: the navigation a newcomer follows, the references of docs/, every
// example and the API reference TypeDoc generates (docs/api, written by site/build.mjs before VitePress runs).
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type DefaultTheme } from 'vitepress';
import { githubSlug, rewriteRepositoryLink } from '../site/links.mjs';

const docs = fileURLToPath(new URL('..', import.meta.url));

/** The sidebar TypeDoc wrote for the API pages; empty when the API reference was not generated. */
function apiSidebar(): DefaultTheme.SidebarItem[] {
  const file = `${docs}api/typedoc-sidebar.json`;
  if (!existsSync(file)) return [];
  const items = JSON.parse(readFileSync(file, 'utf8')) as DefaultTheme.SidebarItem[];
  return items.map((item) => ({ ...item, collapsed: true }));
}

/** The example pages site/build.mjs wrote, in the order of the examples' directory names. */
function exampleSidebar(): DefaultTheme.SidebarItem[] {
  const file = `${docs}examples/examples.json`;
  if (!existsSync(file)) return [];
  const examples = JSON.parse(readFileSync(file, 'utf8')) as { name: string; title: string }[];
  return [{ text: 'All examples', link: '/examples/' }, ...examples.map((e) => ({ text: e.name, link: `/examples/${e.name}` }))];
}

const guide: DefaultTheme.SidebarItem[] = [
  {
    text: 'Getting started',
    items: [
      { text: '1. Install', link: '/guide/install' },
      { text: '2. Your first operator', link: '/guide/first-operator' },
      { text: '3. Develop with op dev', link: '/guide/op-dev' },
      { text: '4. Handlers', link: '/guide/handlers' },
      { text: '5. Test without a cluster', link: '/guide/testing' },
      { text: '6. Deploy to a cluster', link: '/guide/deploying' },
    ],
  },
  { text: 'Coming from Kopf', items: [{ text: 'Kopf to Opkit', link: '/kopf' }] },
  {
    text: 'Writing operators',
    items: [
      { text: 'Handlers', link: '/handlers' },
      { text: 'Daemons and timers', link: '/daemons' },
      { text: 'Admission webhooks', link: '/admission' },
      { text: 'Conversion webhooks', link: '/conversion' },
      { text: 'Typed resources', link: '/schema' },
      { text: 'Per-node configuration', link: '/labeled-config' },
      { text: 'Testing', link: '/testing' },
    ],
  },
  {
    text: 'Running operators',
    items: [
      { text: 'The op command', link: '/op' },
      { text: 'create-operator', link: '/create-operator' },
      { text: 'The operator runtime', link: '/core' },
      { text: 'How an object is processed', link: '/processing' },
      { text: 'State on the objects', link: '/state' },
      { text: 'Peering and leader election', link: '/peering' },
      { text: 'Generated manifests', link: '/manifests' },
      { text: 'Observability', link: '/observability' },
      { text: 'Installing the packages', link: '/installing' },
    ],
  },
  {
    text: 'Under the hood',
    items: [
      { text: 'The embedded API server', link: '/apiserver' },
      { text: 'Talking to the API', link: '/kube' },
      { text: 'Watching', link: '/watching' },
      { text: 'Tasks', link: '/tasks' },
      { text: 'Exact JSON', link: '/json' },
      { text: 'Architecture', link: '/architecture' },
      { text: 'Performance', link: '/performance' },
      { text: 'Reliability', link: '/reliability' },
      { text: 'Benchmarks', link: '/bench' },
      { text: 'Working on Opkit', link: '/contributing' },
    ],
  },
];

export default defineConfig({
  title: 'Opkit',
  description: 'Kubernetes operators in TypeScript',
  base: process.env.OPKIT_DOCS_BASE ?? '/',
  cleanUrls: true,
  lastUpdated: false,
  // Pages that exist in docs/ for the repository but are not pages of the site.
  srcExclude: ['site/**', 'node_modules/**', 'reports/**', 'test/**', '**/README.md'],
  // Every internal link must resolve: a missing page fails the build (anchors are checked by site/check-links.mjs).
  ignoreDeadLinks: false,
  markdown: {
    // Anchors as GitHub writes them, so that the links between these files work the same on GitHub and on the site.
    anchor: { slugify: githubSlug },
    config(md) {
      // Inline code is shown as written: `{{ … }}` in it (Go templates, say) is not a Vue interpolation.
      const inlineCode = md.renderer.rules.code_inline!;
      md.renderer.rules.code_inline = (tokens, idx, options, env, self) =>
        inlineCode(tokens, idx, options, env, self).replace(/^<code/, '<code v-pre');
      // Links out of docs/ into the repository (an example's directory, an app's README) go to the page the site
      // has for them; site/links.mjs knows which.
      md.core.ruler.push('opkit-repository-links', (state) => {
        const env = state.env as { relativePath?: string };
        for (const token of state.tokens) {
          for (const child of token.children ?? []) {
            if (child.type !== 'link_open') continue;
            const href = child.attrGet('href');
            if (href) child.attrSet('href', rewriteRepositoryLink(href, env.relativePath ?? ''));
          }
        }
      });
    },
  },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/install' },
      { text: 'Coming from Kopf', link: '/kopf' },
      { text: 'Examples', link: '/examples/' },
      { text: 'API', link: '/api/' },
    ],
    sidebar: {
      '/api/': [{ text: 'API reference', link: '/api/' }, ...apiSidebar()],
      '/examples/': exampleSidebar(),
      '/': guide,
    },
    search: { provider: 'local' },
    outline: { level: [2, 3] },
  },
});
