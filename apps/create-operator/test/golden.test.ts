// Golden tests: every template in templates/, rendered with the defaults (`--yes`) and with custom
// names, must equal the committed tree under testdata/<template>-<variant>/, file for file and byte
// for byte — so any change to a template or to rendering shows up as a reviewable diff. And however
// a template is renamed, none of its own names may survive in a path or a file.
//
// Regenerate after an intended change: `pnpm --filter create-operator gen:testdata` (GEN_TESTDATA=1).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { findTool, useTool } from '@opkit/test-tools';
import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/options.js';
import { listTemplateFiles, RENAMED_FILES, renderTemplate, templateIdentity } from '../src/render.js';
import type { RenderedFile } from '../src/render.js';
import { defaultTemplatesDir, listTemplates } from '../src/templates.js';
import type { TemplateInfo } from '../src/templates.js';
import { identityNames } from '../src/tokens.js';

const TESTDATA = fileURLToPath(new URL('../testdata', import.meta.url));
const GENERATE = process.env.GEN_TESTDATA === '1';
/** The version golden renders record, fixed so that a release does not change the test data. */
const GOLDEN_VERSION = '0.1.0';
const REGENERATE = 'if the change is intended, run `pnpm --filter create-operator gen:testdata` and commit testdata/';

const VARIANTS: Readonly<Record<string, readonly string[]>> = {
  default: ['--yes'],
  custom: ['zoo-operator', '--kind', 'Zebra', '--group', 'z.test', '--api-version', 'v2', '--watch', 'own-namespace'],
};

const templates = listTemplates(defaultTemplatesDir());

/** Render a template exactly as the CLI would for `argv` (in a fresh directory, without install or git). */
function renderWith(template: TemplateInfo, argv: readonly string[]): RenderedFile[] {
  const resolution = resolveOptions({
    argv: [...argv, '--template', template.name, '--no-install', '--no-git'],
    env: {},
    tty: { stdin: false, stdout: false },
    cwd: '/golden',
    templates,
    answers: {},
    inspectDir: () => ({ exists: false }),
    git: { available: false, insideWorkTree: () => false },
    nodeVersion: 'v24.11.0',
    ownVersion: GOLDEN_VERSION,
  });
  if (resolution.type !== 'ready') throw new Error(`cannot render ${template.name} with ${argv.join(' ')}: ${JSON.stringify(resolution)}`);
  const { options } = resolution;
  return renderTemplate({
    template,
    projectName: options.projectName,
    resource: options.resource,
    watch: options.watch,
    scaffolderVersion: options.scaffolderVersion,
    opkitRange: options.opkitVersion,
    pm: options.pm.name,
  });
}

/** Every file under `dir`, relative, sorted. */
function filesUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (abs: string): void => {
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const path = join(abs, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(relative(dir, path).split('\\').join('/'));
    }
  };
  if (existsSync(dir)) walk(dir);
  return out.sort();
}

/** `path: line N: committed "…" ≠ rendered "…"`, to show where a golden file differs. */
function firstDifference(path: string, committed: Buffer, rendered: Buffer): string {
  const a = committed.toString('utf8').split('\n');
  const b = rendered.toString('utf8').split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line < 0 ? a.length : line;
  return `${path}: line ${at + 1}: committed ${JSON.stringify(a[at] ?? '<end>')} ≠ rendered ${JSON.stringify(b[at] ?? '<end>')}`;
}

function write(dir: string, files: readonly RenderedFile[]): void {
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const target = join(dir, file.path);
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, file.content);
  }
}

