// Regenerates the screenshots of `op dev` on the site (docs/public/*.png) from a real terminal run: op dev runs an
// example in a headless tmux session, the screen is captured with its colours once the object is handled, turned
// into HTML and photographed with headless Chromium. Needs tmux and Chromium (Debian: apt-get install tmux chromium).
//   node docs/site/screenshots.mjs
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { ansiToHtml } from './ansi.mjs';

const docs = dirname(dirname(fileURLToPath(import.meta.url)));
const root = dirname(docs);
const socket = `opkit-docs-${process.pid}`;
const tmux = (...args) => execFileSync('tmux', ['-L', socket, ...args], { encoding: 'utf8' });
const executablePath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** Waits until the screen satisfies `done`, polling; fails with the last screen after `seconds`. */
async function waitForScreen(done, seconds) {
  const deadline = Date.now() + seconds * 1000;
  let screen = '';
  while (Date.now() < deadline) {
    screen = tmux('capture-pane', '-p', '-t', 'dev');
    if (done(screen)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`op dev did not reach the expected screen in ${seconds} s; last screen:\n${screen}`);
}

async function capture({ example, file, keys = [], until }) {
  const home = mkdtempSync(join(tmpdir(), 'opkit-docs-'));
  const op = join(root, 'apps', 'op', 'dist', 'bin', 'op.js');
  const command = `cd ${root} && env -u CI HOME=${home} TERM=xterm-256color COLORTERM=truecolor FORCE_COLOR=3 ${process.execPath} ${op} dev examples/${example} --embedded=fresh`;
  tmux('new-session', '-d', '-s', 'dev', '-x', '120', '-y', '34', command);
  try {
    await waitForScreen(until, 180);
    for (const key of keys) {
      tmux('send-keys', '-t', 'dev', key);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const screen = tmux('capture-pane', '-e', '-p', '-t', 'dev');
    const html = `<!doctype html><meta charset="utf-8"><style>
      body { margin: 0; background: #1e1e1e; }
      pre { margin: 0; padding: 14px 16px; color: #e5e5e5; font: 13px/1.35 'DejaVu Sans Mono', monospace; }
    </style><pre>${ansiToHtml(screen)}</pre>`;
    const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
    try {
      const page = await browser.newPage({ viewport: { width: 1000, height: 200 }, deviceScaleFactor: 2 });
      await page.setContent(html);
      mkdirSync(join(docs, 'public'), { recursive: true });
      await page.locator('pre').screenshot({ path: join(docs, 'public', file) });
    } finally {
      await browser.close();
    }
    process.stdout.write(`docs: wrote docs/public/${file}\n`);
  } finally {
    tmux('send-keys', '-t', 'dev', 'C-c');
    try { tmux('kill-server'); } catch { /* already gone */ }
    rmSync(home, { recursive: true, force: true });
  }
}

// The first example, its object handled (create_fn succeeded once) and selected, so the right pane shows it.
await capture({ example: '01-minimal', file: 'op-dev.png', keys: ['Down'], until: (s) => /kopf-example-1\s+idle/.test(s) && /✓1/.test(s) });
