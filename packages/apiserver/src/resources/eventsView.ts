// events.k8s.io/v1 Events are the same stored objects as core/v1 Events, seen through renamed fields.
// Storing once and serving both is what makes `kubectl describe` (which reads core/v1) show events an
// operator wrote through events.k8s.io/v1, and the other way round.
import type { KubeObject, ResourceView } from './types.js';

// events.k8s.io/v1 field ↔ core/v1 field.
const RENAMES: [string, string][] = [
  ['regarding', 'involvedObject'],
  ['note', 'message'],
  ['reportingController', 'reportingComponent'],
  ['deprecatedSource', 'source'],
  ['deprecatedFirstTimestamp', 'firstTimestamp'],
  ['deprecatedLastTimestamp', 'lastTimestamp'],
  ['deprecatedCount', 'count'],
];

function rename(obj: KubeObject, pairs: [string, string][], apiVersion: string): KubeObject {
  const out: KubeObject = {};
  const map = new Map(pairs);
  for (const [key, value] of Object.entries(obj)) {
    if (value === undefined) continue;
    out[map.get(key) ?? key] = value;
  }
  out.apiVersion = apiVersion;
  out.kind = 'Event';
  return out;
}

/**
 * The events.k8s.io/v1 view over stored core/v1 Events.
 *
 * @example
 * eventsV1View.fromStorage({ apiVersion: 'v1', kind: 'Event', message: 'hi' }); // { note: 'hi', apiVersion: 'events.k8s.io/v1', … }
 */
export const eventsV1View: ResourceView = {
  toStorage: (obj) => rename(obj, RENAMES, 'v1'),
  fromStorage: (obj) =>
    rename(
      obj,
      RENAMES.map(([a, b]) => [b, a]),
      'events.k8s.io/v1',
    ),
  fieldPath: (path) => {
    for (const [v1, core] of RENAMES) {
      if (path === v1) return core;
      if (path.startsWith(`${v1}.`)) return core + path.slice(v1.length);
    }
    return path;
  },
};
