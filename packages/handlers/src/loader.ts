// Loading an operator from files or modules into a fresh Registry: the modules' top-level `on.*`
// calls register on it (the default registry is swapped while they load), or a module exports a
// named `registry`. A cache-busting query re-evaluates a file on every load, so that tests and tools can load
// an edited operator again in one process (op dev uses a process per generation instead: see
// docs/architecture.md). Loads are serialized: the swap is process-wide.
// The query must reach every local module the files import, not only the files: a sibling that registers
// handlers at its top level and stayed in Node's module cache would register nothing on the second load. A
// resolution hook carries the load's query from an importing module to what it imports by path (`./site.ts`),
// outside node_modules; packages (`@opkit/core`) keep one instance, so that everything shares one default registry.
// A namespace import: on a Node without registerHooks a named import would fail at link time.
import * as nodeModule from 'node:module';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { OperatorError } from './operatorError.js';
import { Registry, setDefaultRegistry } from './registry.js';

/** What {@link loadOperator} returns. */
export interface LoadedOperator {
  /** The handlers the files and modules registered. */
  readonly registry: Registry;
  /** The absolute paths loaded. */
  readonly files: readonly string[];
}

let generation = 0;
let chain: Promise<unknown> = Promise.resolve();
let hooked = false;

const LOAD_QUERY = /[?&]opkit-load=(\d+)/;

/** Whether a specifier names a file by path (relative, absolute or file: URL), not a package. */
function isPath(specifier: string): boolean {
  return specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/') || specifier.startsWith('file:');
}

/** Install the hook that carries a load's query down the local module graph (once per process). */
function propagateLoadQuery(): void {
  if (hooked) return;
  if (typeof nodeModule.registerHooks !== 'function') {
    throw new OperatorError('load-failed', `Cannot load operator files: this Node (${process.version}) has no module.registerHooks, so the modules the files import could not be re-evaluated on a second load. Use Node 22.19 or newer.`);
  }
  hooked = true;
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      const load = context.parentURL === undefined ? null : LOAD_QUERY.exec(context.parentURL);
      if (load === null || !isPath(specifier) || !resolved.url.startsWith('file:') || LOAD_QUERY.test(resolved.url)) return resolved;
      if (new URL(resolved.url).pathname.split('/').includes('node_modules')) return resolved;
      const separator = resolved.url.includes('?') ? '&' : '?';
      return { ...resolved, url: `${resolved.url}${separator}opkit-load=${load[1]}` };
    },
  });
}

async function importInto(registry: Registry, specifier: string, label: string): Promise<Registry | undefined> {
  const previous = setDefaultRegistry(registry);
  try {
    const loaded = await import(specifier) as { registry?: unknown };
    return loaded.registry instanceof Registry ? loaded.registry : undefined;
  } catch (error) {
    throw new OperatorError('load-failed', `Cannot load ${label}: ${(error as Error).message ?? String(error)}`, { cause: error });
  } finally {
    setDefaultRegistry(previous);
  }
}

/**
 * Load operator files (`.ts` or `.js`) and modules into a fresh Registry.
 *
 * @throws OperatorError (`load-failed`) naming the missing or failing file.
 * @example
 * ```ts
 * const { registry } = await loadOperator(['examples/01-minimal/operator.ts']);
 * await operator({ registry, clusterwide: true, signal });
 * ```
 */
export function loadOperator(files: readonly string[], options: { readonly modules?: readonly string[]; readonly cwd?: string } = {}): Promise<LoadedOperator> {
  const run = async (): Promise<LoadedOperator> => {
    const cwd = options.cwd ?? process.cwd();
    const paths = files.map((file) => resolve(cwd, file));
    for (const path of paths) {
      if (!existsSync(path)) throw new OperatorError('load-failed', `Cannot load ${path}: no such file.`);
    }
    propagateLoadQuery();
    let registry = new Registry();
    const load = ++generation;
    for (const path of paths) {
      const url = `${pathToFileURL(path).href}?opkit-load=${load}`;
      const exported = await importInto(registry, url, path);
      if (exported) registry = exported;
    }
    for (const name of options.modules ?? []) {
      const exported = await importInto(registry, name, `module ${name}`);
      if (exported) registry = exported;
    }
    return { registry, files: paths };
  };
  const result = chain.then(run, run);
  chain = result.catch(() => undefined);
  return result;
}
