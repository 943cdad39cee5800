// create-operator end to end: the built bin, spawned as npm would, in scratch directories outside
// the repository. Exit codes, messages, the files written, --dry-run writing nothing, an empty stdin
// never hanging, install and git steps (with fake package managers and an isolated git config), and
// the message for a Node too old to run the project.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deadline, findTool, requireTool } from '@opkit/test-tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakePackageManagers, runBin, scratch, treeOf } from './helpers.js';

const TESTDATA = fileURLToPath(new URL('../testdata', import.meta.url));
const NO_STEPS = ['--no-install', '--no-git'];
/** git, which the bin runs when it is installed (.ci/run does not install it: without it the git step's tests are skipped, CI or not). */
const gitTool = findTool('git');

let work: { dir: string; remove: () => void };
beforeEach(() => {
  work = scratch();
});
afterEach(() => work.remove());

/** The arguments of the printed "same project, without questions" command, for the bin itself. */
function equivalentArgs(stdout: string): string[] {
  const line = stdout.split('\n').map((l) => l.trim()).find((l) => l.startsWith('npm create operator@latest '));
  if (!line) throw new Error(`no equivalent command in:\n${stdout}`);
  return line.replace('npm create operator@latest ', '').split(' ').filter((word) => word !== '--');
}

describe('create-operator (the built bin)', () => {
  it('prints its help and version', () => {
    const help = runBin(['--help'], { cwd: work.dir });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('npm create operator@latest [dir] [template] -- [options]');
    expect(help.stdout).toMatch(/Templates:\n {2}minimal +An operator for one custom resource/);
    for (const flag of ['--template', '--kind', '--group', '--api-version', '--plural', '--scope', '--watch', '--pm', '--[no-]install',
      '--[no-]git', '--yes', '--[no-]interactive', '--overwrite', '--dry-run', '--json', '--opkit-version']) {
      expect(help.stdout).toContain(flag);
    }
    const version = runBin(['--version'], { cwd: work.dir });
    expect(version).toMatchObject({ status: 0, stdout: `${JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version}\n` });
  });

  it('never waits on an empty stdin: with no arguments and no terminal it takes every default', () => {
    const run = runBin([...NO_STEPS], { cwd: work.dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(treeOf(join(work.dir, 'greeting-operator'))).toEqual(treeOf(join(TESTDATA, 'minimal-default')));
  });

  it('writes exactly the golden default tree, and says what to run next', () => {
    const run = runBin(['--yes', ...NO_STEPS], { cwd: work.dir });
    expect(run.status).toBe(0);
    const project = join(work.dir, 'greeting-operator');
    for (const file of treeOf(join(TESTDATA, 'minimal-default'))) {
      expect(readFileSync(join(project, file)).equals(readFileSync(join(TESTDATA, 'minimal-default', file))), file).toBe(true);
    }
    expect(treeOf(project)).toEqual(treeOf(join(TESTDATA, 'minimal-default')));
    expect(run.stdout).toContain('Done. greeting-operator (template minimal): Kind Greeting (greetings.greeting.example.com/v1alpha1, Namespaced), watching all namespaces.');
    const next = run.stdout.slice(run.stdout.indexOf('Now run:'));
    expect(next).toMatch(/^Now run:\n {2}cd greeting-operator\n {2}npm i +# install the dependencies\n {2}npm run manifests +# regenerate deploy\/ .*\n {2}npm run dev +# run it in a live terminal UI.*\n {2}npm run test +# its tests/);
    expect(run.stdout).toContain('then kubectl apply -k deploy');
    expect(run.stdout).toContain('npm create operator@latest greeting-operator -- --template minimal --kind Greeting --group greeting.example.com --api-version v1alpha1 --plural greetings --scope Namespaced --watch all --no-install --no-git --yes');
  });

  it('writes the golden custom tree, and its printed command reproduces it byte for byte', () => {
    const run = runBin(['zoo-operator', '--kind', 'Zebra', '--group', 'z.test', '--api-version', 'v2', ...NO_STEPS], { cwd: work.dir });
    expect(run.status).toBe(0);
    const project = join(work.dir, 'zoo-operator');
    expect(treeOf(project)).toEqual(treeOf(join(TESTDATA, 'minimal-custom')));
    const again = join(work.dir, 'again');
    mkdirSync(again);
    const args = equivalentArgs(run.stdout);
    expect(args.slice(0, 3)).toEqual(['zoo-operator', '--template', 'minimal']);
    expect(runBin(args, { cwd: again }).status).toBe(0);
    for (const file of treeOf(project)) {
      expect(readFileSync(join(again, 'zoo-operator', file)).equals(readFileSync(join(project, file))), file).toBe(true);
    }
  });

  it('--dry-run writes nothing and lists the files and steps', () => {
    const run = runBin(['zoo-operator', '--dry-run', '--yes'], { cwd: work.dir });
    expect(run.status).toBe(0);
    expect(readdirSync(work.dir)).toEqual([]);
    expect(run.stdout).toContain('Dry run: nothing is written.');
    expect(run.stdout).toContain(`Would create zoo-operator (${join(work.dir, 'zoo-operator')}) from the minimal template: Kind Zoo (zoos.zoo.example.com/v1alpha1, Namespaced)`);
    expect(run.stdout).toContain('  src/api/zoo.ts\n');
    expect(run.stdout).toContain('  .gitignore\n');
    // Without git the bin plans no git step, and says why.
    expect(run.stdout).toMatch(gitTool.missing ? /Then:\n {2}npm i\n {2}npm run manifests\nNo git repository: git is not installed\./ : /Then:\n {2}npm i\n {2}npm run manifests\n {2}git init -b main/);
  });

  it('--dry-run --json prints the plan as JSON and writes nothing', () => {
    const run = runBin(['zoo-operator', '--dry-run', '--json', '--kind', 'Zebra'], { cwd: work.dir });
    expect(run.status).toBe(0);
    expect(readdirSync(work.dir)).toEqual([]);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({
      ok: true, dryRun: true, dir: join(work.dir, 'zoo-operator'), projectName: 'zoo-operator', template: 'minimal',
      resource: { kind: 'Zebra', group: 'zoo.example.com', version: 'v1alpha1', plural: 'zebras', scope: 'Namespaced' },
      watch: 'all', packageManager: 'npm', install: { planned: 'npm i' }, git: { status: gitTool.missing ? 'skipped' : 'planned' }, removed: [], kept: [],
    });
    expect(result.files).toEqual(treeOf(join(TESTDATA, 'minimal-custom')).map((f) => f.replace(/zebras\.z\.test/, 'zebras.zoo.example.com')));
  });

  it('--json reports a created project, with the next commands and the equivalent command', () => {
    const run = runBin(['zoo-operator', '--json', ...NO_STEPS], { cwd: work.dir });
    expect(run.status).toBe(0);
    const result = JSON.parse(run.stdout);
    expect(result).toMatchObject({ ok: true, dryRun: false, install: false, git: { status: 'skipped' }, warnings: [] });
    expect(result.next).toEqual(['cd zoo-operator', 'npm i', 'npm run manifests', 'npm run dev', 'npm run test']);
    expect(result.command).toMatch(/^npm create operator@latest zoo-operator -- --template minimal --kind Zoo .* --no-install --no-git --yes$/);
    expect(existsSync(join(work.dir, 'zoo-operator', 'package.json'))).toBe(true);
  });

  it.each([
    [['--template', 'webhook'], "template 'webhook' is not one of minimal"],
    [['my-op', 'nope'], "template 'nope' is not one of minimal"],
    [['--scope', 'Everywhere'], "scope 'Everywhere' is not one of Namespaced, Cluster: pass --scope Namespaced|Cluster"],
    [['--watch', 'mine'], 'pass --watch all|own-namespace'],
    [['--pm', 'pip'], 'pass --pm npm|pnpm|yarn|bun'],
    [['--kind', 'Secret'], "Kind 'Secret' is a built-in Kubernetes kind"],
    [['--group', 'nodot'], 'with at least one dot'],
    [['--api-version', 'one'], 'like v1, v1alpha1 or v2beta3'],
    [['Bad_Name'], 'not a valid npm package name'],
    [['--temlpate', 'minimal'], "unknown option '--temlpate' (did you mean --template?)"],
  ])('exits 1 on %j, naming the valid choices, and writes nothing', (args, message) => {
    const run = runBin(args, { cwd: work.dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('create-operator: error: ');
    expect(run.stderr).toContain(message);
    expect(run.stdout).toBe('');
    expect(readdirSync(work.dir)).toEqual([]);
  });

  it('reports an error as JSON with --json', () => {
    const run = runBin(['--json', '--scope', 'x'], { cwd: work.dir });
    expect(run.status).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({ ok: false, error: expect.stringContaining("scope 'x' is not one of Namespaced, Cluster") });
  });

  it('refuses a non-empty directory, and with --overwrite empties it but keeps .git', () => {
    const target = join(work.dir, 'my-operator');
    mkdirSync(join(target, '.git'), { recursive: true });
    writeFileSync(join(target, '.git', 'HEAD'), 'ref: refs/heads/main\n');
    writeFileSync(join(target, 'notes.txt'), 'mine');
    const refused = runBin(['my-operator', '--yes', ...NO_STEPS], { cwd: work.dir });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('my-operator is not empty: it holds notes.txt. Choose a new directory, or pass --overwrite');
    expect(readdirSync(target).sort()).toEqual(['.git', 'notes.txt']);

    const done = runBin(['my-operator', '--yes', '--overwrite', ...NO_STEPS], { cwd: work.dir });
    expect(done.status).toBe(0);
    expect(existsSync(join(target, 'notes.txt'))).toBe(false);
    expect(readFileSync(join(target, '.git', 'HEAD'), 'utf8')).toBe('ref: refs/heads/main\n');
    expect(existsSync(join(target, 'src', 'api', 'my.ts'))).toBe(true);
  });

  it('accepts a fresh repository\'s files, keeping its README and merging its .gitignore', () => {
    const target = join(work.dir, 'cache-operator');
    mkdirSync(target);
    writeFileSync(join(target, 'README.md'), '# cache-operator\n');
    writeFileSync(join(target, 'LICENSE'), 'MIT');
    writeFileSync(join(target, '.gitignore'), '.env\n');
    const run = runBin(['.', '--yes', ...NO_STEPS], { cwd: target });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain("warning: Kept your README.md; the template's was not written.");
    expect(readFileSync(join(target, 'README.md'), 'utf8')).toBe('# cache-operator\n');
    expect(readFileSync(join(target, '.gitignore'), 'utf8')).toMatch(/^\.env\n\n# Added by create-operator\nnode_modules\//);
    expect(JSON.parse(readFileSync(join(target, 'package.json'), 'utf8')).opkit.scaffold.kind).toBe('Cache');
    expect(run.stdout).toContain('  cd .\n');
  });
});

describe('the install step', () => {
  it('installs with the package manager that runs it, then regenerates the manifests', () => {
    const log = join(work.dir, 'pm.log');
    const bin = fakePackageManagers(work.dir, log);
    const env = { PATH: `${bin}${delimiter}${process.env.PATH}`, npm_config_user_agent: 'pnpm/10.20.0 npm/? node/v24.11.0 linux x64' };
    const run = runBin(['zoo-operator', '--kind', 'Zebra', '--no-git'], { cwd: work.dir, env });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const project = join(work.dir, 'zoo-operator');
    expect(readFileSync(log, 'utf8')).toBe(`pnpm i (in ${project})\npnpm run manifests (in ${project})\n`);
    expect(run.stdout).toContain('Installing dependencies: pnpm i');
    expect(run.stdout).toMatch(/Now run:\n {2}cd zoo-operator\n {2}pnpm run dev +#/);
    expect(run.stdout).toContain('pnpm create operator zoo-operator --template minimal --kind Zebra');
  });

  it('says plainly that a failed install left the project unfinished, with what to do, never "Done.", and exits 1', () => {
    const log = join(work.dir, 'pm.log');
    const bin = fakePackageManagers(work.dir, log, { install: 7 });
    const run = runBin(['zoo-operator', '--no-git', '--pm', 'yarn'], { cwd: work.dir, env: { PATH: `${bin}${delimiter}${process.env.PATH}` } });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('Done.');
    expect(run.stderr).toContain('create-operator: error: installing the dependencies failed (yarn install: exit code 7), so zoo-operator is not ready yet.');
    expect(run.stderr).toContain(`Its files are in place in ${join(work.dir, 'zoo-operator')}.`);
    expect(run.stderr).toContain("Read yarn's error above. If it could not reach the registry, check its settings (yarn config get registry; proxy, cafile)");
    expect(run.stderr).toMatch(/Then finish by hand:\n {2}cd zoo-operator\n {2}yarn install +# install the dependencies\n {2}yarn run manifests +# regenerate deploy\/.*\n {2}yarn run dev +#/);
    expect(readFileSync(log, 'utf8')).toBe(`yarn install (in ${join(work.dir, 'zoo-operator')})\n`);
    expect(treeOf(join(work.dir, 'zoo-operator'))).toContain('package.json');
  });

  it('fails the same way when the registry cannot be reached (a real npm install)', () => {
    const npm = spawnSync('npm', ['--version'], { encoding: 'utf8' });
    if (npm.status !== 0) throw new Error('this test runs the real npm, which is not on PATH');
    const config = join(work.dir, 'gitconfig');
    writeFileSync(config, '[user]\n\tname = Test User\n\temail = test@example.org\n');
    // Nothing listens on port 9 (discard) of the loopback address: npm's request is refused at once.
    const run = runBin(['zoo-operator'], {
      cwd: work.dir,
      env: {
        npm_config_registry: 'http://127.0.0.1:9/', npm_config_cache: join(work.dir, 'npm-cache'), npm_config_fetch_retries: '0',
        npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', GIT_CONFIG_GLOBAL: config, GIT_CONFIG_NOSYSTEM: '1',
      },
    });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('Done.');
    expect(run.stdout + run.stderr).toMatch(/ECONNREFUSED|127\.0\.0\.1:9/);
    expect(run.stderr).toMatch(/create-operator: error: installing the dependencies failed \(npm i: exit code \d+\), so zoo-operator is not ready yet\./);
    expect(run.stderr).toContain(', staged in a new git repository without a commit.');
    expect(run.stderr).toMatch(/Then finish by hand:\n {2}cd zoo-operator\n {2}npm i +#.*\n {2}npm run manifests +#.*\n {2}git add -A && git commit -m "Initial commit" +#/);
    // No first commit with a deploy/ that was never generated for these names.
    expect(spawnSync('git', ['rev-parse', '--verify', 'HEAD'], { cwd: join(work.dir, 'zoo-operator') }).status).not.toBe(0);
  }, deadline(120_000));

  it('names a package manager that is not installed', () => {
    const run = runBin(['zoo-operator', '--no-git', '--pm', 'bun'], { cwd: work.dir, env: { PATH: join(work.dir, 'empty-path') } });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('Done.');
    expect(run.stderr).toContain('create-operator: error: installing the dependencies failed (bun install: bun is not installed (not found on PATH)), so zoo-operator is not ready yet.');
  });

  it('says so when the manifests cannot be generated, and exits 1', () => {
    const bin = fakePackageManagers(work.dir, join(work.dir, 'pm.log'), { run: 3 });
    const run = runBin(['zoo-operator', '--no-git'], { cwd: work.dir, env: { PATH: `${bin}${delimiter}${process.env.PATH}` } });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toContain('Done.');
    expect(run.stderr).toContain('create-operator: error: generating the manifests failed (npm run manifests: exit code 3), so zoo-operator is not ready yet.');
    expect(run.stderr).toMatch(/Read op's error above, fix it, then finish by hand:\n {2}cd zoo-operator\n {2}npm run manifests +#/);
  });

  it('points @opkit dependencies at packed tarballs with CREATE_OPERATOR_PKG_DIR', () => {
    const packs = join(work.dir, 'packs');
    for (const name of ['cli', 'core', 'schema', 'manifests', 'testing', 'json']) {
      const src = join(work.dir, 'src', name, 'package');
      mkdirSync(src, { recursive: true });
      writeFileSync(join(src, 'package.json'), JSON.stringify({ name: `@opkit/${name}`, version: '9.9.9' }));
      mkdirSync(packs, { recursive: true });
      execFileSync('tar', ['-czf', join(packs, `opkit-${name}-9.9.9.tgz`), '-C', join(work.dir, 'src', name), 'package']);
    }
    const run = runBin(['zoo-operator', ...NO_STEPS], { cwd: work.dir, env: { CREATE_OPERATOR_PKG_DIR: 'packs' } });
    expect(run.status).toBe(0);
    const pkg = JSON.parse(readFileSync(join(work.dir, 'zoo-operator', 'package.json'), 'utf8'));
    expect(pkg.dependencies['@opkit/core']).toBe(`file:${join(packs, 'opkit-core-9.9.9.tgz')}`);
    expect(pkg.devDependencies['@opkit/testing']).toBe(`file:${join(packs, 'opkit-testing-9.9.9.tgz')}`);
    expect(pkg.overrides['@opkit/json']).toBe(`file:${join(packs, 'opkit-json-9.9.9.tgz')}`);
  });
});

describe('the git step', () => {
  requireTool(gitTool); // each test is skipped with the reason without git
  const gitEnv = (config: string): Record<string, string> => ({ GIT_CONFIG_GLOBAL: config, GIT_CONFIG_NOSYSTEM: '1' });
  const git = (cwd: string, ...args: string[]): string => execFileSync(gitTool.command, args, { cwd, encoding: 'utf8', env: { ...process.env, ...gitEnv('/dev/null') } });

  it('makes a first commit on main, after the manifests are generated, when user.name and user.email are set', () => {
    const config = join(work.dir, 'gitconfig');
    writeFileSync(config, '[user]\n\tname = Test User\n\temail = test@example.org\n');
    const log = join(work.dir, 'pm.log');
    const bin = fakePackageManagers(work.dir, log);
    const run = runBin(['zoo-operator'], { cwd: work.dir, env: { ...gitEnv(config), PATH: `${bin}${delimiter}${process.env.PATH}` } });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('A git repository was initialized with a first commit.');
    const project = join(work.dir, 'zoo-operator');
    expect(readFileSync(log, 'utf8')).toBe(`npm i (in ${project})\nnpm run manifests (in ${project})\n`);
    expect(git(project, 'log', '--format=%s|%an', 'main')).toBe('Initial commit from create-operator|Test User\n');
    expect(git(project, 'status', '--porcelain')).toBe('');
    expect(git(project, 'ls-files').trim().split('\n').sort()).toEqual(treeOf(project));
  });

  it('with --no-install, commits nothing (deploy/ is not generated for the names yet): stages the files and says what to run', () => {
    const config = join(work.dir, 'gitconfig');
    writeFileSync(config, '[user]\n\tname = Test User\n\temail = test@example.org\n');
    // own-namespace: the generated RBAC is a Role, the template's renamed one a ClusterRole.
    const run = runBin(['zoo-operator', '--no-install', '--watch', 'own-namespace'], { cwd: work.dir, env: gitEnv(config) });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('first commit.');
    expect(run.stderr).toContain('warning: No first commit yet: deploy/ (CRDs, RBAC) is generated for your names by npm run manifests, and the dependencies were not installed.');
    const project = join(work.dir, 'zoo-operator');
    expect(spawnSync('git', ['rev-parse', '--verify', 'HEAD'], { cwd: project, env: { ...process.env, ...gitEnv(config) } }).status).not.toBe(0);
    expect(git(project, 'diff', '--cached', '--name-only').trim().split('\n').sort()).toEqual(treeOf(project));
    expect(run.stdout).toMatch(/Now run:\n {2}cd zoo-operator\n {2}npm i +#.*\n {2}npm run manifests +#.*\n {2}git add -A && git commit -m "Initial commit" +# the first commit, with deploy\/ generated\n/);
  });

  it('leaves the files staged, and says why, without user.name and user.email', () => {
    const bin = fakePackageManagers(work.dir, join(work.dir, 'pm.log'));
    const run = runBin(['zoo-operator'], { cwd: work.dir, env: { ...gitEnv('/dev/null'), PATH: `${bin}${delimiter}${process.env.PATH}` } });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain('warning: git has no user.name or user.email, so the files are staged but not committed');
    const project = join(work.dir, 'zoo-operator');
    expect(spawnSync(gitTool.command, ['rev-parse', 'HEAD'], { cwd: project, env: { ...process.env, ...gitEnv('/dev/null') } }).status).not.toBe(0);
    expect(git(project, 'diff', '--cached', '--name-only').trim().split('\n').sort()).toEqual(treeOf(project));
  });

  it('does not create a repository inside another work tree', () => {
    git(work.dir, 'init', '-q', '-b', 'main');
    const run = runBin(['zoo-operator', '--no-install'], { cwd: work.dir, env: gitEnv('/dev/null') });
    expect(run.status).toBe(0);
    expect(existsSync(join(work.dir, 'zoo-operator', '.git'))).toBe(false);
    expect(run.stdout).toContain('No git repository was initialized: zoo-operator is inside an existing git work tree.');
  });
});

/** A Node older than 22.19 on this machine (the system's, beside the toolchain's), or undefined. */
function olderNode(): string | undefined {
  const candidates = ['/usr/local/bin/node', '/usr/bin/node', ...(process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'node'))];
  for (const candidate of candidates) {
    if (!existsSync(candidate) || candidate.includes('.toolchain')) continue;
    const version = spawnSync(candidate, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
    if (major !== undefined && minor !== undefined && major >= 18 && (major < 22 || (major === 22 && minor < 19))) return candidate;
  }
  return undefined;
}

describe('on an older Node', () => {
  it('says which Node Opkit needs, and still creates the project without installing it', () => {
    const node = olderNode();
    if (node === undefined) {
      throw new Error('this test needs a Node between 18 and 22.18 besides the toolchain\'s (the machine\'s /usr/bin/node is v20 here); none was found on PATH');
    }
    const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
    const run = runBin(['zoo-operator', '--yes', '--no-git'], { cwd: work.dir, node });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`warning: Opkit needs Node ≥ 22.19; you have ${version}. The project will be created`);
    expect(run.stderr).toContain('warning: Not installing dependencies: they need Node ≥ 22.19.');
    expect(treeOf(join(work.dir, 'zoo-operator'))).toContain('src/api/zoo.ts');
    expect(run.stdout).toMatch(/Now run:\n {2}cd zoo-operator\n {2}npm i/);
  });
});
