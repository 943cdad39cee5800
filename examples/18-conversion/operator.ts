// Two versions of one custom resource. v1's `replicas` is v2's `size`: two conversion steps make the operator
// the CRD's conversion webhook (served by its webhook server, the CRD's spec.conversion patched to point at it),
// so every client reads and writes widgets at either version. Handlers see the object at the version they were
// registered for: the creation handler at v2, the event spy at v1.
//
// One kind of change handler per kind, for now: change handlers (create, update, resume, delete) on two versions of
// one kind would share the object's diff-base (status.opkit.last-handled-configuration), each version's processing
// taking the other's as a change, endlessly. See docs/conversion.md.
import { on } from '@opkit/core';

on.convert('widgets.example.com', { from: 'v1', to: 'v2' }, function upgrade(widget) {
  const { replicas, ...rest } = widget.spec as { replicas?: number };
  return { ...widget, spec: { ...rest, size: replicas } };
});

on.convert('widgets.example.com', { from: 'v2', to: 'v1' }, function downgrade(widget) {
  const { size, ...rest } = widget.spec as { size?: number };
  return { ...widget, spec: { ...rest, replicas: size } };
});

on.event('example.com/v1/widgets', function seen_v1({ event, body, spec, logger }) {
  logger.info(`${event?.type ?? 'Listed'}, seen at ${String(body.apiVersion)}: ${String(spec.replicas)} replicas.`);
});

on.create('example.com/v2/widgets', function created_v2({ body, spec, logger }) {
  logger.info(`Created, seen at ${String(body.apiVersion)}: size ${String(spec.size)}.`);
  return { apiVersion: body.apiVersion, size: spec.size as number }; // status.created_v2
});