describe('golden renders (testdata/<template>-<variant>)', () => {
  it('finds the templates', () => {
    expect(templates.map((t) => t.name)).toContain('minimal');
  });

  const expected = new Set(templates.flatMap((t) => Object.keys(VARIANTS).map((variant) => `${t.name}-${variant}`)));

  for (const template of templates) {
    for (const [variant, argv] of Object.entries(VARIANTS)) {
      const name = `${template.name}-${variant}`;
      it(`${name}: create-operator ${[...argv, '--template', template.name].join(' ')}`, () => {
        const dir = join(TESTDATA, name);
        const rendered = renderWith(template, argv);
        if (GENERATE) write(dir, rendered);
        const committed = filesUnder(dir);
        expect(committed, `testdata/${name} has other files than the rendering; ${REGENERATE}`).toEqual(rendered.map((f) => f.path));
        const differing = rendered.filter((f) => !readFileSync(join(dir, f.path)).equals(f.content)).map((f) => firstDifference(f.path, readFileSync(join(dir, f.path)), f.content));
        expect(differing, `these files of testdata/${name} differ from the rendering; ${REGENERATE}`).toEqual([]);
      });
    }
  }

  it('has test data for every template and variant, and none for templates that are gone (after the renders above)', () => {
    if (GENERATE) {
      mkdirSync(TESTDATA, { recursive: true });
      for (const entry of readdirSync(TESTDATA)) if (!expected.has(entry)) rmSync(join(TESTDATA, entry), { recursive: true, force: true });
    }
    const present = existsSync(TESTDATA) ? readdirSync(TESTDATA).sort() : [];
    expect(present, `testdata/ should hold exactly these folders; ${REGENERATE}`).toEqual([...expected].sort());
  });

  it('keeps every test data file visible to git (a rendered .gitignore must not hide its own project)', (ctx) => {
    const git = useTool(ctx, findTool('git')); // skipped with the reason without git (.ci/run does not install it)
    const files = filesUnder(TESTDATA).map((f) => join(TESTDATA, f));
    const result = spawnSync(git, ['check-ignore', '--no-index', '--stdin'], { input: files.join('\n'), encoding: 'utf8', cwd: TESTDATA });
    // Exit 1 means no path is ignored; 0 lists the ignored ones.
    expect(result.stdout.trim().split('\n').filter(Boolean).map((f) => relative(TESTDATA, f))).toEqual([]);
    expect(result.status).toBe(1);
  });
});

describe('renaming leaves none of a template\'s names behind', () => {
  const survivors = (template: TemplateInfo, files: readonly RenderedFile[]): string[] => {
    const names = identityNames(templateIdentity(template)).map((n) => n.toLowerCase());
    const found: string[] = [];
    for (const file of files) {
      const path = file.path.toLowerCase();
      const content = file.content.toString('utf8').toLowerCase();
      for (const name of names) {
        if (path.includes(name)) found.push(`${file.path}: path contains '${name}'`);
        const at = content.indexOf(name);
        if (at >= 0) found.push(`${file.path}: '${name}' in …${file.content.toString('utf8').slice(Math.max(0, at - 30), at + name.length + 30)}…`);
      }
    }
    return found;
  };

  for (const template of templates) {
    it(`${template.name}: as zoo-operator with Kind Zebra, group z.test, version v2`, () => {
      const files = renderWith(template, VARIANTS.custom!);
      expect(survivors(template, files)).toEqual([]);
      // Every file of the template is there, under its new name.
      expect(files).toHaveLength(listTemplateFiles(template.dir).length);
    });

    it(`${template.name}: with any valid names (property)`, () => {
      const word = fc.stringMatching(/^[A-Z][a-z]{2,7}$/);
      const names = fc.record({
        kind: fc.tuple(word, fc.option(word, { nil: undefined })).map(([a, b]) => a + (b ?? '')),
        group: fc.tuple(fc.stringMatching(/^[a-z]{1,6}$/), fc.stringMatching(/^[a-z]{2,4}$/)).map(([a, b]) => `${a}.${b}`),
        version: fc.constantFrom('v1', 'v2', 'v1beta1', 'v3alpha2'),
        project: fc.stringMatching(/^[a-z]{2,8}$/),
        scope: fc.constantFrom(...template.scopes),
      });
      const own = identityNames(templateIdentity(template)).map((n) => n.toLowerCase());
      fc.assert(
        fc.property(names, ({ kind, group, version, project, scope }) => {
          const dir = `${project}-operator`;
          // New names that contain an old one would make the old one "survive" by construction.
          const fresh = [kind, group, version, dir].join(' ').toLowerCase();
          fc.pre(own.every((name) => !fresh.includes(name)));
          const files = renderWith(template, [dir, '--kind', kind, '--group', group, '--api-version', version, '--scope', scope]);
          expect(survivors(template, files)).toEqual([]);
        }),
        { numRuns: 25 },
      );
    });

    it(`${template.name}: rendering with its own names changes nothing but package.json and the dotfile names`, () => {
      const files = renderWith(template, [template.projectName, '--kind', template.resource.kind, '--group', template.resource.group, '--plural', template.resource.plural]);
      for (const source of listTemplateFiles(template.dir)) {
        if (source === 'package.json') continue;
        const path = source.split('/').map((s) => RENAMED_FILES[s] ?? s).join('/');
        const file = files.find((f) => f.path === path);
        expect(file?.content.equals(readFileSync(join(template.dir, source))), path).toBe(true);
      }
    });
  }
});

