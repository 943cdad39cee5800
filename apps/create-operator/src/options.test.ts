// Option resolution as a pure function: when questions are asked, which, in what order, what the
// defaults are, and that every invalid value exits with the valid choices.
import { describe, expect, it } from 'vitest';
import { resolveOptions } from './options.js';
import type { Answers, DirState, Question, Resolution, ResolveInput, ScaffoldOptions } from './scaffoldOptions.js';
import type { TemplateInfo } from './templates.js';

const template = (name: string, kind: string, plural: string, scopes: TemplateInfo['scopes'] = ['Namespaced', 'Cluster']): TemplateInfo => ({
  name,
  scopes,
  dir: `/templates/${name}`,
  hint: `the ${name} template`,
  projectName: `${kind.toLowerCase()}-operator`,
  resource: { kind, group: 'example.com', version: 'v1alpha1', plural, scope: 'Namespaced' },
  watch: 'all',
});
const TEMPLATES = [template('minimal', 'Greeting', 'greetings'), template('children', 'WebApp', 'webapps', ['Namespaced']), template('daemon-timer', 'Ticker', 'tickers')];

const TTY = { stdin: true, stdout: true };
const NO_TTY = { stdin: false, stdout: false };

function input(argv: string[], over: Partial<ResolveInput> = {}): ResolveInput {
  return {
    argv,
    env: {},
    tty: TTY,
    cwd: '/work',
    templates: TEMPLATES,
    answers: {},
    inspectDir: () => ({ exists: false }),
    git: { available: true, insideWorkTree: () => false },
    nodeVersion: 'v24.11.0',
    ownVersion: '0.1.0',
    ...over,
  };
}

function ready(resolution: Resolution): ScaffoldOptions {
  if (resolution.type !== 'ready') throw new Error(`expected ready, got ${JSON.stringify(resolution)}`);
  return resolution.options;
}

function question(resolution: Resolution): Question {
  if (resolution.type !== 'ask') throw new Error(`expected a question, got ${JSON.stringify(resolution)}`);
  return resolution.question;
}

function error(resolution: Resolution): string {
  if (resolution.type !== 'error') throw new Error(`expected an error, got ${JSON.stringify(resolution)}`);
  return resolution.message;
}

/** Answer every question with its default (Enter), collecting the question ids in order. */
function enterThrough(base: ResolveInput): { asked: string[]; options: ScaffoldOptions } {
  const answers: Answers = {};
  const asked: string[] = [];
  for (let i = 0; i < 20; i += 1) {
    const resolution = resolveOptions({ ...base, answers });
    if (resolution.type === 'ready') return { asked, options: resolution.options };
    const q = question(resolution);
    asked.push(q.id);
    (answers as Record<string, unknown>)[q.id] = q.default;
  }
  throw new Error('too many questions');
}

