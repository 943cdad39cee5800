// Two versions of one custom resource. v1's `replicas` is v2's `size`: two conversion steps make the operator
// the CRD's conversion webhook (served by its webhook server, the CRD's spec.conversion patched to point at it),
// so every client reads and writes widgets at either version. Handlers see the object at the version they were
// registered for: the creation handlers at v1 and at v2, each keeping its own records on the object (the first
// version's under the plain names, v2's with a `.v2` suffix — see docs/conversion.md), and the event spy at v1.
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

on.create('example.com/v1/widgets', function created_v1({ body, spec, logger }) {
  logger.info(`Created, seen at ${String(body.apiVersion)}: ${String(spec.replicas)} replicas.`);
  return { apiVersion: body.apiVersion, replicas: spec.replicas as number }; // status.created_v1
});

on.create('example.com/v2/widgets', function created_v2({ body, spec, logger }) {
  logger.info(`Created, seen at ${String(body.apiVersion)}: size ${String(spec.size)}.`);
  return { apiVersion: body.apiVersion, size: spec.size as number }; // status.created_v2
});
