// The built site, opened as a reader opens it: headless Chromium (Debian's package) on a local server over
// docs/.vitepress/dist — the home page, a guide, an API page, and the search box finding `on.timer`. Screenshots of
// each go to reports/. `npm run docs` (or turbo's build of @opkit/docs, which runs before these tests) builds the site.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadline, findTool, useTool } from '@opkit/test-tools';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const docs = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(docs, '.vitepress', 'dist');
const reports = join(docs, 'reports');
const chromiumTool = findTool('chromium'); // CHROMIUM overrides PATH
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' };

/** Serves the built site as a static host does with clean URLs: /guide/install is guide/install.html. */
function serve() {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
    const candidates = [join(dist, path), join(dist, `${path}.html`), join(dist, path, 'index.html')];
    const file = candidates.find((f) => existsSync(f) && statSync(f).isFile());
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/html' }).end(readFileSync(join(dist, '404.html')));
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

let server;
let browser;
let base;
beforeAll(async () => {
  if (!existsSync(join(dist, 'index.html'))) throw new Error(`the site is not built (${dist}): run npm run docs first`);
  mkdirSync(reports, { recursive: true });
  server = await serve();
  base = `http://127.0.0.1:${server.address().port}`;
});
afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve()));
});

async function page(ctx) {
  const executablePath = useTool(ctx, chromiumTool); // skipped with the reason outside CI, failing under CI
  browser ??= await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  return browser.newPage({ viewport: { width: 1280, height: 800 } });
}

describe('the built site in Chromium', () => {
  it('shows the home page with the way in', async (ctx) => {
    const p = await page(ctx);
    await p.goto(`${base}/`);
    await expect.poll(() => p.title()).toContain('Opkit');
    expect(await p.locator('.VPHero .name').innerText()).toContain('Opkit');
    expect(await p.locator('a', { hasText: 'Get started' }).first().getAttribute('href')).toBe('/guide/install');
    await p.screenshot({ path: join(reports, 'home.png') });
  });

  it('shows a guide with the newcomer path in the sidebar', async (ctx) => {
    const p = await page(ctx);
    await p.goto(`${base}/guide/first-operator`);
    expect(await p.locator('h1').first().innerText()).toContain('Your first operator');
    const sidebar = await p.locator('.VPSidebar').innerText();
    for (const step of ['1. Install', '2. Your first operator', '3. Develop with op dev', '4. Handlers', '5. Test without a cluster', '6. Deploy to a cluster']) {
      expect(sidebar).toContain(step);
    }
    await p.screenshot({ path: join(reports, 'guide.png') });
  });

  it('shows an API page generated from the TSDoc', async (ctx) => {
    const p = await page(ctx);
    await p.goto(`${base}/api/@opkit/testing/functions/startTestEnv`);
    expect(await p.locator('h1').first().innerText()).toContain('startTestEnv');
    expect(await p.locator('.vp-doc').innerText()).toContain('TestEnv');
    await p.screenshot({ path: join(reports, 'api.png') });
  });

  it('finds on.timer with the search box', async (ctx) => {
    const p = await page(ctx);
    await p.goto(`${base}/`);
    await p.locator('.VPNavBarSearch button').first().click();
    await p.locator('.VPLocalSearchBox input').fill('on.timer');
    const results = p.locator('.VPLocalSearchBox .result');
    await expect.poll(() => results.count(), { timeout: deadline(30_000) }).toBeGreaterThan(0);
    expect(await p.locator('.VPLocalSearchBox .results').innerText()).toMatch(/on\.timer/);
    await p.screenshot({ path: join(reports, 'search.png') });
  });
});
