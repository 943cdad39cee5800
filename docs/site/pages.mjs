// Pages the site builds from files outside docs/: one page per example (its README, then its code) and the
// READMEs of apps that the guides link to. They are written into docs/ (git-ignored) before VitePress runs.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, posix } from 'node:path';
import { githubSlug } from './links.mjs';

/** Files of an example shown on its page, in this order (others that end in .ts follow). */
const FIRST = ['operator.ts', 'operator.test.ts'];
const HIDDEN = new Set(['vitest.config.ts']);

/** Relative links of a README at `from` (a repository path of a directory) made to work on the page of the site. */
function rewriteLinks(markdown, from, exampleNames) {
  return markdown.replace(/\]\(([^)\s]+)\)/g, (whole, href) => {
    if (/^[a-z][a-z0-9+.-]*:|^#|^\//i.test(href)) return whole;
    const [path, hash] = href.split('#');
    const target = posix.normalize(posix.join(from, path)).replace(/\/$/, '');
    const anchor = hash ? `#${hash}` : '';
    const example = /^examples\/([^/]+)(?:\/(?:README\.md)?)?$/.exec(target);
    if (example && exampleNames.has(example[1])) return `](/examples/${example[1]}${anchor})`;
    if (target === 'examples' || target === 'examples/README.md') return `](/examples/${anchor})`;
    const pkg = /^packages\/([^/]+)(?:\/(?:README\.md)?)?$/.exec(target);
    if (pkg) return `](/api/@opkit/${pkg[1]}/${anchor})`;
    const doc = /^docs\/(.+)\.md$/.exec(target);
    if (doc) return `](/${doc[1]}${anchor})`;
    // A file of the example itself is shown on the same page, under its name.
    const file = /^examples\/[^/]+\/([^/]+)$/.exec(target);
    if (file) return `](#${githubSlug(file[1])})`;
    return `](${href})`;
  });
}

/** The language a fenced block of `file` is highlighted as. */
function language(file) {
  return { '.ts': 'ts', '.yaml': 'yaml', '.yml': 'yaml', '.json': 'json', '.py': 'python' }[extname(file)] ?? 'text';
}

/**
 * Writes docs/examples/: an index from examples/README.md, a page per example directory with a README (its README,
 * then each of its source files), and examples.json (name and title, for the sidebar).
 * @param {string} root the repository
 * @param {string} docs the docs directory
 */
export function writeExamplePages(root, docs) {
  const source = join(root, 'examples');
  const out = join(docs, 'examples');
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const names = readdirSync(source, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(source, d.name, 'README.md')))
    .map((d) => d.name)
    .sort();
  const known = new Set(names);
  const list = [];
  for (const name of names) {
    const dir = join(source, name);
    const readme = rewriteLinks(readFileSync(join(dir, 'README.md'), 'utf8'), `examples/${name}`, known);
    const title = /^#\s+(.+)$/m.exec(readme)?.[1] ?? name;
    const files = readdirSync(dir)
      .filter((f) => /\.(ts|ya?ml|py)$/.test(f) && !HIDDEN.has(f))
      .sort((a, b) => (FIRST.indexOf(a) + 1 || 99) - (FIRST.indexOf(b) + 1 || 99) || a.localeCompare(b));
    const code = files.map((f) => `### ${f}\n\n\`\`\`${language(f)}\n${readFileSync(join(dir, f), 'utf8').trimEnd()}\n\`\`\`\n`);
    const run = `## Run it\n\nFrom a clone of the repository, with no cluster:\n\n\`\`\`sh\nnpm run op -- dev examples/${name} --embedded\n\`\`\`\n`;
    writeFileSync(join(out, `${name}.md`), `${readme.trimEnd()}\n\n${run}\n## The code\n\n${code.join('\n')}`);
    list.push({ name, title });
  }
  const index = rewriteLinks(readFileSync(join(source, 'README.md'), 'utf8'), 'examples', known);
  writeFileSync(join(out, 'index.md'), index);
  writeFileSync(join(out, 'examples.json'), `${JSON.stringify(list, null, 2)}\n`);
}

/**
 * Writes pages for READMEs outside docs/ that the guides link to (the benchmarks' README).
 * @param {string} root the repository
 * @param {string} docs the docs directory
 */
export function writeRepositoryPages(root, docs) {
  const bench = readFileSync(join(root, 'apps', 'bench', 'README.md'), 'utf8');
  writeFileSync(join(docs, 'bench.md'), rewriteLinks(bench, 'apps/bench', new Set()));
}

/**
 * The directories of the packages under packages/ that are published (not `private`): those the API reference covers.
 * @param {string} root the repository
 * @returns {string[]}
 */
export function publishedPackages(root) {
  const dir = join(root, 'packages');
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(dir, d.name, 'package.json')))
    .filter((d) => !JSON.parse(readFileSync(join(dir, d.name, 'package.json'), 'utf8')).private)
    .map((d) => join(dir, d.name))
    .sort();
}
