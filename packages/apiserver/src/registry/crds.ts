// Turns a stored CRD into served resource types and its status: names are checked against every other
// CRD and built-in of the group (a clash gives NamesAccepted=False and nothing is served); otherwise the
// served versions are registered — and so visible in discovery and OpenAPI — *before* the status write
// that carries Established=True is committed and its watch event goes out.
import { stringifyJson } from '@opkit/json';
import { CRDS } from '../resources/builtins.js';
import type { ResourceRegistry } from '../resources/registry.js';
import { ALL_VERBS } from '../resources/types.js';
import type { CustomConversion, KubeObject, ResourceType } from '../resources/types.js';
import type { ObjectStore } from '../storage/index.js';
import type { WriteEngine } from './engine.js';
import { deepEqual } from '../storage/deepEqual.js';
import { wholeSecondsNow } from './objectRules.js';

/** Builds the served types of a CRD (one per served version). */
export function typesOfCrd(crd: KubeObject): ResourceType[] {
  const spec = crd.spec ?? {};
  const names = spec.names ?? {};
  const group: string = spec.group;
  const out: ResourceType[] = [];
  const storageVersion = ((spec.versions ?? []) as Record<string, any>[]).find((v) => v.storage === true)?.name;
  const conversion = conversionOf(spec.conversion);
  for (const v of (spec.versions ?? []) as Record<string, any>[]) {
    if (v.served === false) continue;
    const scale = v.subresources?.scale;
    out.push({
      group,
      version: v.name,
      plural: names.plural,
      singular: names.singular ?? String(names.kind).toLowerCase(),
      kind: names.kind,
      listKind: names.listKind ?? `${names.kind}List`,
      namespaced: spec.scope !== 'Cluster',
      shortNames: names.shortNames ?? [],
      categories: names.categories ?? [],
      verbs: ALL_VERBS,
      storageKey: `${group}/${names.plural}`,
      statusSubresource: v.subresources?.status !== undefined && v.subresources?.status !== null,
      generation: true,
      allowUnconditionalUpdate: false,
      strategicMerge: false,
      fieldSelectors: ((v.selectableFields ?? []) as { jsonPath: string }[]).map((f) => f.jsonPath.replace(/^\./, '')),
      printerColumns: (v.additionalPrinterColumns ?? []).map((c: Record<string, any>) => ({ ...c })),
      builtin: false,
      ...(scale ? { scale } : {}),
      custom: {
        crdName: crd.metadata?.name,
        schema: v.schema?.openAPIV3Schema,
        hasDefaults: stringifyJson(v.schema?.openAPIV3Schema ?? {}).includes('"default":'),
        selectableFields: ((v.selectableFields ?? []) as { jsonPath: string }[]).map((f) => f.jsonPath),
        ...(storageVersion ? { storageVersion } : {}),
        conversion,
        ...(v.deprecated ? { deprecationWarning: v.deprecationWarning ?? `${group}/${v.name} ${names.kind} is deprecated` } : {}),
      },
    });
  }
  return out;
}

/** The conversion settings of a CRD's `spec.conversion` (strategy None when absent). */
function conversionOf(conversion: Record<string, any> | undefined): CustomConversion {
  if (conversion?.strategy !== 'Webhook') return { strategy: 'None' };
  const webhook = (conversion.webhook ?? {}) as Record<string, any>;
  return {
    strategy: 'Webhook',
    clientConfig: { ...(webhook.clientConfig ?? {}) },
    conversionReviewVersions: [...((webhook.conversionReviewVersions ?? []) as string[])],
  };
}

/** Names of a CRD that clash with other CRDs or built-ins of its group (empty: accepted). */
export function nameConflicts(crd: KubeObject, registry: ResourceRegistry, store: ObjectStore): string[] {
  const spec = crd.spec ?? {};
  const names = spec.names ?? {};
  const mine = crd.metadata?.name;
  const conflicts: string[] = [];
  const taken = new Map<string, string>();
  for (const t of registry.all()) {
    if (t.group !== spec.group || t.custom?.crdName === mine) continue;
    taken.set(`plural:${t.plural}`, t.plural);
    taken.set(`singular:${t.singular}`, t.singular);
    taken.set(`kind:${t.kind}`, t.kind);
    for (const s of t.shortNames) taken.set(`short:${s}`, s);
  }
  for (const other of store.list(CRDS)) {
    if (other.metadata?.name === mine || other.spec?.group !== spec.group) continue;
    const accepted = other.status?.acceptedNames;
    if (!accepted) continue;
    taken.set(`plural:${accepted.plural}`, accepted.plural);
    taken.set(`kind:${accepted.kind}`, accepted.kind);
    if (accepted.singular) taken.set(`singular:${accepted.singular}`, accepted.singular);
  }
  if (taken.has(`plural:${names.plural}`)) conflicts.push(`"${names.plural}" is already in use`);
  if (names.singular && taken.has(`singular:${names.singular}`)) conflicts.push(`"${names.singular}" is already in use`);
  if (taken.has(`kind:${names.kind}`)) conflicts.push(`"${names.kind}" is already in use`);
  for (const s of (names.shortNames ?? []) as string[]) if (taken.has(`short:${s}`)) conflicts.push(`"${s}" is already in use`);
  return conflicts;
}