describe('resolveOptions: when to ask', () => {
  it('asks on a terminal outside CI when nothing is configured', () => {
    expect(question(resolveOptions(input([]))).id).toBe('template');
    expect(question(resolveOptions(input(['my-op']))).id).toBe('template');
  });

  it.each([
    ['stdin is not a terminal', { tty: { stdin: false, stdout: true } }],
    ['stdout is not a terminal', { tty: { stdin: true, stdout: false } }],
    ['CI is set', { env: { CI: 'true' } }],
    ['CI is 1', { env: { CI: '1' } }],
  ])('never asks when %s', (_what, over) => {
    const options = ready(resolveOptions(input([], over)));
    expect(options.interactive).toBe(false);
    expect(options.template.name).toBe('minimal');
  });

  it.each([['CI=false', 'false'], ['CI=0', '0'], ['CI empty', '']])('asks with %s', (_what, value) => {
    expect(resolveOptions(input([], { env: { CI: value } })).type).toBe('ask');
  });

  it.each([
    [['--template', 'children']], [['my-op', 'children']], [['--kind', 'Cache']], [['--group', 'c.example.org']],
    [['--api-version', 'v2']], [['--plural', 'caches']], [['--scope', 'Cluster']], [['--watch', 'own-namespace']],
    [['--pm', 'pnpm']], [['--install']], [['--no-install']], [['--git']], [['--no-git']], [['--yes']], [['-y']], [['--json']],
  ])('any configuration flag stops prompting: %j', (argv) => {
    const options = ready(resolveOptions(input(argv)));
    expect(options.interactive).toBe(false);
  });

  it.each([[['--overwrite']], [['--dry-run']], [['--opkit-version', '^0.2.0']], [['my-op']]])('%j alone still asks', (argv) => {
    expect(resolveOptions(input(argv)).type).toBe('ask');
  });

  it('--interactive asks despite flags, CI or no terminal, but only what is unknown', () => {
    const base = input(['my-op', '--interactive', '--kind', 'Cache', '--no-git'], { env: { CI: 'true' }, tty: NO_TTY });
    const { asked, options } = enterThrough(base);
    expect(asked).toEqual(['template', 'customize', 'install']);
    expect(options.interactive).toBe(true);
    expect(options.resource.kind).toBe('Cache');
    expect(options.git).toBe(false);
  });

  it('--no-interactive never asks, even on a terminal', () => {
    expect(ready(resolveOptions(input(['--no-interactive']))).interactive).toBe(false);
  });

  it.each([
    [['--yes', '--interactive'], /--yes and --interactive contradict/],
    [['--json', '--interactive'], /--json and --interactive contradict/],
  ])('refuses %j', (argv, message) => {
    expect(error(resolveOptions(input(argv)))).toMatch(message);
  });
});

describe('resolveOptions: the questions, in order, with their defaults', () => {
  it('asks template, directory, customize, install and git; Enter on each gives the defaults', () => {
    const { asked, options } = enterThrough(input([]));
    expect(asked).toEqual(['template', 'dir', 'customize', 'install', 'git']);
    expect(options).toMatchObject({
      dirArg: 'greeting-operator',
      dir: '/work/greeting-operator',
      projectName: 'greeting-operator',
      template: { name: 'minimal' },
      resource: { kind: 'Greeting', group: 'greeting.example.com', version: 'v1alpha1', plural: 'greetings', scope: 'Namespaced' },
      watch: 'all',
      install: true,
      git: true,
      interactive: true,
    });
  });

  it('offers the templates with their hints, minimal first and by default', () => {
    const q = question(resolveOptions(input([])));
    if (q.id !== 'template') throw new Error(q.id);
    expect(q.choices.map((c) => c.value)).toEqual(['minimal', 'children', 'daemon-timer']);
    expect(q.choices[1]).toEqual({ value: 'children', label: 'children', hint: 'the children template' });
    expect(q.default).toBe('minimal');
  });

  it('defaults the directory to the template\'s project name and checks what is typed', () => {
    const q = question(resolveOptions(input([], { answers: { template: 'children' } })));
    if (q.id !== 'dir') throw new Error(q.id);
    expect(q.default).toBe('webapp-operator');
    expect(q.validate('memcached-operator')).toBeUndefined();
    expect(q.validate('My Operator')).toMatch(/not a valid npm package name/);
    expect(q.validate('')).toMatch(/empty/);
  });

  it('shows the derived defaults in the customize question', () => {
    const q = question(resolveOptions(input(['memcached-operator'], { answers: { template: 'minimal' } })));
    expect(q).toMatchObject({
      id: 'customize',
      message: 'Customize the resource? Defaults: Kind Memcached (memcacheds.memcached.example.com/v1alpha1, Namespaced), operator watches all namespaces',
      default: false,
    });
  });

  it('asks Kind, group, version, plural, scope and watch when customizing; the plural follows the new Kind', () => {
    const answers: Answers = { template: 'minimal', customize: true };
    const base = input(['memcached-operator']);
    expect(question(resolveOptions({ ...base, answers }))).toMatchObject({ id: 'kind', default: 'Memcached' });
    answers.kind = 'Policy';
    expect(question(resolveOptions({ ...base, answers }))).toMatchObject({ id: 'group', default: 'memcached.example.com' });
    answers.group = 'policy.acme.io';
    expect(question(resolveOptions({ ...base, answers }))).toMatchObject({ id: 'version', default: 'v1alpha1' });
    answers.version = 'v1beta1';
    const plural = question(resolveOptions({ ...base, answers }));
    expect(plural).toMatchObject({ id: 'plural', default: 'policies' });
    if (plural.id === 'plural') expect(plural.validate('Policies')).toMatch(/not a DNS label/);
    answers.plural = 'policies';
    expect(question(resolveOptions({ ...base, answers }))).toMatchObject({ id: 'scope', default: 'Namespaced' });
    answers.scope = 'Cluster';
    expect(question(resolveOptions({ ...base, answers }))).toMatchObject({ id: 'watch', default: 'all' });
    answers.watch = 'own-namespace';
    expect(question(resolveOptions({ ...base, answers }))).toMatchObject({ id: 'install', default: true });
    answers.install = false;
    expect(question(resolveOptions({ ...base, answers }))).toMatchObject({ id: 'git', default: true });
    answers.git = false;
    const options = ready(resolveOptions({ ...base, answers }));
    expect(options.resource).toEqual({ kind: 'Policy', group: 'policy.acme.io', version: 'v1beta1', plural: 'policies', scope: 'Cluster' });
    expect(options).toMatchObject({ watch: 'own-namespace', install: false, git: false });
  });

  it('asks for a Kind when the directory gives an invalid one', () => {
    const base = input(['pod-operator'], { answers: { template: 'minimal' } });
    expect(question(resolveOptions(base))).toMatchObject({ id: 'kind', default: '' });
  });

  it('does not ask about git inside a work tree or without git, and says why', () => {
    const inside = enterThrough(input([], { git: { available: true, insideWorkTree: () => true } }));
    expect(inside.asked).not.toContain('git');
    expect(inside.options).toMatchObject({ git: false, gitSkipped: 'greeting-operator is inside an existing git work tree' });
    const none = enterThrough(input([], { git: { available: false, insideWorkTree: () => false } }));
    expect(none.asked).not.toContain('git');
    expect(none.options).toMatchObject({ git: false, gitSkipped: 'git is not installed' });
  });

  it('--no-git is the user\'s choice, not a skip', () => {
    expect(ready(resolveOptions(input(['--no-git'], { git: { available: false, insideWorkTree: () => false } }))).gitSkipped).toBeUndefined();
  });
});

