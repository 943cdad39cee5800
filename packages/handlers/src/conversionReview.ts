// Answering one ConversionReview (apiextensions.k8s.io/v1, or v1beta1 — the same shape) with the
// conversion steps of `on.convert`: every object is converted to `request.desiredAPIVersion` (objects
// already there pass through unchanged), and any failure fails the whole review with a message naming
// the object and the step, as the API server expects (`result.status: Failure`, HTTP 200). No I/O: the
// webhook server (@opkit/webhooks) calls this with the parsed body and the CRD named by the URL path.
import type { KubeObject } from '@opkit/kube';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { conversionCrds, convertObject } from './conversion.js';
import type { ConversionHandler } from './conversion.js';
import { ConversionError, ConversionReviewError } from './errors.js';
import { isPlainObject } from './fields.js';

/** The `request` of a ConversionReview. */
export interface ConversionRequest {
  readonly uid: string;
  /** The apiVersion every object is converted to, e.g. `example.com/v2`. */
  readonly desiredAPIVersion: string;
  readonly objects: readonly KubeObject[];
}

/** A ConversionReview request as the API server sends it. */
export interface ConversionReviewRequest {
  readonly apiVersion: 'apiextensions.k8s.io/v1' | 'apiextensions.k8s.io/v1beta1';
  readonly kind: 'ConversionReview';
  readonly request: ConversionRequest;
}

/** The `response` of a ConversionReview. */
export interface ConversionResponse {
  uid: string;
  /** The converted objects, in the request's order (only on success). */
  convertedObjects?: KubeObject[];
  result: { status: 'Success' } | { status: 'Failure'; message: string };
}

/** A ConversionReview response, as webhook servers return it. */
export interface ConversionReviewResponse {
  apiVersion: string;
  kind: 'ConversionReview';
  response: ConversionResponse;
}

/** Options of {@link reviewConversion}. */
export interface ReviewConversionOptions {
  /** The CRD (`<plural>.<group>`) from the webhook's URL path (`/convert/<crd>`). @defaultValue found from each object's group and kind */
  readonly crd?: string;
  /** Where conversions log. @defaultValue noopLogger */
  readonly logger?: Logger;
  /** Aborted when the call is abandoned; given to conversion functions as `signal`. */
  readonly signal?: AbortSignal;
}

function malformed(what: string): ConversionReviewError {
  return new ConversionReviewError('malformed', `Not a valid ConversionReview: ${what}.`);
}

/**
 * Check that a parsed JSON body is a ConversionReview request (`apiextensions.k8s.io/v1` or `v1beta1`).
 *
 * @throws ConversionReviewError (`malformed`) saying what is missing or wrong.
 * @example
 * ```ts
 * const review = parseConversionReview(parseJson(text));
 * review.request.desiredAPIVersion; // 'example.com/v2'
 * ```
 */
export function parseConversionReview(body: unknown): ConversionReviewRequest {
  if (!isPlainObject(body)) throw malformed(`expected a JSON object, got ${Array.isArray(body) ? 'an array' : body === null ? 'null' : typeof body}`);
  if (body.apiVersion !== 'apiextensions.k8s.io/v1' && body.apiVersion !== 'apiextensions.k8s.io/v1beta1') {
    throw malformed(`apiVersion must be 'apiextensions.k8s.io/v1' (or v1beta1), got ${JSON.stringify(body.apiVersion)}`);
  }
  if (body.kind !== 'ConversionReview') throw malformed(`kind must be 'ConversionReview', got ${JSON.stringify(body.kind)}`);
  const request = body.request;
  if (!isPlainObject(request)) throw malformed('request is missing (a ConversionReview request carries `request`)');
  if (typeof request.uid !== 'string' || request.uid === '') throw malformed('request.uid must be a non-empty string');
  if (typeof request.desiredAPIVersion !== 'string' || !/^[^/]+\/[^/]+$/.test(request.desiredAPIVersion)) {
    throw malformed(`request.desiredAPIVersion must be <group>/<version>, got ${JSON.stringify(request.desiredAPIVersion)}`);
  }
  if (!Array.isArray(request.objects) || !request.objects.every((object) => isPlainObject(object))) throw malformed('request.objects must be a list of objects');
  return body as unknown as ConversionReviewRequest;
}

/**
 * Review a ConversionReview request with the conversion steps and build the ConversionReview response.
 *
 * Every object is converted to `desiredAPIVersion` along the shortest chain of steps (see
 * `convertObject`); objects already at it are returned unchanged. The first failure ends the review
 * with `result: { status: 'Failure', message }`: the message names the object, the versions and, in
 * a chain, the step that failed.
 *
 * @throws ConversionReviewError when the body is not a ConversionReview (`malformed`) or `crd` has no
 * conversion steps (`unknown-resource`).
 * @example
 * ```ts
 * const response = await reviewConversion(registry.conversionHandlers(), parseJson(text), { crd: 'widgets.example.com' });
 * response.response.result.status; // 'Success'
 * ```
 */
export async function reviewConversion(handlers: readonly ConversionHandler[], body: unknown, options: ReviewConversionOptions = {}): Promise<ConversionReviewResponse> {
  const review = parseConversionReview(body);
  const { uid, desiredAPIVersion, objects } = review.request;
  const crd = options.crd;
  if (crd !== undefined && !handlers.some((handler) => handler.crd === crd)) {
    throw new ConversionReviewError('unknown-resource', `No conversion is registered for ${crd} (the webhook's URL path); registered for: ${conversionCrds(handlers).join(', ') || 'nothing'}.`);
  }
  const logger = options.logger ?? noopLogger;
  const respond = (response: ConversionResponse): ConversionReviewResponse => ({ apiVersion: review.apiVersion, kind: 'ConversionReview', response });
  const converted: KubeObject[] = [];
  for (const object of objects) {
    try {
      converted.push(await convertObject(handlers, object, desiredAPIVersion, {
        logger, ...(crd === undefined ? {} : { crd }), ...(options.signal ? { signal: options.signal } : {}),
      }));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      logger.error('Conversion failed', { crd, desiredAPIVersion, error: message, ...(error instanceof ConversionError ? { code: error.code } : {}) });
      return respond({ uid, result: { status: 'Failure', message } });
    }
  }
  return respond({ uid, convertedObjects: converted, result: { status: 'Success' } });
}
