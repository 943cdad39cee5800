// Converting custom resources between the versions of their CRD, as apiextensions-apiserver does:
// strategy None rewrites apiVersion only (kube's nop converter); strategy Webhook sends a ConversionReview
// (the first of v1 and v1beta1 the CRD's conversionReviewVersions lists) to the CRD's webhook and checks the answer (uid, count,
// each object's apiVersion and kind, name/namespace/uid unchanged; metadata restored but for labels and
// annotations), failing with kube's `conversion webhook for G/V, Kind=K failed: …` 500s.
//
// The write pipeline and the read paths are synchronous; a webhook call is not. So a synchronous
// computation runs inside a ConversionScope: a conversion it needs and the scope does not hold yet throws
// ConversionNeeded, the scope calls the webhook (one review for all the objects asked for), remembers the
// answers and runs the computation again. Computations are pure until they commit, so running them again
// is safe; a commit's answer is converted after the commit (see WriteEngine.commit).
import { randomUUID } from 'node:crypto';
import { stringifyJson } from '@opkit/json';
import { StatusError } from '../errors.js';
import { postWebhook, WebhookCallError } from '../admission/webhookClient.js';
import type { KubeObject, ResourceType } from '../resources/types.js';

/** kube's timeout of a conversion webhook call (`?timeout=30s`). */
export const CONVERSION_TIMEOUT_SECONDS = 30;

/** How often one computation may ask for more conversions before it is given up (a guard, never reached by sane code). */
const MAX_ROUNDS = 16;

/**
 * Thrown by a synchronous conversion the current scope does not hold yet: the scope converts `objects`
 * to `toVersion` and runs the computation again. Outside a scope it answers a 500 as any internal error.
 */
export class ConversionNeeded extends StatusError {
  constructor(
    readonly type: ResourceType,
    readonly objects: KubeObject[],
    readonly toVersion: string,
  ) {
    super(500, 'InternalError', `Internal error occurred: conversion of ${type.kind} to ${type.group}/${toVersion} was not prepared`);
    this.name = 'ConversionNeeded';
  }
}

/** The scope whose conversions synchronous code sees right now (set only while a computation runs). */
let active: ConversionScope | undefined;

/**
 * What a conversion depends on: everything but the metadata a webhook cannot change (kube restores it
 * from the original), so that a computation run again — with a new uid or timestamp — finds its answer.
 */
/** Makes `scope` the one synchronous code sees; answers the one before it (to restore). */
function enter(scope: ConversionScope): ConversionScope | undefined {
  const previous = active;
  active = scope;
  return previous;
}

function keyOf(toVersion: string, obj: KubeObject): string {
  const meta = (obj.metadata ?? {});
  return `${toVersion}\n${stringifyJson({ ...obj, metadata: { labels: meta.labels, annotations: meta.annotations } })}`;
}

/** A held answer for `obj`: its converted content with `obj`'s own metadata, but the answer's labels and annotations. */
function withMetadataOf(obj: KubeObject, converted: KubeObject): KubeObject {
  const metadata: Record<string, any> = { ...(obj.metadata ?? {}) };
  const answered = (converted.metadata ?? {});
  for (const field of ['labels', 'annotations']) {
    if (answered[field] === undefined) delete metadata[field];
    else metadata[field] = answered[field];
  }
  return { ...converted, metadata };
}

/** Whether objects of this type need a webhook to change version. */
export function usesWebhook(type: ResourceType): boolean {
  return type.custom?.conversion?.strategy === 'Webhook';
}

/**
 * A custom resource at `toVersion` of its CRD (synchronous): the object itself when it is at that version
 * already, the object with apiVersion rewritten (strategy None), or the webhook's answer held by the
 * running scope (strategy Webhook; throws {@link ConversionNeeded} when the scope does not hold it yet).
 *
 * @example
 * convertCustom(widgetsV2, storedAtV1, 'v2').apiVersion; // 'example.com/v2'
 */
export function convertCustom(type: ResourceType, obj: KubeObject, toVersion: string): KubeObject {
  const apiVersion = type.group === '' ? toVersion : `${type.group}/${toVersion}`;
  if (obj.apiVersion === apiVersion) return obj;
  if (!usesWebhook(type)) return { ...obj, apiVersion };
  const held = active?.lookup(toVersion, obj);
  if (held) return held;
  throw new ConversionNeeded(type, [obj], toVersion);
}

/**
 * The conversions of one request (or one watch event): answers of the webhook it called, reused when the
 * same object is converted again while the request is computed.
 *
 * @example
 * const scope = new ConversionScope();
 * const served = await scope.run(() => engine.served(type, stored));
 */
export class ConversionScope {
  private readonly results = new Map<string, KubeObject>();

