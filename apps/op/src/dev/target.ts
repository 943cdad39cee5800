// Where `op dev` runs the operator. A flag wins; otherwise the choice remembered in .opkit/dev.json;
// otherwise the current kube context is probed with a short timeout. No kubeconfig or no answer
// means the embedded API server, said out loud. A cluster that is not on this machine needs explicit
// consent (a prompt, or --yes), and a run without a terminal never prompts: it takes the embedded server.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The target chosen. */
export type TargetChoice =
  | { readonly mode: 'embedded'; readonly fresh: boolean; readonly reason: string }
  | { readonly mode: 'cluster'; readonly context: string | undefined; readonly server: string; readonly reason: string };

/** What probing a context found. */
export interface ProbeResult {
  readonly context: string | undefined;
  readonly server: string;
  /** Whether the server answered `/version` in time. */
  readonly reachable: boolean;
  /** Whether it runs on this machine (loopback address, or a kind/k3d/minikube/docker-desktop context). */
  readonly local: boolean;
  readonly error?: string | undefined;
}

/** What the choice depends on (all injected, so the rules are tested without clusters or terminals). */
export interface TargetInputs {
  readonly embedded?: 'persist' | 'fresh' | undefined;
  readonly context?: string | undefined;
  readonly yes: boolean;
  readonly interactive: boolean;
  readonly remembered?: RememberedTarget | undefined;
  /** Probe a context (undefined: the current one); undefined when there is no kubeconfig at all. */
  readonly probe: (context: string | undefined) => Promise<ProbeResult | undefined>;
  /** Ask the user; resolves to the answer. Only called when `interactive`. */
  readonly ask: (question: string, choices: readonly string[], fallback: string) => Promise<string>;
}

/** What .opkit/dev.json remembers. */
export interface RememberedTarget {
  readonly target: 'embedded' | 'cluster';
  readonly context?: string | undefined;
}

/** A refusal: reported in one line, exit code 2. */
export class TargetError extends Error {
  override readonly name = 'TargetError';
}

/** Whether a server URL or context name looks like a cluster on this machine. */
export function looksLocal(server: string, context: string | undefined): boolean {
  let host: string;
  try {
    host = new URL(server).hostname.replace(/^\[|\]$/g, '');
  } catch {
    host = '';
  }
  if (['localhost', '::1', 'host.docker.internal', 'kubernetes.docker.internal'].includes(host) || host.startsWith('127.')) return true;
  return /^(kind-|k3d-|minikube$|docker-desktop$|rancher-desktop$|orbstack$)/.test(context ?? '');
}

async function consent(inputs: TargetInputs, probe: ProbeResult, why: string): Promise<TargetChoice> {
  const name = probe.context ?? 'the current context';
  if (probe.local || inputs.yes) return { mode: 'cluster', context: probe.context, server: probe.server, reason: why };
  if (!inputs.interactive) {
    throw new TargetError(`${name} (${probe.server}) is not on this machine: op dev runs there only with consent; add --yes, or use --embedded`);
  }
  const answer = await inputs.ask(
    `${name} (${probe.server}) is not on this machine. op dev would run your operator there beside any deployed copy, and apply no CRDs unless --apply-crds. Use it? [y]es, [e]mbedded instead, [q]uit`,
    ['y', 'e', 'q'], 'e',
  );
  if (answer === 'q') throw new TargetError('no target chosen');
  if (answer === 'y') return { mode: 'cluster', context: probe.context, server: probe.server, reason: `${why}, confirmed` };
  return { mode: 'embedded', fresh: false, reason: `chosen instead of ${name}` };
}

/**
 * Choose the target.
 *
 * @throws TargetError when a named context is unreachable or consent is missing.
 * @example
 * ```ts
 * const target = await chooseTarget({ yes: false, interactive: false, probe: async () => undefined, ask: async () => 'e' });
 * // { mode: 'embedded', fresh: false, reason: 'no kubeconfig found' }
 * ```
 */
export async function chooseTarget(inputs: TargetInputs): Promise<TargetChoice> {
  if (inputs.embedded) return { mode: 'embedded', fresh: inputs.embedded === 'fresh', reason: inputs.embedded === 'fresh' ? '--embedded=fresh' : '--embedded' };
  if (inputs.context !== undefined) {
    const probe = await inputs.probe(inputs.context);
    if (!probe) throw new TargetError(`no kubeconfig found to take the context ${inputs.context} from`);
    if (!probe.reachable) throw new TargetError(`the context ${inputs.context} (${probe.server}) does not answer${probe.error ? `: ${probe.error}` : ''}`);
    return consent(inputs, probe, `--context ${inputs.context}`);
  }
  const remembered = inputs.remembered;
  if (remembered?.target === 'embedded') return { mode: 'embedded', fresh: false, reason: 'remembered in .opkit/dev.json' };
  if (remembered?.target === 'cluster') {
    const probe = await inputs.probe(remembered.context);
    if (probe?.reachable && (probe.local || inputs.yes || inputs.interactive)) return consent(inputs, probe, 'remembered in .opkit/dev.json');
    if (probe?.reachable) return { mode: 'embedded', fresh: false, reason: `the remembered context ${remembered.context ?? ''} needs consent and there is no terminal to ask in` };
    return { mode: 'embedded', fresh: false, reason: `the remembered context ${remembered.context ?? ''} does not answer` };
  }
  if (!inputs.interactive) return { mode: 'embedded', fresh: false, reason: 'no terminal to ask in (op dev never prompts there)' };
  const probe = await inputs.probe(undefined);
  if (!probe) return { mode: 'embedded', fresh: false, reason: 'no kubeconfig found' };
  if (!probe.reachable) return { mode: 'embedded', fresh: false, reason: `the current context ${probe.context ?? ''} does not answer` };
  const name = probe.context ?? 'the current context';
  const fallback = probe.local ? 'c' : 'e';
  const answer = await inputs.ask(
    `Run on ${name} (${probe.server}${probe.local ? ', on this machine' : ''}) or on the embedded API server? [c]luster, [e]mbedded, [q]uit`,
    ['c', 'e', 'q'], fallback,
  );
  if (answer === 'q') throw new TargetError('no target chosen');
  if (answer === 'c') return probe.local ? { mode: 'cluster', context: probe.context, server: probe.server, reason: 'chosen' } : consent({ ...inputs, yes: true }, probe, 'chosen');
  return { mode: 'embedded', fresh: false, reason: 'chosen' };
}

/** Read .opkit/dev.json (undefined when missing or unreadable). */
export function readRemembered(path: string): RememberedTarget | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, 'utf8')) as Partial<RememberedTarget>;
    if (value.target === 'embedded' || value.target === 'cluster') return { target: value.target, context: typeof value.context === 'string' ? value.context : undefined };
  } catch {
    return undefined;
  }
  return undefined;
}

/** Remember a choice in .opkit/dev.json. */
export function remember(path: string, choice: TargetChoice): void {
  mkdirSync(dirname(path), { recursive: true });
  const value: RememberedTarget = choice.mode === 'embedded' ? { target: 'embedded' } : { target: 'cluster', context: choice.context };
  writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);
}
