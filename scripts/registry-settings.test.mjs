// The registry settings the bootstrap hands from the machine's npm to the npm and pnpm of the toolchain
// (scripts/registry-settings.mjs): which settings are forwarded, that a real npm reads the written
// npmrc back to the same values, that the bootstrap's block is rewritten in place and only on change,
// that the file written is the one npm reads on this Node, and that turbo lets the variables of a
// proxy or a custom CA through to the tasks.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { findTool, useTool } from '@opkit/test-tools';
import { afterEach, describe, expect, it } from 'vitest';
import { BEGIN_MARK, END_MARK, globalNpmrcOf, registrySettingsLines, withSettingsBlock, writeSettingsBlock } from './registry-settings.mjs';
import { ROOT } from './workspace.mjs';

/** A machine behind a corporate proxy with its own CA, as `npm config list --json` prints it. */
const CORPORATE = {
  json: true,
  audit: false,
  cache: '/root/.npm',
  globalconfig: '/usr/etc/npmrc',
  registry: 'https://npm.corp.example/repository/npm/',
  cafile: '/etc/ssl/certs/corp-ca.pem',
  ca: ['-----BEGIN CERTIFICATE-----\nMIIB;#=x\n-----END CERTIFICATE-----'],
  cert: null,
  key: null,
  proxy: 'http://proxy.corp.example:3128',
  // 'https-proxy' is left out: npm does not print a proxy URL with a password.
  noproxy: ['localhost,127.0.0.1,.corp.example'],
  'strict-ssl': false,
  'local-address': null,
  '@corp:registry': 'https://npm.corp.example/repository/internal/',
  '@other:registry': 'https://other.example/',
  'init-author-name': '',
};

const GLOBAL_NPMRC = `cafile = "/etc/ssl/certs/corp-ca.pem"
; the internal scope needs a token
//npm.corp.example/repository/internal/:_authToken=\${CORP_NPM_TOKEN}
  //npm.corp.example/repository/npm/:always-auth = true
https-proxy=http://user:p%40ss@proxy.corp.example:3128
`;

/** The environment of an npm that reads only the files it is given (no npm_config_* of the test's runner). */
function plainEnv() {
  const env = {};
  for (const [key, value] of Object.entries(process.env)) if (!/^npm_config_/i.test(key)) env[key] = value;
  return env;
}

/** npm, found once (the machine's, with no npm_config_* of the runner): without it its tests are skipped with the reason. */
const npm = findTool('npm', { hint: 'npm comes with Node.js' }, plainEnv());

const temps = [];
function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'opkit-registry-settings-'));
  temps.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('registrySettingsLines', () => {
  it('forwards registry, CA, proxy and TLS settings, scoped registries and per-registry lines', () => {
    expect(registrySettingsLines(CORPORATE, GLOBAL_NPMRC)).toEqual([
      'registry="https://npm.corp.example/repository/npm/"',
      'cafile="/etc/ssl/certs/corp-ca.pem"',
      'ca[]="-----BEGIN CERTIFICATE-----\\nMIIB;#=x\\n-----END CERTIFICATE-----"',
      'proxy="http://proxy.corp.example:3128"',
      'noproxy="localhost,127.0.0.1,.corp.example"',
      'strict-ssl=false',
      '@corp:registry="https://npm.corp.example/repository/internal/"',
      '@other:registry="https://other.example/"',
      // Copied as written: the token stays a reference to the environment.
      '//npm.corp.example/repository/internal/:_authToken=${CORP_NPM_TOKEN}',
      '//npm.corp.example/repository/npm/:always-auth = true',
      'https-proxy=http://user:p%40ss@proxy.corp.example:3128',
    ]);
  });

  it('forwards nothing for a machine on npm defaults (this machine: only its cafile)', () => {
    const defaults = { registry: 'https://registry.npmjs.org/', 'strict-ssl': true, cafile: null, ca: null, proxy: null, 'https-proxy': null, noproxy: [''], audit: false };
    expect(registrySettingsLines(defaults, '; a comment\naudit=false\n')).toEqual([]);
    expect(registrySettingsLines({ ...defaults, cafile: '/etc/ssl/certs/ca-certificates.crt' }, 'cafile = "/etc/ssl/certs/ca-certificates.crt"\n')).toEqual([
      'cafile="/etc/ssl/certs/ca-certificates.crt"',
    ]);
  });

  it('writes lines that npm reads back to the same values (npm on PATH)', (ctx) => {
    useTool(ctx, npm);
    const dir = tempDir();
    const npmrc = join(dir, 'npmrc');
    writeFileSync(npmrc, `${registrySettingsLines(CORPORATE, GLOBAL_NPMRC).join('\n')}\n`);
    const listed = spawnSync('npm', ['config', 'list', '--json', `--globalconfig=${npmrc}`, `--userconfig=${join(dir, 'none')}`], { cwd: dir, encoding: 'utf8', env: plainEnv() });
    expect(listed.status, listed.stderr).toBe(0);
    const read = JSON.parse(listed.stdout);
    for (const key of ['registry', 'cafile', 'ca', 'proxy', 'strict-ssl', '@corp:registry', '@other:registry']) {
      expect(read[key], key).toEqual(CORPORATE[key]);
    }
    expect([read.noproxy].flat().join(',')).toBe(CORPORATE.noproxy[0]);
    // The proxy with a password npm shows only masked, and only in the human-readable listing.
    const shown = spawnSync('npm', ['config', 'list', `--globalconfig=${npmrc}`, `--userconfig=${join(dir, 'none')}`], { cwd: dir, encoding: 'utf8', env: plainEnv() });
    expect(shown.stdout).toContain('https-proxy = "http://user:***@proxy.corp.example:3128"');
    // And the lines derived from what npm read are the same lines: forwarding twice changes nothing.
    expect(registrySettingsLines(read, readFileSync(npmrc, 'utf8'))).toEqual(registrySettingsLines(CORPORATE, GLOBAL_NPMRC));
  });
});