  /**
   * Runs a synchronous computation with this scope's conversions and no retry: for code that prepared
   * every conversion it needs beforehand (a watch's events).
   */
  within<T>(compute: () => T): T {
    const previous = enter(this);
    try {
      return compute();
    } finally {
      active = previous;
    }
  }

  /** A conversion this scope holds. */
  lookup(toVersion: string, obj: KubeObject): KubeObject | undefined {
    const held = this.results.get(keyOf(toVersion, obj));
    return held ? withMetadataOf(obj, held) : undefined;
  }

  /**
   * Runs a synchronous computation with this scope's conversions; when it needs one more, calls the
   * webhook and runs it again. A webhook failure rejects with kube's 500.
   */
  async run<T>(compute: () => T): Promise<T> {
    for (let round = 0; ; round++) {
      let needed: ConversionNeeded;
      const previous = enter(this);
      try {
        return compute();
      } catch (error) {
        if (!(error instanceof ConversionNeeded) || round >= MAX_ROUNDS) throw error;
        needed = error;
      } finally {
        active = previous;
      }
      await this.prepare(needed.type, needed.objects, needed.toVersion);
    }
  }

  /** Converts `objects` to `toVersion` in one ConversionReview (those not at it yet), keeping the answers. */
  async prepare(type: ResourceType, objects: readonly KubeObject[], toVersion: string, isList = false): Promise<void> {
    if (!usesWebhook(type)) return;
    const apiVersion = type.group === '' ? toVersion : `${type.group}/${toVersion}`;
    const todo = objects.filter((o) => o.apiVersion !== apiVersion && !this.results.has(keyOf(toVersion, o)));
    if (todo.length === 0) return;
    const converted = await callConversionWebhook(type, todo, apiVersion, isList);
    todo.forEach((o, i) => this.results.set(keyOf(toVersion, o), converted[i] as KubeObject));
  }
}

/** Go's `schema.GroupVersionKind` String() of what is converted: `example.com/v1, Kind=Widget` (a list: `Kind=WidgetList`). */
function gvkOf(type: ResourceType, objects: readonly KubeObject[], isList: boolean): string {
  const first = objects[0];
  return `${String(first?.apiVersion ?? '')}, Kind=${isList ? type.listKind : String(first?.kind ?? type.kind)}`;
}

