#!/usr/bin/env node
// The layer check: the import rules of docs/architecture.md, enforced in CI instead of by review.
//
// It reads every TypeScript/JavaScript source of every workspace package, collects its imports
// with the TypeScript parser, and reports each import that breaks a rule, naming the rule, the
// file and what is allowed instead. Type-only imports count for the layer rules (a type is still
// a dependency) but not for cycles (they are erased at run time). What the check could not see is
// refused: code (not a test) importing a test file, whose imports no rule holds; and a module loaded
// by a computed name (`import(name)`, `require(name)`), outside the operator loader (loadOperator). Every require
// function counts, whatever its name: `const load = createRequire(import.meta.url); load('x')` is an import of x.
//
// Usage: node scripts/check-layers.mjs [--root DIR]   (exit 1 on any violation)

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { createRequire } from 'node:module';
import { listWorkspacePackages, ROOT } from './workspace.mjs';

const require = createRequire(import.meta.url);

/**
 * The layers of docs/architecture.md. `may` lists the workspace packages (by folder name under packages/)
 * that a package may import; `'*'` means any package. Apps and examples may import any package.
 */
export const LAYERS = {
  json: { layer: 0, may: [] },
  tasks: { layer: 0, may: [] },
  schema: { layer: 0, may: [] },
  apiserver: { layer: 0, may: ['json', 'tasks'] },
  kube: { layer: 0, may: ['json', 'tasks'] },
  handlers: { layer: 1, may: ['json', 'tasks', 'kube', 'schema'] },
  watching: { layer: 2, may: ['json', 'tasks', 'kube', 'schema', 'handlers'] },
  state: { layer: 2, may: ['json', 'tasks', 'kube', 'schema', 'handlers'] },
  daemons: { layer: 2, may: ['json', 'tasks', 'kube', 'schema', 'handlers'] },
  peering: { layer: 2, may: ['json', 'tasks', 'kube', 'schema', 'handlers'] },
  webhooks: { layer: 2, may: ['json', 'tasks', 'kube', 'schema', 'handlers'] },
  'labeled-config': { layer: 2, may: ['json', 'tasks', 'kube', 'schema', 'handlers'] },
  core: { layer: 3, may: ['json', 'tasks', 'kube', 'schema', 'handlers', 'watching', 'state', 'daemons', 'peering', 'webhooks', 'labeled-config'] },
  testing: { layer: 4, may: ['core', 'json', 'tasks', 'kube', 'apiserver', 'schema', 'handlers'] },
  manifests: { layer: 4, may: ['core', 'json', 'tasks', 'kube', 'schema', 'handlers'] },
  health: { layer: 4, may: ['core', 'json', 'tasks', 'kube', 'schema', 'handlers'] },
  // Test-only helpers (private): no package's sources may import it, only tests (TEST_MAY).
  'test-tools': { layer: 0, may: [] },
};

/**
 * What tests may import on top of their package's layer: the embedded API server they run against, and the test-only
 * helpers (what a test does when a tool it drives is missing).
 */
