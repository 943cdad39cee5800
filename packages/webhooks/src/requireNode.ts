// The first module every Opkit package's entry imports: on a Node older than Opkit needs, importing
// the package stops here with one clear sentence instead of a crash deep in a dependency (undici,
// under @kubernetes/client-node, fails on Node 20 with "Cannot read properties of undefined").
// Node 22.19 is the floor: zstd in node:zlib (undici), require() of ES modules without a flag, and
// TypeScript type stripping, which scaffolded projects run on. The same file is in every package
// (scripts/node-check.test.mjs keeps the copies identical and first in each entry).

/** The oldest Node Opkit runs on, as [major, minor]. */
export const OPKIT_NODE = [22, 19] as const;

/**
 * What is wrong with running Opkit on Node `version` (like `process.versions.node`, `22.18.0`), or
 * undefined when it is new enough.
 *
 * @example
 * nodeVersionProblem('20.20.2'); // → 'Opkit needs Node >= 22.19; this is Node 20.20.2.'
 */
export function nodeVersionProblem(version: string): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map((part) => Number.parseInt(part, 10));
  const [needMajor, needMinor] = OPKIT_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return `Opkit needs Node >= ${needMajor}.${needMinor}; this is Node ${version.replace(/^v/, '')}.`;
}

const problem = nodeVersionProblem(process.versions.node);
if (problem !== undefined) throw new Error(problem);
