// Reviewing one AdmissionReview v1 request with the admission handlers, by Kopf's rules: find the
// resource, select the handlers (the one named by the webhook's URL path, else all), run them one by
// one on a shared context, and answer with `allowed`, the most telling error as `status`, the warnings,
// and the mutators' changes as a base64 JSON patch against the request's object. No I/O: webhook
// servers (@opkit/webhooks) call this with the parsed body of each request.
import { selectResources } from '@opkit/kube';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { stringifyJson } from '@opkit/json';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import type { AdmissionContext, AdmissionHandler, AdmissionOperation, AdmissionUserInfo } from './admission.js';
import { HandlerClient } from './client.js';
import { AdmissionError, AdmissionReviewError, PermanentError, TemporaryError } from './errors.js';
import { isPlainObject } from './fields.js';
import { filterContextOf, matchesFilters } from './filters.js';
import type { Indices } from './indices.js';
import { applyAdmissionPatch, createAdmissionPatch, diffBodies, jsonPatchBetween } from './internal/admissionPatch.js';
import { resolvableSelector } from './registry.js';
import { runWithScope } from './scope.js';

/** The `request` of an AdmissionReview, as far as reviewing reads it. */
export interface AdmissionRequest {
  readonly uid: string;
  readonly kind?: { readonly group: string; readonly version: string; readonly kind: string };
  readonly resource: { readonly group: string; readonly version: string; readonly resource: string };
  readonly subResource?: string;
  readonly name?: string;
  readonly namespace?: string;
  readonly operation: AdmissionOperation;
  readonly userInfo: AdmissionUserInfo;
  readonly object?: KubeObject | null;
  readonly oldObject?: KubeObject | null;
  readonly dryRun?: boolean;
}

/** An AdmissionReview request as the API server sends it. */
export interface AdmissionReviewRequest {
  readonly apiVersion: string;
  readonly kind: 'AdmissionReview';
  readonly request: AdmissionRequest;
}

/** The `response` of an AdmissionReview. */
export interface AdmissionResponse {
  uid: string;
  allowed: boolean;
  warnings?: string[];
  /** Base64 of a JSON patch (RFC 6902) against the request's object. */
  patch?: string;
  patchType?: 'JSONPatch';
  status?: { code: number; message: string };
}

/** An AdmissionReview response, as webhook servers return it. */
export interface AdmissionReviewResponse {
  apiVersion: string;
  kind: 'AdmissionReview';
  response: AdmissionResponse;
}

/** Options of {@link reviewAdmission}. */
export interface ReviewAdmissionOptions {
  /** The handler id from the webhook's URL path: only that handler runs. @defaultValue all matching handlers */
  readonly webhook?: string;
  /** Discovered resources: the request's resource is looked up here (for short names and singulars). @defaultValue derived from the request */
  readonly resources?: readonly Resource[];
  /** The HTTP headers of the call, given to handlers as `headers`. @defaultValue {} */
  readonly headers?: Readonly<Record<string, string>>;
  /** The client certificate's subject, given to handlers as `sslPeer`. @defaultValue {} */
  readonly sslPeer?: Readonly<Record<string, unknown>>;
  /** The memo of an object; `ephemeral` is true for CREATE (a throw-away memo). @defaultValue a new `{}` per request */
  readonly memo?: (body: KubeObject, options: { readonly ephemeral: boolean }) => Record<string, any>;
  /** The operator's indices. @defaultValue {} */
  readonly indices?: Indices;
  /** Where handlers log (each gets a child with the object's kind, namespace and name). @defaultValue noopLogger */
  readonly logger?: Logger;
  /** Aborted when the call is abandoned; given to handlers as `signal`. */
  readonly signal?: AbortSignal;
  /** The operator's client, given to handlers as `client`. @defaultValue the ambient one (`ambientClient()`) */
  readonly client?: KubeClient;
}

const OPERATIONS = new Set(['CREATE', 'UPDATE', 'DELETE', 'CONNECT']);

function malformed(what: string): AdmissionReviewError {
  return new AdmissionReviewError('malformed', `Not a valid AdmissionReview: ${what}.`);
}

function isObjectOrNull(value: unknown): boolean {
  return value === undefined || value === null || isPlainObject(value);
}

