// Operator files import '@opkit/core' even where no project installed it (a lone file in /tmp):
// a module resolution hook resolves '@opkit/core' and '@opkit/handlers' to op's own copies, always,
// so that the file's `on.*` calls and op's loader share one default registry; '@opkit/schema' too, so
// that a lone file can define typed resources.
// A namespace import, not a named one: on a Node without registerHooks a named import fails at link
// time, before requireNode.js can say which Node Opkit needs.
import * as nodeModule from 'node:module';

const OWN = ['@opkit/core', '@opkit/handlers', '@opkit/schema'] as const;
let registered = false;

/**
 * Install the resolution hook (once per process).
 *
 * @example
 * ```ts
 * useOwnOpkit();
 * await loadOperator(['/tmp/operator.ts']);
 * ```
 */
export function useOwnOpkit(): void {
  if (registered) return;
  registered = true;
  const urls = new Map<string, string>(OWN.map((name) => [name, import.meta.resolve(name)]));
  nodeModule.registerHooks({
    resolve(specifier, context, nextResolve) {
      const url = urls.get(specifier);
      if (url !== undefined) return { url, format: 'module', shortCircuit: true };
      return nextResolve(specifier, context);
    },
  });
}