function condition(old: Record<string, any>[] | undefined, type: string, status: string, reason: string, message: string): Record<string, any> {
  const previous = old?.find((c) => c.type === type);
  const lastTransitionTime = previous && previous.status === status ? previous.lastTransitionTime : wholeSecondsNow();
  return { type, status, lastTransitionTime, reason, message };
}

/**
 * Registers a CRD's served versions (when its names are accepted) and computes its new status.
 * Returns the status to write; the caller commits it.
 */
export function syncCrd(crd: KubeObject, registry: ResourceRegistry, store: ObjectStore): Record<string, any> {
  const spec = crd.spec ?? {};
  const names = { ...(spec.names ?? {}) };
  const oldStatus = crd.status ?? {};
  const oldConditions = oldStatus.conditions as Record<string, any>[] | undefined;
  const conflicts = nameConflicts(crd, registry, store);
  const storage = ((spec.versions ?? []) as Record<string, any>[]).find((v) => v.storage === true)?.name;
  const storedVersions = [...new Set<string>([...((oldStatus.storedVersions as string[] | undefined) ?? []), ...(storage ? [storage] : [])])];
  const conditions: Record<string, any>[] = [];
  if (conflicts.length > 0) {
    conditions.push(condition(oldConditions, 'NamesAccepted', 'False', 'MultipleNamesConflict', conflicts.join(', ')));
    conditions.push(condition(oldConditions, 'Established', 'False', 'NotAccepted', 'not all names are accepted'));
    registry.setCustom(crd.metadata?.name, []);
    return { ...oldStatus, conditions, acceptedNames: oldStatus.acceptedNames ?? { plural: '', kind: '' }, storedVersions };
  }
  const types = typesOfCrd(crd);
  const current = registry.customTypes(crd.metadata?.name);
  if (!deepEqual(current, types)) registry.setCustom(crd.metadata?.name, types);
  conditions.push(condition(oldConditions, 'NamesAccepted', 'True', 'NoConflicts', 'no conflicts found'));
  conditions.push(condition(oldConditions, 'Established', 'True', 'InitialNamesAccepted', 'the initial names have been accepted'));
  const acceptedNames: Record<string, any> = { plural: names.plural, singular: names.singular, kind: names.kind, listKind: names.listKind ?? `${names.kind}List` };
  if (names.shortNames) acceptedNames.shortNames = names.shortNames;
  if (names.categories) acceptedNames.categories = names.categories;
  return { ...oldStatus, conditions, acceptedNames, storedVersions };
}

/**
 * The CRD establishing step after a CRD was created or updated: registers its served versions (or none,
 * when its names clash or it cannot be served) and writes its status through the store writer.
 *
 * @example
 * establishCrd(engine, registry, storedCrd);
 */
export function establishCrd(engine: WriteEngine, registry: ResourceRegistry, crdType: ResourceType, crd: KubeObject): void {
  let status: Record<string, any>;
  try {
    status = syncCrd(crd, registry, engine.store);
  } catch (error) {
    // Validation should have refused such a CRD; never leave a half-registered resource behind.
    registry.setCustom(crd.metadata?.name, []);
    const message = `the CRD could not be served: ${(error as Error).message}`;
    status = { ...(crd.status ?? {}), conditions: [{ type: 'Established', status: 'False', reason: 'Invalid', message, lastTransitionTime: wholeSecondsNow() }] };
  }
  const current = engine.store.get(CRDS, undefined, crd.metadata?.name);
  if (current) engine.writer.write(crdType, { op: 'update', previous: current, next: { ...current, status } });
}