/**
 * Check that a parsed JSON body is an AdmissionReview request (`admission.k8s.io/v1` or `v1beta1`).
 *
 * @throws AdmissionReviewError (`malformed`) saying what is missing or wrong.
 * @example
 * ```ts
 * const review = parseAdmissionReview(parseJson(text));
 * ```
 */
export function parseAdmissionReview(body: unknown): AdmissionReviewRequest {
  if (!isPlainObject(body)) throw malformed(`expected a JSON object, got ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}`);
  if (body.apiVersion !== 'admission.k8s.io/v1' && body.apiVersion !== 'admission.k8s.io/v1beta1') {
    throw malformed(`apiVersion must be 'admission.k8s.io/v1' (or v1beta1), got ${JSON.stringify(body.apiVersion)}`);
  }
  if (body.kind !== 'AdmissionReview') throw malformed(`kind must be 'AdmissionReview', got ${JSON.stringify(body.kind)}`);
  const request = body.request;
  if (!isPlainObject(request)) throw malformed('request is missing (an AdmissionReview request carries `request`)');
  if (typeof request.uid !== 'string' || request.uid === '') throw malformed('request.uid must be a non-empty string');
  const resource = request.resource;
  if (!isPlainObject(resource) || typeof resource.group !== 'string' || typeof resource.version !== 'string' || typeof resource.resource !== 'string' || !resource.version || !resource.resource) {
    throw malformed('request.resource must be { group, version, resource } strings');
  }
  if (typeof request.operation !== 'string' || !OPERATIONS.has(request.operation)) {
    throw malformed(`request.operation must be CREATE, UPDATE, DELETE or CONNECT, got ${JSON.stringify(request.operation)}`);
  }
  if (!isPlainObject(request.userInfo)) throw malformed('request.userInfo is missing');
  if (!isObjectOrNull(request.object) || !isObjectOrNull(request.oldObject)) throw malformed('request.object and request.oldObject must be objects or null');
  if (!isPlainObject(request.object) && !isPlainObject(request.oldObject)) throw malformed('either request.object or request.oldObject is needed');
  if (request.subResource !== undefined && typeof request.subResource !== 'string') throw malformed('request.subResource must be a string');
  if (request.kind !== undefined && !isPlainObject(request.kind)) throw malformed('request.kind must be { group, version, kind }');
  return body as unknown as AdmissionReviewRequest;
}

function resourceOf(request: AdmissionRequest, known: readonly Resource[] | undefined): Resource {
  const { group, version, resource: plural } = request.resource;
  const found = known?.find((r) => r.group === group && r.version === version && r.plural === plural);
  if (found) return found;
  const kind = typeof request.kind?.kind === 'string' ? request.kind.kind : '';
  return { group, version, plural, kind, namespaced: Boolean(request.namespace), preferred: true };
}

function servesResource(handler: AdmissionHandler, resource: Resource): boolean {
  try {
    return selectResources([resource], resolvableSelector(handler.selector)).length > 0;
  } catch {
    return false;
  }
}

/**
 * Whether a handler serves a request: its resource, its sub-resource (`null` = the main body, `'*'` =
 * any), its operations, and — for mutators — DELETE only when `operations` is exactly `['DELETE']`.
 * The filters are checked separately.
 */
function servesRequest(handler: AdmissionHandler, request: AdmissionRequest): boolean {
  const subresource = request.subResource || null;
  if (handler.subresource !== '*' && handler.subresource !== subresource) return false;
  if (handler.operations !== null && !handler.operations.includes(request.operation)) return false;
  if (handler.kind === 'mutate' && request.operation === 'DELETE') {
    return handler.operations !== null && handler.operations.length === 1 && handler.operations[0] === 'DELETE';
  }
  return true;
}

/** Kopf's priority among several errors: AdmissionError, then PermanentError, then TemporaryError, then others. */
function rank(error: unknown): number {
  if (error instanceof AdmissionError) return 0;
  if (error instanceof PermanentError) return 1;
  if (error instanceof TemporaryError) return 2;
  return 9;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}

/**
 * Review an AdmissionReview request with the admission handlers and build the AdmissionReview response.
 *
 * Handlers run one after another in registration order on one shared context (so a later handler sees
 * the earlier ones' `patch` and `warnings`). Every handler runs even after one failed. Any error denies
 * the request; the reported one is chosen by priority — {@link AdmissionError} (its code), then
 * PermanentError, then TemporaryError, then any other (code 500). Mutators' changes to `patch` become a
 * JSON patch against the request's object. Without `webhook`, every matching handler of both kinds runs.
 *
 * @throws AdmissionReviewError when the body is not an AdmissionReview (`malformed`), `webhook` names no
 * admission handler (`unknown-webhook`), or no handler serves the resource (`unknown-resource`).
 * @example
 * ```ts
 * const response = await reviewAdmission(registry.admissionHandlers(), parseJson(text), { webhook: 'validate1' });
 * response.response.allowed; // false when a handler threw
 * ```
 */