describe('resolveOptions: non-interactive defaults', () => {
  it('--yes takes every default: the template\'s project name as the directory', () => {
    const options = ready(resolveOptions(input(['--yes'])));
    expect(options).toMatchObject({
      dir: '/work/greeting-operator',
      resource: { kind: 'Greeting', group: 'greeting.example.com', version: 'v1alpha1', plural: 'greetings', scope: 'Namespaced' },
      watch: 'all', install: true, git: true, dryRun: false, json: false, opkitVersion: '^0.1.0', scaffolderVersion: '0.1.0', remove: [], keep: [],
    });
    expect(options.pm).toEqual({ name: 'npm', agent: 'npm' });
  });

  it('derives Kind, group and plural from the directory', () => {
    const options = ready(resolveOptions(input(['memcached-operator', 'children', '--no-install'])));
    expect(options.template.name).toBe('children');
    expect(options.resource).toEqual({ kind: 'Memcached', group: 'memcached.example.com', version: 'v1alpha1', plural: 'memcacheds', scope: 'Namespaced' });
    expect(ready(resolveOptions(input(['--template', 'children', '--yes']))).resource).toMatchObject({ kind: 'WebApp', plural: 'webapps' });
  });

  it('uses every flag given', () => {
    const options = ready(resolveOptions(input([
      '../elsewhere/zoo-operator', '--kind', 'Zebra', '--group', 'z.test', '--api-version', 'v2', '--plural', 'zebrae',
      '--scope', 'cluster', '--watch', 'own-namespace', '--pm', 'bun', '--no-install', '--no-git', '--dry-run', '--opkit-version', '0.2.0',
    ])));
    expect(options).toMatchObject({
      dirArg: '../elsewhere/zoo-operator', dir: '/elsewhere/zoo-operator', projectName: 'zoo-operator',
      resource: { kind: 'Zebra', group: 'z.test', version: 'v2', plural: 'zebrae', scope: 'Cluster' },
      watch: 'own-namespace', install: false, git: false, dryRun: true, opkitVersion: '^0.2.0', pm: { name: 'bun' },
    });
  });

  it('takes "." as the current directory, named by its basename', () => {
    const options = ready(resolveOptions(input(['.', '--yes'], { cwd: '/home/me/cache-operator' })));
    expect(options).toMatchObject({ dir: '/home/me/cache-operator', projectName: 'cache-operator', resource: { kind: 'Cache' } });
  });

  it('does not install by default on a Node that cannot run the project, and says so', () => {
    const options = ready(resolveOptions(input(['--yes'], { nodeVersion: 'v20.11.0' })));
    expect(options.install).toBe(false);
    expect(options.notes).toEqual(['Not installing dependencies: they need Node ≥ 22.19.']);
    expect(ready(resolveOptions(input(['--yes', '--install'], { nodeVersion: 'v20.11.0' }))).install).toBe(true);
  });

  it.each([['0.2.0', '^0.2.0'], ['1.0.0-rc.1', '^1.0.0-rc.1'], ['~0.2.0', '~0.2.0'], ['>=0.2 <0.4', '>=0.2 <0.4'], ['next', 'next']])(
    '--opkit-version %s → %s',
    (given, range) => {
      expect(ready(resolveOptions(input(['--yes', '--opkit-version', given]))).opkitVersion).toBe(range);
    },
  );

  it('reads CREATE_OPERATOR_PKG_DIR relative to the working directory', () => {
    expect(ready(resolveOptions(input(['--yes'], { env: { CREATE_OPERATOR_PKG_DIR: '.packs' } }))).pkgDir).toBe('/work/.packs');
  });
});

