// Which Node a generated project needs, and what to tell a user who has an older one. The scaffolder
// itself runs on Node 18 and later, so it can still create the project and say this; the project's
// TypeScript runs with Node's type stripping, which Opkit relies on from 22.19.

/** The oldest Node a generated project (and every @opkit package) runs on. */
export const OPKIT_NODE = { major: 22, minor: 19 } as const;
/** The oldest Node create-operator itself runs on. */
export const SCAFFOLDER_NODE_MAJOR = 18;

/** `major.minor` of a Node version string such as `v20.11.1`. */
export function parseNodeVersion(version: string): { major: number; minor: number } {
  const match = /^v?(\d+)\.(\d+)/.exec(version);
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : { major: 0, minor: 0 };
}

/** True when `version` can run a generated project. */
export function meetsOpkitNode(version: string): boolean {
  const { major, minor } = parseNodeVersion(version);
  return major > OPKIT_NODE.major || (major === OPKIT_NODE.major && minor >= OPKIT_NODE.minor);
}

/**
 * What to say about the running Node: nothing when it runs Opkit; a warning (the project is still
 * created) from Node 18; an error below that.
 */
export function nodeVersionNotice(version: string): { level: 'ok' } | { level: 'warn' | 'error'; message: string } {
  if (meetsOpkitNode(version)) return { level: 'ok' };
  const need = `Opkit needs Node ≥ ${OPKIT_NODE.major}.${OPKIT_NODE.minor}; you have ${version}.`;
  const upgrade = 'Node 24 from https://nodejs.org (or `nvm install 24`)';
  if (parseNodeVersion(version).major < SCAFFOLDER_NODE_MAJOR) {
    return { level: 'error', message: `${need} Install ${upgrade}, then run create-operator again.` };
  }
  return {
    level: 'warn',
    message: `${need} The project will be created, but its dependencies, \`npm run dev\` and \`npm test\` need the newer Node: install ${upgrade} first.`,
  };
}