describe("the bootstrap's block in the toolchain's npmrc", () => {
  it('is added, replaced in place, removed when empty, and leaves other lines alone', () => {
    const first = withSettingsBlock('', ['cafile="/a.pem"']);
    expect(first).toBe(`${BEGIN_MARK}\ncafile="/a.pem"\n${END_MARK}\n`);
    const withOther = `loglevel=warn\n${first}`;
    const second = withSettingsBlock(withOther, ['cafile="/b.pem"', 'proxy="http://p:1"']);
    expect(second).toBe(`loglevel=warn\n${BEGIN_MARK}\ncafile="/b.pem"\nproxy="http://p:1"\n${END_MARK}\n`);
    expect(withSettingsBlock(second, ['cafile="/b.pem"', 'proxy="http://p:1"'])).toBe(second);
    expect(withSettingsBlock(second, [])).toBe('loglevel=warn\n');
    expect(withSettingsBlock(first, [])).toBe('');
  });

  it('is written only when it changes, readable by its owner only', () => {
    const file = join(tempDir(), 'etc', 'npmrc');
    expect(writeSettingsBlock(file, [])).toBe(false);
    expect(writeSettingsBlock(file, ['cafile="/a.pem"'])).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(writeSettingsBlock(file, ['cafile="/a.pem"'])).toBe(false);
    expect(writeSettingsBlock(file, ['cafile="/b.pem"'])).toBe(true);
    expect(readFileSync(file, 'utf8')).toContain('cafile="/b.pem"');
  });

  it("is the global npmrc npm reads when this test's Node runs it", (ctx) => {
    useTool(ctx, npm);
    // The machine's npm, started by this Node (the toolchain's under `npm test`) as a test spawns it.
    const env = { ...plainEnv(), PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ''}` };
    delete env.PREFIX;
    const got = spawnSync('npm', ['config', 'get', 'globalconfig'], { cwd: tempDir(), encoding: 'utf8', env });
    expect(got.status, got.stderr).toBe(0);
    expect(got.stdout.trim()).toBe(globalNpmrcOf(process.execPath));
  });
});

describe('turbo', () => {
  it('passes the variables of a custom CA, a proxy and npm settings through to every task', () => {
    const turbo = JSON.parse(readFileSync(join(ROOT, 'turbo.json'), 'utf8'));
    expect(turbo.globalPassThroughEnv).toEqual(
      expect.arrayContaining([
        'NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR',
        'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy',
        'npm_config_*', 'NPM_CONFIG_*',
      ]),
    );
  });
});