describe('resolveOptions: the package manager', () => {
  it.each([
    ['npm/10.9.2 node/v24.11.0 linux x64 workspaces/false', 'npm', 'npm'],
    ['pnpm/10.20.0 npm/? node/v24.11.0 linux x64', 'pnpm', 'pnpm'],
    ['yarn/1.22.22 npm/? node/v20.11.0 darwin arm64', 'yarn', 'yarn'],
    ['yarn/4.5.3 npm/? node/v22.11.0 linux x64', 'yarn', 'yarn@berry'],
    ['bun/1.1.38 npm/? node/v22.6.0 linux x64', 'bun', 'bun'],
    [undefined, 'npm', 'npm'],
    ['deno/2.1.0 npm/? deno/2.1.0 linux x86_64', 'npm', 'npm'],
  ])('from the user agent %j', (ua, name, agent) => {
    const options = ready(resolveOptions(input(['--yes'], { env: { npm_config_user_agent: ua } })));
    expect(options.pm).toMatchObject({ name, agent });
  });

  it('--pm wins over the user agent, keeping its version when they agree', () => {
    const env = { npm_config_user_agent: 'yarn/4.5.3 npm/? node/v22.11.0 linux x64' };
    expect(ready(resolveOptions(input(['--pm', 'pnpm'], { env }))).pm).toEqual({ name: 'pnpm', agent: 'pnpm' });
    expect(ready(resolveOptions(input(['--pm', 'yarn'], { env }))).pm).toEqual({ name: 'yarn', version: '4.5.3', agent: 'yarn@berry' });
  });
});

