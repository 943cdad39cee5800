// Checks the built site: every internal link of every page points at a page that exists, and its anchor at an
// element of that page. VitePress checks pages; this checks anchors too, and the pages' own navigation.
import { existsSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';

function htmlFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name));
}

/** The ids of a page's elements. */
function ids(html) {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => decodeEntities(m[1])));
}

function decodeEntities(text) {
  return text.replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/**
 * The broken internal links of the site built in `dist` ("page: link (why)"), empty when every one resolves.
 * @param {string} dist the built site
 * @param {string} [base] the site's base path
 * @returns {string[]}
 */
export function checkSite(dist, base = '/') {
  const pages = new Map();
  for (const file of htmlFiles(dist)) pages.set(`/${relative(dist, file).split('\\').join('/')}`, readFileSync(file, 'utf8'));
  const idsOf = new Map();
  const resolvePage = (path) => {
    const candidates = path.endsWith('/') ? [`${path}index.html`] : [`${path}.html`, `${path}/index.html`, path];
    return candidates.find((c) => pages.has(c) || existsSync(join(dist, c)));
  };
  const problems = [];
  for (const [page, html] of pages) {
    if (page === '/404.html') continue;
    for (const match of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
      const href = decodeEntities(match[1]);
      if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(href) || href === '') continue;
      const [rawPath, hash] = href.split('#');
      let path = rawPath === '' ? page : rawPath.startsWith('/') ? rawPath : posix.join(posix.dirname(page), rawPath);
      if (base !== '/' && path.startsWith(base)) path = `/${path.slice(base.length)}`;
      const target = resolvePage(decodeURI(path));
      if (!target) {
        problems.push(`${page}: ${href} (no such page)`);
        continue;
      }
      if (!hash || !pages.has(target)) continue;
      if (!idsOf.has(target)) idsOf.set(target, ids(pages.get(target)));
      if (!idsOf.get(target).has(decodeURIComponent(hash))) problems.push(`${page}: ${href} (no anchor #${hash} on ${target})`);
    }
  }
  return problems;
}

/**
 * Renames TypeDoc's pages of symbols named `Index` (`Index.md`), which VitePress reads as a directory's index page,
 * to `Index-symbol.md`, and the links to them in every page and the sidebar.
 * @param {string} api the generated API reference
 */
export function renameIndexPages(api) {
  const files = readdirSync(api, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  for (const file of files) if (file.endsWith('/Index.md')) renameSync(file, file.replace(/Index\.md$/, 'Index-symbol.md'));
  for (const file of files) {
    if (!/\.(md|json)$/.test(file) || !existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const renamed = text.replace(/\/Index(\.md)?(?=[)#"])/g, (_, md) => `/Index-symbol${md ?? ''}`).replace(/\(Index\.md/g, '(Index-symbol.md');
    if (renamed !== text) writeFileSync(file, renamed);
  }
}
