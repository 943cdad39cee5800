// The operator: handlers for Zebra objects. `npm run dev` runs it live against an embedded API
// server; `npm start` runs it against the cluster of your kubeconfig; the container runs `op run`.
// Each handler's progress is stored on the object itself, so a restarted operator continues where
// it stopped, and `npm run manifests` derives the RBAC in deploy/rbac.yaml from what is registered here.
import { on } from '@opkit/core';
import { Zebra } from './api/zebra.ts';

/** The message a Zebra asks for. */
export function render(spec: Zebra['spec']): string {
  return `${spec.salutation}, ${spec.who}!`;
}

// A new object: write the message into its status.
on.create(Zebra, function greet({ spec, patch, logger }) {
  const message = render(spec);
  patch.status.message = message;
  logger.info(`Greeted with "${message}".`);
});

// A changed spec: render the message again. (Changes to metadata or status do not call this.)
on.update(Zebra, function regreet({ spec, patch, diff, logger }) {
  patch.status.message = render(spec);
  logger.info(`Re-greeted after ${String(diff?.length ?? 0)} change(s).`);
});

// Objects found when the operator starts, which it has handled before: make sure the message is current.
on.resume(Zebra, function check({ spec, status, patch }) {
  const message = render(spec);
  if (status.message !== message) patch.status.message = message;
});

// Deletion: the operator holds a finalizer until this succeeds (a place to clean up outside resources).
on.delete(Zebra, function farewell({ name, logger }) {
  logger.info(`Goodbye from ${String(name)}.`);
});