const TEST_MAY = ['apiserver', 'test-tools'];
/** Where tsyringe may be imported: core's composition root and the apps. */
const TSYRINGE_ALLOWED = [/^packages\/core\/src\/root(\/|\.ts$)/, /^apps\//];
/** Where @kubernetes/client-node may be imported: @opkit/kube, and tests anywhere. */
const CLIENT_NODE_ALLOWED = [/^packages\/kube\//];
/**
 * The one exception outside @opkit/kube: the bench's raw baseline, an operator written by hand on
 * @kubernetes/client-node alone so that Opkit's figures have something to be compared with (docs/performance.md).
 * Only that folder; the rest of apps/bench goes through @opkit/kube like any app.
 */
const CLIENT_NODE_BASELINE = [/^apps\/bench\/src\/raw\//];

/**
 * Where a module may be loaded by a computed name (`import(name)`, `require(name)`): the operator
 * loader (loadOperator, in @opkit/handlers; core re-exports it), which imports the user's operator files. Anywhere else the layer check could not see what loads.
 * The other entries are repository tooling that loads built files by path (each named, so the list
 * only shrinks): the hand-run Kopf comparisons load the packages' dist/, node-check.test.mjs loads
 * tasks' dist/requireNode.js (no entry exports it) and the scaffold end-to-end test loads scripts/pack.mjs.
 */
const COMPUTED_IMPORT_ALLOWED = [
  /^packages\/handlers\/src\/loader\.ts$/,
  /^scripts\/kopf-(handover|peering|log-vectors)\.mjs$/,
  /^scripts\/node-check\.test\.mjs$/,
  /^apps\/create-operator\/test\/scaffold\.e2e\.test\.ts$/,
];

const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** Generated or installed folders, skipped wherever they are. */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'reports', 'coverage', '.turbo']);
/**
 * The one folder of deliberately broken workspaces: this checker's own fixtures (root-relative). Any other
 * folder named `fixtures` is checked like the code around it.
 */
const CHECKER_FIXTURES = 'scripts/fixtures';

/**
 * Whether a file is a test, by its path inside its package: a `*.test.*` / `*.spec.*` file anywhere, any file under
 * the package's top-level `test/` folder, or the package's `vitest.config.*` (it sets the tests' deadlines). A `test/`
 * folder deeper down (`src/test/`) is production code.
 */
export function isTestFile(packageRelative) {
  return /\.(test|spec)\.[cm]?[jt]sx?$/.test(packageRelative) || packageRelative.startsWith('test/')
    || /^vitest\.config\.[cm]?[jt]s$/.test(packageRelative);
}

/** The subpaths (`./x`) a package's `exports` declares besides `.`: entries as public as its main one. */
function declaredSubpaths(root, pkg) {
  const exports = JSON.parse(readFileSync(join(root, pkg.dir, 'package.json'), 'utf8')).exports;
  if (!exports || typeof exports !== 'object') return new Set();
  return new Set(Object.keys(exports).filter((key) => key.startsWith('./')).map((key) => `${pkg.name}/${key.slice(2)}`));
}

/**
 * The source files of the package at `dir`, without the folders of `skip` (root-relative paths: the checker's
 * fixtures and packages nested inside this one, which are checked as packages of their own).
 */
function walk(root, dir, skip, out = []) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(entry.name) || entry.name.startsWith('.')) continue;
      if (skip.has(relative(root, path).split(sep).join('/'))) continue;
      walk(root, path, skip, out);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      out.push(path);
    }
  }
  return out;
}

/** Strips parentheses, `as`, `satisfies` and `!` around an expression: `(load as Require)('x')` calls `load`. */
function bare(ts, node) {
  let inner = node;
  while (ts.isParenthesizedExpression(inner) || ts.isAsExpression(inner) || ts.isNonNullExpression(inner) || ts.isTypeAssertionExpression?.(inner) || (ts.isSatisfiesExpression && ts.isSatisfiesExpression(inner))) {
    inner = inner.expression;
  }
  return inner;
}

/**
 * A test for "this expression is a require function": `require` itself, and any function `createRequire`
 * made — whatever it is named (`const load = createRequire(import.meta.url)`), aliased (`const r = load`)
 * or imported as (`import { createRequire as mk } from 'node:module'`, `mod.createRequire`), or called at
 * once (`createRequire(url)('x')`).
 */
function requireDetector(ts, source) {
  const makers = new Set(['createRequire']);
  const visitImports = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && /^(node:)?module$/.test(node.moduleSpecifier.text)) {
      const bindings = node.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if ((element.propertyName ?? element.name).text === 'createRequire') makers.add(element.name.text);
        }
      }
    } else if (ts.isBindingElement(node) && ts.isIdentifier(node.name) && (node.propertyName ?? node.name).getText?.(source) === 'createRequire') {
      makers.add(node.name.text); // const { createRequire: mk } = await import('node:module')
    }
    ts.forEachChild(node, visitImports);
  };
  visitImports(source);
  const isMaker = (expression) => {
    const callee = bare(ts, expression);
    return (ts.isIdentifier(callee) && makers.has(callee.text)) || (ts.isPropertyAccessExpression(callee) && callee.name.text === 'createRequire');
  };
  const requires = new Set(['require']);
  const isRequire = (expression) => {
    const callee = bare(ts, expression);
    if (ts.isIdentifier(callee)) return requires.has(callee.text);
    return ts.isCallExpression(callee) && isMaker(callee.expression);
  };
  // Variables that hold a require function, through any chain of assignments: repeat until nothing is added.
  const bindings = [];
  const collect = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) bindings.push([node.name.text, node.initializer]);
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isIdentifier(node.left)) bindings.push([node.left.text, node.right]);
    ts.forEachChild(node, collect);
  };
  collect(source);
  for (let added = true; added;) {
    added = false;
    for (const [name, value] of bindings) {
      if (!requires.has(name) && isRequire(value)) {
        requires.add(name);
        added = true;
      }
    }
  }
  return isRequire;
}

