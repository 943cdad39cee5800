// Every symbol a published package exports has a TSDoc summary: read from TypeDoc's JSON model of the packages (the
// same run that writes the API reference). Members of exported interfaces and classes are not held to it here, nor
// are a library's types re-exported unchanged.
import { readFileSync } from 'node:fs';

/** TypeDoc's reflection kinds, as numbers in its JSON. */
const KIND = { 1: 'project', 2: 'module', 4: 'namespace', 8: 'enum', 128: 'class', 256: 'interface', 32: 'variable', 64: 'function', 2097152: 'type alias', 4194304: 'reference' };

function hasSummary(comment) {
  return Boolean(comment?.summary?.some((part) => part.text.trim() !== ''));
}

/** Whether a reflection has a summary of its own or on any of its signatures (a function's comment is on them). */
function documented(reflection) {
  if (hasSummary(reflection.comment)) return true;
  for (const signature of [...(reflection.signatures ?? []), reflection.type?.declaration?.signatures?.[0]]) {
    if (signature && hasSummary(signature.comment)) return true;
  }
  return false;
}

/**
 * The exported symbols without a TSDoc summary in TypeDoc's JSON `file`, as "package: Name (kind)".
 * @param {string} file TypeDoc's JSON output
 * @returns {string[]}
 */
export function undocumentedExports(file) {
  const project = JSON.parse(readFileSync(file, 'utf8'));
  // One package: the project is the module. Several: one module child per package.
  const modules = (project.children ?? []).some((c) => c.kind === 2) ? project.children.filter((c) => c.kind === 2) : [project];
  const missing = [];
  for (const module of modules) {
    for (const symbol of module.children ?? []) {
      if (symbol.kind === 4194304) continue; // a re-export of a symbol documented where it is declared
      // A library's type re-exported as it is (tsyringe's DependencyContainer, typebox's TSchema): its docs are the library's.
      if (symbol.sources?.length && symbol.sources.every((s) => s.fileName.includes('node_modules/'))) continue;
      if (!documented(symbol)) missing.push(`${module.name}: ${symbol.name} (${KIND[symbol.kind] ?? `kind ${symbol.kind}`})`);
    }
  }
  return missing;
}