// The rename is word-exact: a template's name becomes the project's only where the template wrote that
// name, never inside another word, and templates never use their Kind's name as an ordinary word in a
// sentence (a scaffold named my-op once read "continues after a restart without myop twice", and "The
// myop, as last rendered by the operator", because the minimal template said "without greeting twice").
describe('renaming changes names, never ordinary words', () => {
  /** The text files of a rendering, by path. */
  const texts = (files: readonly RenderedFile[]): [string, string][] =>
    files.filter((f) => !f.content.subarray(0, 8000).includes(0)).map((f) => [f.path, f.content.toString('utf8')]);
  /** The words of a text: runs of letters and digits, also with `-` and `_` inside (kebab and snake names). */
  const wordsOf = (text: string): string[] => text.match(/[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*/g) ?? [];

  for (const template of templates) {
    it(`${template.name}: as my-op, the project's names never appear inside a longer word`, () => {
      // Each spelling of the names (project my-op, Kind MyOp) may stand alone or as a part of a compound:
      // after a separator or, capitalised, after a lowercase letter (`listMyOps`); before a separator,
      // a capital or digit (`MyOpSpec`, `myop-operator`) or a plural s. Anything else — `ncmyop`,
      // `remyoping` — means a name was replaced inside an ordinary word.
      const files = renderWith(template, ['my-op']);
      const spellings = ['MyOp', 'myOp', 'myop', 'MYOP', 'my-op', 'my_op', 'MY_OP'];
      const strays: string[] = [];
      for (const [path, text] of texts(files)) {
        for (const word of new Set(wordsOf(text))) {
          for (const spelling of spellings) {
            for (let at = word.indexOf(spelling); at >= 0; at = word.indexOf(spelling, at + 1)) {
              const before = word[at - 1];
              const after = word[at + spelling.length];
              const afterNext = word[at + spelling.length + 1];
              const capital = /^[A-Z]/.test(spelling);
              const upper = spelling === spelling.toUpperCase();
              const okBefore = before === undefined || /[-_]/.test(before) || (capital && /[a-z0-9]/.test(before));
              const plural = after === (upper ? 'S' : 's') && (afterNext === undefined || !/[a-z]/.test(afterNext));
              const okAfter = after === undefined || /[-_0-9]/.test(after) || (!upper && /[A-Z]/.test(after)) || plural;
              if (!okBefore || !okAfter) strays.push(`${path}: '${spelling}' inside '${word}'`);
            }
          }
        }
      }
      expect(strays).toEqual([]);
    });

    it(`${template.name}: uses its Kind's lowercase name only as a name, never as a word in a sentence`, () => {
      // `the greeting, as …` or `without greeting twice`: a lowercase Kind between two words of prose is an
      // English word, which renaming would turn into the project's Kind. Templates write the Kind as
      // \`Greeting\` or in code (paths, identifiers, YAML values) instead.
      const names = [template.resource.kind.toLowerCase(), template.resource.plural.toLowerCase()];
      const prose = new RegExp(`(?<=\\b[A-Za-z]+ )(${names.join('|')})(?=[,;.]? [a-z])`, 'g');
      const found: string[] = [];
      for (const path of listTemplateFiles(template.dir)) {
        const text = readFileSync(join(template.dir, path), 'utf8');
        for (const match of text.matchAll(prose)) found.push(`${path}: …${text.slice(Math.max(0, match.index - 30), match.index + 40)}…`);
      }
      expect(found, 'reword these sentences: the rename would change the word').toEqual([]);
    });
  }
});
