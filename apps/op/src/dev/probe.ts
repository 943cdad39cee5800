// Probing a kube context for `op dev`'s choice of target: which server the context names, and
// whether it answers a discovery request within a short timeout (no retries: this is a question,
// not a connection to keep).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { connect } from '@opkit/kube';
import { parse } from 'yaml';
import type { ProbeResult } from './target.js';
import { looksLocal } from './target.js';

/** The kubeconfig files a client would read (KUBECONFIG, else ~/.kube/config) that exist. */
export function kubeconfigFiles(env: NodeJS.ProcessEnv = process.env): string[] {
  const listed = env.KUBECONFIG ? env.KUBECONFIG.split(delimiter).filter(Boolean) : [join(env.HOME ?? homedir(), '.kube', 'config')];
  return listed.filter((file) => existsSync(file));
}

function currentContext(files: readonly string[]): string | undefined {
  for (const file of files) {
    try {
      const config = parse(readFileSync(file, 'utf8')) as { 'current-context'?: unknown } | null;
      if (typeof config?.['current-context'] === 'string' && config['current-context']) return config['current-context'];
    } catch {
      continue;
    }
  }
  return undefined;
}

/**
 * Probe a context (the current one when undefined): undefined when there is no kubeconfig at all.
 *
 * @example
 * ```ts
 * const found = await probeContext(undefined, { timeoutMs: 1500 });
 * if (found?.reachable) console.log(found.server);
 * ```
 */
export async function probeContext(context: string | undefined, options: { readonly timeoutMs?: number; readonly env?: NodeJS.ProcessEnv } = {}): Promise<ProbeResult | undefined> {
  const env = options.env ?? process.env;
  const files = kubeconfigFiles(env);
  if (files.length === 0) return undefined;
  const name = context ?? currentContext(files);
  let client;
  try {
    client = await connect({ env, ...(context ? { context } : {}), inCluster: false, requestTimeoutMs: options.timeoutMs ?? 1500, retry: { attempts: 1 } });
  } catch (error) {
    return { context: name, server: '', reachable: false, local: false, error: (error as Error).message };
  }
  const server = client.info.server;
  try {
    await client.resolve('namespaces', { signal: AbortSignal.timeout(options.timeoutMs ?? 1500) });
    return { context: name, server, reachable: true, local: looksLocal(server, name) };
  } catch (error) {
    return { context: name, server, reachable: false, local: looksLocal(server, name), error: (error as Error).message };
  } finally {
    client.close();
  }
}
