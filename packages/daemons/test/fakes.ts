// Shared pieces of the package's fake-time tests: a body, a logger that keeps its lines, an invoke
// that records every attempt with its virtual time, and a way to let promises settle between steps.
import type { InvocationOutcome, ResourceHandler } from '@opkit/handlers';
import { invokeHandler, invokeHandlerNow, isOutcomePending } from '@opkit/handlers';
import type { KubeObject } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import { vi } from 'vitest';
import type { DaemonInvocation, DaemonInvoke } from '../src/index.js';

export function body(spec: Record<string, unknown> = { field: 'value' }, extra: Partial<KubeObject['metadata']> = {}): KubeObject {
  return { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'kopf-example-1', namespace: 'default', uid: 'uid-1', ...extra }, spec };
}

export interface Lines extends Logger {
  readonly lines: string[];
}

export function lines(): Lines {
  const kept: string[] = [];
  const log = (level: string) => (message: string): void => { kept.push(`${level} ${message}`); };
  const logger: Lines = { lines: kept, debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error'), child: () => logger };
  return logger;
}

export interface Attempt {
  readonly id: string;
  /** Virtual seconds when the attempt started. */
  readonly at: number;
  readonly retry: number;
  readonly latenessMs: number | undefined;
  /** Filled in when the attempt ends. */
  outcome: InvocationOutcome['kind'] | 'running';
}

/**
 * An invoke that records attempts as they start (at virtual seconds) and classifies them with invokeHandler.
 * `sync`: it returns the outcome itself when the handler returned a plain value (invokeHandlerNow), as
 * Opkit's own invoke does; else always a promise.
 */
export function recorder(mode: 'async' | 'sync' = 'async'): { readonly attempts: Attempt[]; readonly invoke: DaemonInvoke; at(id?: string): number[] } {
  const attempts: Attempt[] = [];
  const invoke = ({ handler, context, latenessMs }: DaemonInvocation): InvocationOutcome | Promise<InvocationOutcome> => {
    const attempt: Attempt = { id: handler.id, at: Date.now() / 1000, retry: context.retry, latenessMs, outcome: 'running' };
    attempts.push(attempt);
    const outcome = mode === 'sync' ? invokeHandlerNow(handler, context, { defaultBackoff: 60 }) : invokeHandler(handler, context, { defaultBackoff: 60 });
    if (!isOutcomePending(outcome)) {
      attempt.outcome = outcome.kind;
      return outcome;
    }
    return outcome.then((settled) => {
      attempt.outcome = settled.kind;
      return settled;
    });
  };
  return { attempts, invoke, at: (id) => attempts.filter((a) => id === undefined || a.id === id).map((a) => a.at) };
}

/** Advance virtual time, firing timers in order and letting promises settle between them. */
export async function advance(seconds: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(seconds * 1000);
}

/** Let pending promise chains settle without moving time. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
}

export type { ResourceHandler };