/**
 * Imports of one file: `{ specifier, typeOnly, line }`, and `{ computed: 'import()' | 'require()', line }`
 * for a module loaded by a name only known at run time.
 */
function importsOf(ts, file) {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const isRequire = requireDetector(ts, source);
  const found = [];
  const lineOf = (node) => source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const add = (node, specifier, typeOnly) => found.push({ specifier, typeOnly, line: lineOf(node) });
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings) &&
              clause.namedBindings.elements.length > 0 && clause.namedBindings.elements.every((e) => e.isTypeOnly))),
      );
      add(node, node.moduleSpecifier.text, typeOnly);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) && ts.isStringLiteral(node.moduleReference.expression)) {
      add(node, node.moduleReference.expression.text, node.isTypeOnly); // import x = require('y')
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1) {
      // import(x) may carry a second argument (import attributes); require(x) takes one.
      const kind = node.expression.kind === ts.SyntaxKind.ImportKeyword ? 'import()' : isRequire(node.expression) ? 'require()' : undefined;
      if (kind) {
        const argument = bare(ts, node.arguments[0]);
        if (ts.isStringLiteralLike(argument)) add(node, argument.text, false);
        else found.push({ computed: kind, line: lineOf(node) });
      }
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Resolve a relative import to a file of the repository (TS sources are imported as `.js`). */
function resolveRelative(fromFile, specifier) {
  const base = resolve(dirname(fromFile), specifier);
  const candidates = [base, base.replace(/\.(m|c)?js$/, '.$1ts'), base.replace(/\.jsx$/, '.tsx'), `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.js')];
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return undefined;
}

function packageNameOf(specifier) {
  if (specifier.startsWith('@')) return specifier.split('/').slice(0, 2).join('/');
  return specifier.split('/')[0];
}

/** Strongly connected components with more than one file (Tarjan), i.e. the import cycles. */
function findCycles(graph) {
  let index = 0;
  const stack = [];
  const onStack = new Set();
  const indices = new Map();
  const lowlinks = new Map();
  const cycles = [];
  const strongConnect = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        strongConnect(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? new Set()).has(node)) cycles.push(component.reverse());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) strongConnect(node);
  return cycles;
}

/**
 * Check the workspace at `root`.
 * @returns {{ rule: string, file: string, line: number, message: string }[]} the violations
 */
export function checkLayers(root = ROOT) {
  const ts = require('typescript');
  const packages = listWorkspacePackages(root);
  const byName = new Map(packages.map((p) => [p.name, p]));
  const violations = [];
  const fileGraph = new Map();
  const packageGraph = new Map();
  const report = (rule, file, line, message) => violations.push({ rule, file: relative(root, file).split(sep).join('/'), line, message });
  // Nested workspace packages (apps/create-operator/templates/*) are checked as their own packages.
  const skip = new Set([CHECKER_FIXTURES, ...packages.map((p) => p.dir.split(sep).join('/'))]);

  for (const pkg of packages) {
    const folder = pkg.dir.split(sep).join('/');
    const kind = folder.split('/')[0]; // packages | apps | examples | scripts
    const short = folder.split('/')[1];
    const layer = kind === 'packages' ? LAYERS[short] : undefined;
    if (kind === 'packages' && !layer) {
      report('unknown-package', join(root, pkg.dir, 'package.json'), 1,
        `${pkg.name} (${folder}) has no layer: add it to LAYERS in scripts/check-layers.mjs and to the table in docs/architecture.md`);
    }
    packageGraph.set(pkg.name, new Set());
    const ownSkip = new Set([...skip].filter((dir) => dir !== folder));
    for (const file of walk(root, join(root, pkg.dir), ownSkip)) {
      const rel = relative(root, file).split(sep).join('/');
      const test = isTestFile(relative(join(root, pkg.dir), file).split(sep).join('/'));
      const edges = new Set();
      fileGraph.set(file, edges);
      for (const { specifier, typeOnly, line, computed } of importsOf(ts, file)) {
        if (computed) {
          if (!COMPUTED_IMPORT_ALLOWED.some((re) => re.test(rel))) {
            report('no-computed-import', file, line,
              `${rel} loads a module by a name computed at run time (${computed}), which no rule can check: only the operator loader ` +
                '(packages/handlers/src/loader.ts, loadOperator) may; import by a literal name (or go through loadOperator)');
          }
          continue;
        }
        if (specifier.startsWith('.')) {
          // Judged by the path itself, so an import escaping the package fails even when its target is missing.
          const targetRel = relative(join(root, pkg.dir), resolve(dirname(file), specifier));
          if (targetRel === '..' || targetRel.startsWith(`..${sep}`)) {
            report('public-entry', file, line,
              `${rel} reaches outside its package with '${specifier}': import other packages by name through their public entry (@opkit/x)`);
            continue;
          }
          const target = resolveRelative(file, specifier);
          // Tests may import what they like, so code that loads a test file would bring that in unchecked.
          const targetPath = relative(join(root, pkg.dir), target ?? resolve(dirname(file), specifier)).split(sep).join('/');
          if (!test && isTestFile(targetPath)) {
            report('tests-stay-in-tests', file, line,
              `${rel} imports the test file ${folder}/${targetPath} ('${specifier}'): only tests may import tests (their imports are not held to the rules of code); ` +
                'move what both need into a module that is not a test');
          }
          if (target && !typeOnly) edges.add(target);
          continue;
        }
        const name = packageNameOf(specifier);
        if (name === '@kubernetes/client-node' && !test && !CLIENT_NODE_ALLOWED.some((re) => re.test(rel)) && !CLIENT_NODE_BASELINE.some((re) => re.test(rel))) {
          report('client-node-only-in-kube', file, line,
            `${rel} imports @kubernetes/client-node: only @opkit/kube may (docs/architecture.md); use @opkit/kube's KubeClient instead`);
        }
        if (name === '@opkit/test-tools' && !test) {
          report('test-tools-only-in-tests', file, line,
            `${rel} imports @opkit/test-tools: it holds test-only helpers, which only tests may import`);
        }
        if (name === 'tsyringe' && !TSYRINGE_ALLOWED.some((re) => re.test(rel))) {
          report('tsyringe-only-in-root', file, line,
            `${rel} imports tsyringe: only core's composition root (packages/core/src/root) and apps may; take dependencies as constructor options`);
        }
        const target = byName.get(name);
        if (!target || target === pkg) continue;
        packageGraph.get(pkg.name).add(name);
        if (specifier !== name && !declaredSubpaths(root, target).has(specifier)) {
          report('public-entry', file, line,
            `${rel} imports '${specifier}': import '${name}' (its public entry) or an entry its package.json exports, instead of a path inside it`);
        }
        const targetKind = target.dir.split(sep)[0];
        if (kind === 'packages' && (targetKind === 'apps' || targetKind === 'examples')) {
          report('packages-never-import-apps', file, line, `${rel} imports ${name} from ${targetKind}/: packages never import apps or examples`);
          continue;
        }
        if (layer && layer.may !== '*' && targetKind === 'packages') {
          const targetShort = target.dir.split(sep)[1];
          if (!layer.may.includes(targetShort) && !(test && TEST_MAY.includes(targetShort))) {
            const targetLayer = LAYERS[targetShort]?.layer;
            const allowed = layer.may.length ? layer.may.map((p) => `@opkit/${p}`).join(', ') : 'no workspace package';
            report('layers', file, line,
              `${rel} (layer ${layer.layer}) imports ${name} (layer ${targetLayer ?? '?'}): ${pkg.name} may import ${allowed}` +
                (layer.layer === 2 && targetLayer === 2 ? '; layer-2 packages never import each other — take the other\'s output as a parameter and let core wire them' : ''));
          }
        }
      }
    }
  }

  for (const cycle of findCycles(packageGraph)) {
    report('no-cycles', join(root, 'package.json'), 1, `workspace packages import each other in a cycle: ${cycle.join(' → ')} → ${cycle[0]}`);
  }
  for (const cycle of findCycles(fileGraph)) {
    const names = cycle.map((f) => relative(root, f).split(sep).join('/'));
    report('no-cycles', cycle[0], 1, `import cycle: ${names.join(' → ')} → ${names[0]}`);
  }
  return violations;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rootArg = process.argv.indexOf('--root');
  const root = rootArg > 0 ? resolve(process.argv[rootArg + 1]) : ROOT;
  const violations = checkLayers(root);
  for (const v of violations) process.stdout.write(`${v.file}:${v.line}  [${v.rule}] ${v.message}\n`);
  if (violations.length) {
    process.stdout.write(`layer check failed: ${violations.length} violation(s) of the import rules in docs/architecture.md\n`);
    process.exit(1);
  }
  process.stdout.write('layer check passed\n');
}
