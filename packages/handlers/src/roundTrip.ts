// The round-trip check of conversions: an object converted to every other version and back should come
// back as it was. Losing a field on the way (v2 has nowhere to keep what v1 had) is the classic bug of
// conversion webhooks, and it only shows when the API server stores at one version and serves another.
// This converts each sample through every version its CRD's steps mention and reports what differs.
// Pure (no test framework): @opkit/testing builds `expectRoundTrip` on it.
import type { KubeObject } from '@opkit/kube';
import { conversionVersions, convertObject, describeObject } from './conversion.js';
import type { ConversionHandler } from './conversion.js';
import { ConversionError } from './errors.js';
import { isPlainObject } from './fields.js';
import { diffBodies } from './internal/admissionPatch.js';
import type { Registry } from './registry.js';

/** One way an object did not survive a round trip. */
export interface RoundTripDifference {
  /** The object, as `Widget ns/name`. */
  readonly object: string;
  /** The object's own version (where the trip starts and ends). */
  readonly version: string;
  /** The version it was converted to and back from. */
  readonly via: string;
  /** The field that differs, as `spec.size` (empty for the whole object); absent when a conversion failed. */
  readonly path?: string;
  /** The field's value in the sample (`undefined` when the field appeared). */
  readonly expected?: unknown;
  /** The field's value after the round trip (`undefined` when the field was lost). */
  readonly actual?: unknown;
  /** The conversion's error, when one failed. */
  readonly error?: string;
}

/** What {@link checkRoundTrip} found. */
export interface RoundTripReport {
  /** True when every object came back from every version as it was. */
  readonly ok: boolean;
  /** The trips made, as `v1 → v2 → v1`. */
  readonly trips: readonly string[];
  readonly differences: readonly RoundTripDifference[];
}

/** Options of {@link checkRoundTrip}. */
export interface RoundTripOptions {
  /** The versions to go through. @defaultValue every version the CRD's steps mention */
  readonly versions?: readonly string[];
  /** The CRD (`<plural>.<group>`). @defaultValue found from each object's group and kind */
  readonly crd?: string;
}

/**
 * Convert each object to every other version of its CRD and back, and report what differs from the
 * original (or which conversion failed). The steps may come from a Registry or be given as a list.
 *
 * @example
 * ```ts
 * const report = await checkRoundTrip(registry, [{ apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' }, spec: { replicas: 2 } }]);
 * report.ok; // false when, e.g., v2 drops a field of v1
 * report.differences; // [{ object: 'Widget w', version: 'v1', via: 'v2', path: 'spec.paused', expected: true, actual: undefined }]
 * ```
 */
export async function checkRoundTrip(conversions: Registry | readonly ConversionHandler[], objects: KubeObject | readonly KubeObject[], options: RoundTripOptions = {}): Promise<RoundTripReport> {
  const handlers = Array.isArray(conversions) ? conversions as readonly ConversionHandler[] : (conversions as Registry).conversionHandlers();
  const samples = Array.isArray(objects) ? objects as readonly KubeObject[] : [objects as KubeObject];
  const trips: string[] = [];
  const differences: RoundTripDifference[] = [];
  for (const object of samples) {
    const name = describeObject(object);
    const apiVersion = isPlainObject(object) && typeof object.apiVersion === 'string' ? object.apiVersion : '';
    const slash = apiVersion.lastIndexOf('/');
    if (slash <= 0) throw new ConversionError('invalid-object', `${name} has no apiVersion of the form <group>/<version>; got ${JSON.stringify(apiVersion)}.`);
    const group = apiVersion.slice(0, slash);
    const version = apiVersion.slice(slash + 1);
    const crd = options.crd ?? handlers.find((handler) => handler.group === group && (handler.kind === undefined || handler.kind === object.kind))?.crd;
    if (crd === undefined) throw new ConversionError('no-path', `No conversion is registered for ${name} (group ${group}), so there is no round trip to check.`);
    const versions = options.versions ?? conversionVersions(handlers, crd);
    for (const via of versions) {
      if (via === version) continue;
      trips.push(`${name}: ${version} → ${via} → ${version}`);
      let back: KubeObject;
      try {
        const there = await convertObject(handlers, object, `${group}/${via}`, { crd });
        back = await convertObject(handlers, there, apiVersion, { crd });
      } catch (error) {
        differences.push({ object: name, version, via, error: error instanceof Error ? error.message : String(error) });
        continue;
      }
      for (const item of diffBodies(object, back)) {
        differences.push({
          object: name, version, via, path: item.path.join('.'),
          expected: item.op === 'add' ? undefined : item.old,
          actual: item.op === 'remove' ? undefined : item.new,
        });
      }
    }
  }
  return { ok: differences.length === 0, trips, differences };
}

/**
 * A round-trip report as lines a test failure shows.
 *
 * @example
 * ```ts
 * if (!report.ok) throw new Error(formatRoundTrip(report));
 * ```
 */
export function formatRoundTrip(report: RoundTripReport): string {
  if (report.ok) return `Every round trip came back unchanged (${report.trips.length} trip(s)).`;
  const show = (value: unknown): string => (value === undefined ? '(absent)' : JSON.stringify(value));
  const lines = report.differences.map((item) => (item.error !== undefined
    ? `  ${item.object}: ${item.version} → ${item.via} → ${item.version} failed: ${item.error}`
    : `  ${item.object}: ${item.version} → ${item.via} → ${item.version} changed ${item.path || '(the whole object)'}: expected ${show(item.expected)}, got ${show(item.actual)}`));
  return `${report.differences.length} difference(s) after converting to other versions and back:\n${lines.join('\n')}`;
}
