// The machine's npm registry settings, handed on to the npm and pnpm that run on the bootstrapped Node.
//
// Why this exists: npm and pnpm read their "global" npmrc from `<prefix>/etc/npmrc`, where the prefix
// is derived from the Node that runs them. The machine's npm (say /usr/bin/npm on /usr/bin/node) reads
// /usr/etc/npmrc; the same npm started by the Node in .toolchain/ reads
// .toolchain/lib/node_modules/node/etc/npmrc instead, and so does pnpm. A machine that reaches its
// registry through a proxy, a mirror or a custom CA (`cafile`) configured in its global npmrc — the
// usual corporate setup — would then fail with SELF_SIGNED_CERT_IN_CHAIN or ECONNREFUSED in every npm
// and pnpm the toolchain starts, including the ones tests spawn. scripts/bootstrap.mjs reads the
// settings with the machine's npm before it re-runs itself on the toolchain's Node and writes them,
// with this module, into the toolchain's global npmrc. No dependencies: it runs on Node >= 18.
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The settings that decide how npm reaches a registry, forwarded when they differ from npm's default. */
export const FORWARDED_KEYS = ['registry', 'cafile', 'ca', 'cert', 'key', 'proxy', 'https-proxy', 'noproxy', 'strict-ssl', 'local-address'];

/** npm's defaults for the forwarded keys that have one (the others default to null or ''). */
const DEFAULTS = { registry: 'https://registry.npmjs.org/', 'strict-ssl': true };

/** Marks the part of the toolchain's npmrc that the bootstrap owns; other lines are left alone. */
export const BEGIN_MARK = '# >>> opkit bootstrap: registry settings of the machine npm (rewritten at each bootstrap)';
export const END_MARK = '# <<< opkit bootstrap';

/** A value as npm's ini parser reads it back: JSON strings keep `;`, `#`, `=` and newlines intact. */
function iniValue(value) {
  return typeof value === 'boolean' || typeof value === 'number' ? String(value) : JSON.stringify(String(value));
}

/**
 * The npmrc lines that give another npm (or pnpm) the registry settings of the machine's npm.
 *
 * @param {Record<string, unknown>} config the machine npm's effective configuration, as `npm config list --json` prints it
 * @param {string} [globalConfigText] the text of the machine npm's global npmrc: what npm never prints
 *   — per-registry lines (`//host/path/:_authToken=…`, `:certfile`, …) and a forwarded key left out of
 *   `config` (a proxy URL with a password) — is copied from it as written (an `${ENV}` reference
 *   stays a reference)
 * @returns {string[]} npmrc lines, empty when the machine npm uses npm's defaults
 */
export function registrySettingsLines(config, globalConfigText = '') {
  const lines = [];
  const add = (key, value) => {
    if (value === null || value === undefined || value === '') return;
    if (Array.isArray(value)) {
      const values = value.filter((v) => v !== null && v !== undefined && v !== '');
      if (values.length === 0) return;
      // noproxy is a comma-separated list; ca (certificates) is a true list.
      if (key === 'noproxy') lines.push(`${key}=${iniValue(values.join(','))}`);
      else for (const v of values) lines.push(`${key}[]=${iniValue(v)}`);
      return;
    }
    if (key in DEFAULTS && DEFAULTS[key] === value) return;
    lines.push(`${key}=${iniValue(value)}`);
  };
  for (const key of FORWARDED_KEYS) add(key, config[key]);
  for (const key of Object.keys(config).sort()) {
    if (/^@[^\s:=/]+:registry$/.test(key)) add(key, config[key]);
  }
  // npm never prints what may hold a secret: per-registry lines, and a proxy URL with a password
  // (`npm config list --json` leaves such a key out). Those come from the global npmrc, as written.
  const protectedKeys = new Set(FORWARDED_KEYS.filter((key) => !(key in config)));
  const seen = new Set();
  for (const raw of globalConfigText.split(/\r?\n/)) {
    const line = raw.trim();
    const key = /^([^=;#]+?)(?:\[\])?\s*=/.exec(line)?.[1].trim().replace(/^"(.*)"$/, '$1');
    if (key === undefined || seen.has(line)) continue;
    if (/^\/\/\S*:[A-Za-z_-]+$/.test(key) || protectedKeys.has(key)) {
      seen.add(line);
      lines.push(line);
    }
  }
  return lines;
}

/**
 * `text` (an npmrc, maybe empty) with the bootstrap's block replaced by `lines` — removed when
 * `lines` is empty. Lines outside the block are kept as they are.
 */
export function withSettingsBlock(text, lines) {
  const kept = [];
  let inside = false;
  for (const line of text.split('\n')) {
    if (line === BEGIN_MARK) inside = true;
    else if (line === END_MARK && inside) inside = false;
    else if (!inside) kept.push(line);
  }
  while (kept.length > 0 && kept[kept.length - 1] === '') kept.pop();
  const block = lines.length > 0 ? [BEGIN_MARK, ...lines, END_MARK] : [];
  const all = [...kept, ...block];
  return all.length > 0 ? `${all.join('\n')}\n` : '';
}

/**
 * The global npmrc that npm and pnpm read when `node` runs them: `<prefix>/etc/npmrc`, the prefix being
 * the folder above the real Node binary's folder (npm and pnpm take it from `process.execPath`).
 */
export function globalNpmrcOf(node) {
  return join(dirname(dirname(realpathSync(node))), 'etc', 'npmrc');
}

/**
 * Writes `lines` into the bootstrap's block of the npmrc at `file`, only when that changes the file.
 *
 * @returns {boolean} whether the file was written
 */
export function writeSettingsBlock(file, lines) {
  const before = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const after = withSettingsBlock(before, lines);
  if (after === before) return false;
  mkdirSync(dirname(file), { recursive: true });
  // Per-registry lines may hold tokens: readable by the owner only, like ~/.npmrc.
  writeFileSync(file, after, { mode: 0o600 });
  return true;
}