export async function reviewAdmission(handlers: readonly AdmissionHandler[], body: unknown, options: ReviewAdmissionOptions = {}): Promise<AdmissionReviewResponse> {
  const review = parseAdmissionReview(body);
  const request = review.request;
  let candidates = handlers;
  if (options.webhook !== undefined) {
    candidates = handlers.filter((handler) => handler.id === options.webhook);
    if (candidates.length === 0) {
      throw new AdmissionReviewError('unknown-webhook', `No admission handler has the id ${JSON.stringify(options.webhook)} (the webhook's URL path); known ids: ${handlers.map((h) => JSON.stringify(h.id)).join(', ') || 'none'}.`);
    }
  }
  const resource = resourceOf(request, options.resources);
  candidates = candidates.filter((handler) => servesResource(handler, resource));
  if (candidates.length === 0) {
    const { group, version, resource: plural } = request.resource;
    throw new AdmissionReviewError('unknown-resource', `No admission handler serves the resource ${group ? `${group}/` : ''}${version}/${plural}${options.webhook === undefined ? '' : ` at the webhook ${JSON.stringify(options.webhook)}`}.`);
  }

  const newBody = isPlainObject(request.object) ? request.object : null;
  const oldBody = isPlainObject(request.oldObject) ? request.oldObject : null;
  const target = (newBody ?? oldBody)!;
  const { patch, data } = createAdmissionPatch();
  const warnings: string[] = [];
  const memo = options.memo ? options.memo(target, { ephemeral: request.operation === 'CREATE' }) : {};
  const meta = target.metadata ?? {};
  const logger = (options.logger ?? noopLogger).child({ kind: resource.kind, namespace: meta.namespace ?? request.namespace, name: meta.name ?? request.name });
  const signal = options.signal ?? new AbortController().signal;
  const base = filterContextOf(target, {
    resource, patch, logger, memo, old: oldBody, new: newBody, diff: diffBodies(oldBody, newBody), indices: options.indices ?? {}, signal,
    client: new HandlerClient(options.client, { owner: target, signal }),
  });
  const shared = {
    ...base,
    dryRun: request.dryRun === true,
    userInfo: request.userInfo,
    headers: options.headers ?? {},
    sslPeer: options.sslPeer ?? {},
    operation: request.operation,
    subresource: request.subResource || null,
    warnings,
  };

  const errors: unknown[] = [];
  for (const handler of candidates) {
    if (!servesRequest(handler, request)) continue;
    const context = { ...shared, id: handler.id, ...(handler.param === undefined ? {} : { param: handler.param }) } as unknown as AdmissionContext;
    if (!matchesFilters(handler, { body: target, context })) continue;
    try {
      await runWithScope({ context: context as never }, () => handler.fn(context));
    } catch (error) {
      // A rejection the handler chose (AdmissionError) is the handler working: INFO. Anything else is a failure.
      if (error instanceof AdmissionError) logger.info('Admission handler rejected the request', { handler: handler.id, code: error.statusCode, error: messageOf(error) });
      else logger.error('Admission handler failed', { handler: handler.id, error: messageOf(error) });
      errors.push(error);
    }
  }

  const response: AdmissionResponse = { uid: request.uid, allowed: errors.length === 0 };
  if (warnings.length > 0) response.warnings = warnings.map(String);
  const after = applyAdmissionPatch(target, data, patch.fns);
  const ops = jsonPatchBetween(target, after);
  if (ops.length > 0) {
    response.patch = Buffer.from(stringifyJson(ops), 'utf8').toString('base64');
    response.patchType = 'JSONPatch';
  }
  if (errors.length > 0) {
    const chosen = errors.reduce((best, error) => (rank(error) < rank(best) ? error : best));
    response.status = { code: chosen instanceof AdmissionError ? chosen.statusCode : 500, message: messageOf(chosen) };
  }
  return { apiVersion: review.apiVersion, kind: 'AdmissionReview', response };
}
