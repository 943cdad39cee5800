// The operator: handlers for Greeting objects. `npm run dev` runs it live against an embedded API
// server; `npm start` runs it against the cluster of your kubeconfig; the container runs `op run`.
// Each handler's progress is stored on the object itself, so a restarted operator continues where
// it stopped, and `npm run manifests` derives the RBAC in deploy/rbac.yaml from what is registered here.
import { on } from '@opkit/core';
import { Greeting } from './api/greeting.ts';

/** The message a Greeting asks for. */
export function render(spec: Greeting['spec']): string {
  return `${spec.salutation}, ${spec.who}!`;
}

// A new object: write the message into its status.
on.create(Greeting, function greet({ spec, patch, logger }) {
  const message = render(spec);
  patch.status.message = message;
  logger.info(`Greeted with "${message}".`);
});

// A changed spec: render the message again. (Changes to metadata or status do not call this.)
on.update(Greeting, function regreet({ spec, patch, diff, logger }) {
  patch.status.message = render(spec);
  logger.info(`Re-greeted after ${String(diff?.length ?? 0)} change(s).`);
});

// Objects found when the operator starts, which it has handled before: make sure the message is current.
on.resume(Greeting, function check({ spec, status, patch }) {
  const message = render(spec);
  if (status.message !== message) patch.status.message = message;
});

// Deletion: the operator holds a finalizer until this succeeds (a place to clean up outside resources).
on.delete(Greeting, function farewell({ name, logger }) {
  logger.info(`Goodbye from ${String(name)}.`);
});