/** A Go-like description of a transport failure, as kube's error text ends with it. */
function callFailure(error: unknown): string {
  if (!(error instanceof WebhookCallError)) return (error as Error).message;
  if (error.url === undefined) return error.message;
  const url = new URL(error.url);
  const address = `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
  const post = `Post ${JSON.stringify(error.url)}`;
  if (error.code === 'ECONNREFUSED') return `${post}: dial tcp ${address}: connect: connection refused`;
  if (error.code === 'ETIMEDOUT') return `${post}: context deadline exceeded`;
  if (error.code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || error.code === 'SELF_SIGNED_CERT_IN_CHAIN' || error.code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE') {
    return `${post}: tls: failed to verify certificate: x509: certificate signed by unknown authority`;
  }
  return `${post}: ${error.message}`;
}

/** kube answers conversion failures as a plain 500 (no reason): `Error from server: conversion webhook for …`. */
function conversionFailed(message: string): StatusError {
  return new StatusError(500, '', message);
}

/** The ConversionReview version kube sends: the first of the CRD's list it knows (v1, v1beta1). */
export function reviewVersionOf(versions: readonly string[] | undefined): 'v1' | 'v1beta1' | undefined {
  for (const v of versions ?? []) if (v === 'v1' || v === 'v1beta1') return v;
  return undefined;
}

/**
 * Checks a ConversionReview answer the way kube's webhook converter does and returns the converted objects
 * (each with the original's metadata, but for the labels and annotations the webhook set). Throws a 500
 * StatusError with kube's message when the answer is not acceptable.
 *
 * @example
 * const objects = checkConversionResponse(type, sent, 'example.com/v2', uid, 'v1', answer);
 */
export function checkConversionResponse(
  type: ResourceType,
  sent: readonly KubeObject[],
  desiredApiVersion: string,
  uid: string,
  reviewVersion: 'v1' | 'v1beta1',
  answer: Record<string, any>,
  isList = false,
): KubeObject[] {
  const gvk = gvkOf(type, sent, isList);
  const failed = (why: string): StatusError => conversionFailed(`conversion webhook for ${gvk} failed: ${why}`);
  if (reviewVersion === 'v1') {
    const got = `${String(answer.apiVersion ?? '')}, Kind=${String(answer.kind ?? '')}`;
    if (answer.apiVersion !== 'apiextensions.k8s.io/v1' || answer.kind !== 'ConversionReview') {
      throw failed(`expected webhook response of apiextensions.k8s.io/v1, Kind=ConversionReview, got ${got === ', Kind=' ? '/, Kind=' : got}`);
    }
  }
  const response = answer.response as Record<string, any> | undefined | null;
  if (!response || typeof response !== 'object') throw failed('no response provided');
  if (reviewVersion === 'v1' && response.uid !== uid) throw failed(`expected response.uid=${JSON.stringify(uid)}, got ${JSON.stringify(String(response.uid ?? ''))}`);
  const result = (response.result ?? {}) as Record<string, any>;
  if (result.status !== 'Success') {
    if (typeof result.message === 'string' && result.message !== '') throw failed(result.message);
    throw failed(`response.result.status was '${String(result.status ?? '')}', not 'Success'`);
  }
  const converted = Array.isArray(response.convertedObjects) ? (response.convertedObjects as unknown[]) : [];
  if (converted.length !== sent.length) {
    throw conversionFailed(`conversion webhook for ${gvk} returned ${converted.length} objects, expected ${sent.length}`);
  }
  const desiredGroupVersion = desiredApiVersion;
  const many = isList;
  return converted.map((raw, index) => {
    const original = sent[index] as KubeObject;
    // kube counts the list's index up before its checks: their messages name the next index.
    const at = many ? `invalid converted object at index ${index + 1}` : 'invalid object at index 0';
    const invalid = (why: string): StatusError => conversionFailed(`conversion webhook for ${gvk} returned ${at}: ${why}`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw invalid('invalid type, expected=Unstructured');
    const out = raw as KubeObject;
    if (out.apiVersion !== desiredGroupVersion) throw invalid(`invalid groupVersion (expected ${desiredGroupVersion}, received ${String(out.apiVersion ?? '')})`);
    if (out.kind !== original.kind) throw invalid(`invalid kind (expected ${String(original.kind)}, received ${String(out.kind ?? '')})`);
    const objectWord = many ? `invalid converted object at index ${index + 1}` : 'invalid object';
    const meta = (out.metadata ?? undefined);
    const om = (original.metadata ?? {});
    const same = (field: string, label: string): void => {
      if ((meta?.[field] ?? '') !== (om[field] ?? '')) {
        throw conversionFailed(`conversion webhook for ${gvk} returned ${objectWord}: must have the same ${label}: ${String(om[field] ?? '')} != ${String(meta?.[field] ?? '')}`);
      }
    };
    same('name', 'name');
    same('namespace', 'namespace');
    same('uid', 'UID');
    return { ...out, metadata: restoreMetadata(om, meta, gvk, many ? `in object at index ${index + 1}` : '') };
  });
}

/** kube's restoreObjectMeta: the original metadata, with the labels and annotations the webhook answered. */
function restoreMetadata(original: Record<string, any>, answered: Record<string, any> | undefined, gvk: string, where: string): Record<string, any> {
  const fail = (why: string): StatusError => conversionFailed(`conversion webhook for ${gvk} returned invalid metadata${where ? ` ${where}` : ''}: ${why}`);
  if (answered === undefined) throw fail('missing metadata in converted object');
  if (typeof answered !== 'object' || answered === null || Array.isArray(answered)) throw fail(`invalid metadata of type ${typeof answered} in converted object`);
  const out: Record<string, any> = structuredClone(original);
  for (const field of ['labels', 'annotations']) {
    const value = answered[field];
    if (value === undefined || value === null) {
      delete out[field];
      continue;
    }
    if (typeof value !== 'object' || Array.isArray(value)) throw fail(`invalid metadata.${field} of type ${Array.isArray(value) ? '[]interface {}' : typeof value} in converted object`);
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v !== 'string') throw fail(`metadata.${field}[${k}] must be a string, but is ${typeof v} in converted object`);
    }
    out[field] = value;
  }
  return out;
}

/**
 * Calls a CRD's conversion webhook for `objects` (none at `desiredApiVersion`) and answers them converted,
 * in order. Rejects with kube's 500 when the call or its answer fails.
 */
export async function callConversionWebhook(type: ResourceType, objects: readonly KubeObject[], desiredApiVersion: string, isList = false): Promise<KubeObject[]> {
  const conversion = type.custom?.conversion;
  const gvk = gvkOf(type, objects, isList);
  const reviewVersion = reviewVersionOf(conversion?.conversionReviewVersions);
  if (!reviewVersion) throw conversionFailed('no supported conversion review versions');
  const uid = randomUUID();
  const review = {
    kind: 'ConversionReview',
    apiVersion: `apiextensions.k8s.io/${reviewVersion}`,
    request: { uid, desiredAPIVersion: desiredApiVersion, objects },
    response: null,
  };
  let answer: Record<string, any>;
  try {
    answer = await postWebhook(conversion?.clientConfig ?? {}, review, CONVERSION_TIMEOUT_SECONDS);
  } catch (error) {
    throw conversionFailed(`conversion webhook for ${gvk} failed: ${callFailure(error)}`);
  }
  return checkConversionResponse(type, objects, desiredApiVersion, uid, reviewVersion, answer, isList);
}