describe('resolveOptions: invalid values exit 1 with the valid choices', () => {
  it.each([
    [['--template', 'webhook'], "template 'webhook' is not one of minimal, children, daemon-timer: pass --template minimal|children|daemon-timer"],
    [['my-op', 'fancy'], "template 'fancy' is not one of minimal, children, daemon-timer"],
    [['--scope', 'Global'], "scope 'Global' is not one of Namespaced, Cluster: pass --scope Namespaced|Cluster"],
    [['--template', 'children', '--scope', 'Cluster'], 'the children template needs a Namespaced Kind (its handlers create namespaced objects); --scope Cluster does not work with it'],
    [['--watch', 'some'], "watch mode 'some' is not one of all, own-namespace: pass --watch all|own-namespace"],
    [['--pm', 'cnpm'], "package manager 'cnpm' is not one of npm, pnpm, yarn, bun: pass --pm npm|pnpm|yarn|bun"],
    [['--kind', 'zebra'], "--kind: Kind 'zebra' is not PascalCase"],
    [['--kind', 'Service'], "--kind: Kind 'Service' is a built-in Kubernetes kind"],
    [['--group', 'zoo'], "--group: group 'zoo' is not a DNS subdomain with a dot"],
    [['--group', 'apps.k8s.io'], 'reserved for Kubernetes'],
    [['--api-version', 'v1.0'], "--api-version: API version 'v1.0' is not a Kubernetes version: expected v<N>, v<N>alpha<M> or v<N>beta<M>"],
    [['--plural', 'Zebras'], "--plural: plural 'Zebras' is not a DNS label"],
    [['My-Operator'], "directory 'My-Operator' is not a valid npm package name"],
    [['my_operator'], "directory 'my_operator' cannot name the operator's namespace"],
    [['pod-operator', '--yes'], "Kind 'Pod' is a built-in Kubernetes kind: choose a name of your own, like PodSet or MyPod (derived from the directory name 'pod-operator'; pass --kind to choose one)"],
    [['1st-operator', '--yes'], "(derived from the directory name '1st-operator'; pass --kind to choose one)"],
    [['x', 'minimal', 'y'], 'too many arguments'],
    [['x', 'minimal', '--template', 'children'], "the template is given twice, as 'minimal' and --template children"],
    [['--opkit-version', ' '], '--opkit-version needs a version range'],
    [['--bogus'], "unknown option '--bogus'"],
  ])('%j', (argv, message) => {
    const resolution = resolveOptions(input(argv));
    expect(error(resolution)).toContain(message);
  });

  it('checks flags before asking anything', () => {
    expect(resolveOptions(input(['--interactive', '--scope', 'nope'])).type).toBe('error');
  });

  it('marks errors for --json', () => {
    expect(resolveOptions(input(['--json', '--scope', 'x']))).toMatchObject({ type: 'error', json: true });
    expect(resolveOptions(input(['--json', '--nope']))).toMatchObject({ type: 'error', json: true });
  });
});

describe('resolveOptions: an existing directory', () => {
  const dirWith = (entries: string[]): ((path: string) => DirState) => (path) =>
    path === '/work/my-operator' ? { exists: true, isDirectory: true, entries } : { exists: false };

  it('accepts one holding only what a fresh repository has, and keeps it', () => {
    const options = ready(resolveOptions(input(['my-operator', '--yes'], { inspectDir: dirWith(['.git', 'README.md', 'LICENSE', '.gitignore']) })));
    expect(options.remove).toEqual([]);
    expect(options.keep).toEqual(['.git', '.gitignore', 'LICENSE', 'README.md']);
  });

  it('refuses a non-empty one without --overwrite, naming what is there', () => {
    const message = error(resolveOptions(input(['my-operator', '--yes'], { inspectDir: dirWith(['.git', 'src', 'package.json']) })));
    expect(message).toBe('my-operator is not empty: it holds package.json, src. Choose a new directory, or pass --overwrite to remove its files first (.git is kept)');
  });

  it('--overwrite removes everything but .git', () => {
    const options = ready(resolveOptions(input(['my-operator', '--yes', '--overwrite'], { inspectDir: dirWith(['.git', 'src', 'README.md']) })));
    expect(options.remove).toEqual(['README.md', 'src']);
    expect(options.keep).toEqual(['.git']);
  });

  it('asks before overwriting on a terminal', () => {
    const base = input(['my-operator'], { inspectDir: dirWith(['a', 'b', 'c', 'd', 'e', 'f', 'g']), answers: { template: 'minimal' } });
    expect(question(resolveOptions(base))).toEqual({
      id: 'overwrite',
      message: 'my-operator is not empty (a, b, c, d, e and 2 more). Remove its files (except .git) and continue?',
      default: false,
    });
    expect(ready(resolveOptions({ ...base, answers: { template: 'minimal', overwrite: true, customize: false, install: true, git: true } })).remove).toHaveLength(7);
  });

  it('refuses a file in the way', () => {
    const message = error(resolveOptions(input(['my-operator', '--yes'], { inspectDir: () => ({ exists: true, isDirectory: false, entries: [] }) })));
    expect(message).toBe('my-operator exists and is not a directory: choose another name');
  });
});
