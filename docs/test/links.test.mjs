// The site's own tools: the link and anchor check of the built pages, the rewriting of links that leave docs/, the
// pages built from the examples, and the terminal-to-HTML conversion of the op dev screenshots.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ansiToHtml } from '../site/ansi.mjs';
import { checkSite, renameIndexPages } from '../site/check-links.mjs';
import { rewriteRepositoryLink } from '../site/links.mjs';
import { publishedPackages, writeExamplePages } from '../site/pages.mjs';

const root = dirname(dirname(dirname(fileURLToPath(import.meta.url))));
const dirs = [];
function tree(files) {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-site-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}
afterEach(() => { for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true }); });

describe('checkSite', () => {
  it('accepts links to pages and anchors that exist, in every form VitePress writes them', () => {
    const dist = tree({
      'index.html': '<a href="/guide/install">x</a><a href="/guide/install#npm">y</a><a href="guide/">z</a><a href="https://example.com/nope">e</a>',
      'guide/install.html': '<h2 id="npm">npm</h2><a href="#npm">self</a><a href="../index.html">up</a>',
      'guide/index.html': '<p>guide</p>',
    });
    expect(checkSite(dist)).toEqual([]);
  });

  it('names a link to a missing page and a link to a missing anchor', () => {
    const dist = tree({
      'index.html': '<a href="/guide/missing">x</a><a href="/guide/install#nowhere">y</a>',
      'guide/install.html': '<h2 id="npm">npm</h2>',
    });
    expect(checkSite(dist)).toEqual([
      '/index.html: /guide/missing (no such page)',
      '/index.html: /guide/install#nowhere (no anchor #nowhere on /guide/install.html)',
    ]);
  });

  it('renames the pages of symbols named Index, which VitePress would read as a directory index, and links to them', () => {
    const api = tree({
      'core/type-aliases/Index.md': '# Index',
      'core/index.md': '- [Index](type-aliases/Index.md)\n- [IndexOptions](type-aliases/IndexOptions.md)',
      'typedoc-sidebar.json': '[{"text":"Index","link":"/api/core/type-aliases/Index.md"}]',
    });
    renameIndexPages(api);
    expect(readFileSync(join(api, 'core/type-aliases/Index-symbol.md'), 'utf8')).toBe('# Index');
    expect(readFileSync(join(api, 'core/index.md'), 'utf8')).toBe('- [Index](type-aliases/Index-symbol.md)\n- [IndexOptions](type-aliases/IndexOptions.md)');
    expect(readFileSync(join(api, 'typedoc-sidebar.json'), 'utf8')).toContain('/api/core/type-aliases/Index-symbol.md');
  });
});

describe('rewriteRepositoryLink', () => {
  it('sends links out of docs/ to the pages the site has for them, and leaves the others as written', () => {
    expect(rewriteRepositoryLink('../examples/17-admission/', 'admission.md')).toBe('/examples/17-admission');
    expect(rewriteRepositoryLink('../apps/bench/README.md#suites', 'performance.md')).toBe('/bench#suites');
    expect(rewriteRepositoryLink('../packages/json/', 'json.md')).toBe('/api/@opkit/json/');
    expect(rewriteRepositoryLink('handlers.md#indexing', 'core.md')).toBe('handlers.md#indexing');
    expect(rewriteRepositoryLink('../handlers.md', 'guide/install.md')).toBe('../handlers.md');
    expect(rewriteRepositoryLink('https://kopf.readthedocs.io', 'kopf.md')).toBe('https://kopf.readthedocs.io');
    expect(rewriteRepositoryLink('../LICENSE', 'installing.md')).toBe('../LICENSE');
    expect(rewriteRepositoryLink('../examples/09-testing/faults.test.ts', 'testing.md')).toBe('/examples/09-testing#faultstestts');
  });
});

describe('the pages built from the repository', () => {
  it('writes a page per example with its README, the command that runs it and every source file', () => {
    const docs = tree({ 'x.md': '' });
    writeExamplePages(root, docs);
    const list = JSON.parse(readFileSync(join(docs, 'examples', 'examples.json'), 'utf8'));
    expect(list.map((e) => e.name)).toContain('01-minimal');
    const page = readFileSync(join(docs, 'examples', '01-minimal.md'), 'utf8');
    expect(page).toContain(readFileSync(join(root, 'examples', '01-minimal', 'README.md'), 'utf8').split('\n')[0]);
    expect(page).toContain('npm run op -- dev examples/01-minimal --embedded');
    expect(page).toContain('### operator.ts');
    expect(page).toContain(readFileSync(join(root, 'examples', '01-minimal', 'operator.ts'), 'utf8').trimEnd());
    expect(page).not.toContain('### vitest.config.ts');
  });

  it('documents exactly the published packages', () => {
    const names = publishedPackages(root).map((d) => JSON.parse(readFileSync(join(d, 'package.json'), 'utf8')).name);
    expect(names).toContain('@opkit/core');
    expect(names).not.toContain('@opkit/test-tools');
  });
});

describe('ansiToHtml', () => {
  it('keeps the text, escapes HTML and turns SGR colours and weights into styles', () => {
    expect(ansiToHtml('a<b>\x1b[1;32mok\x1b[0m \x1b[38;5;196mred\x1b[39m \x1b[38;2;1;2;3mrgb\x1b[m')).toBe(
      'a&lt;b&gt;<span style="color:#0dbc79;font-weight:bold">ok</span> <span style="color:rgb(255,0,0)">red</span> <span style="color:rgb(1,2,3)">rgb</span>',
    );
  });
});
