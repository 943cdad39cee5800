// The conversion stanza of a CustomResourceDefinition (`spec.conversion`): `strategy: Webhook` and the
// client config pointing at the operator's webhook server under `convert/<plural>.<group>`. Rendered
// here for both the running operator (which patches it into each CRD that has `on.convert` steps, as it
// manages the admission configurations) and `op manifests` (which writes it into the CRDs it renders).
// Unlike the admission webhooks, the stanza stays when the operator exits: a CRD whose objects are
// stored at several versions cannot fall back to `None` (which only rewrites apiVersion) without serving
// wrong objects, so while the operator is away the API server answers conversions with errors instead.
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import { conversionCrds, conversionVersions } from '@opkit/handlers';
import type { ConversionHandler } from '@opkit/handlers';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { clientConfigFor } from './configurations.js';
import type { RenderedWebhook, WebhookClientConfig } from './configurations.js';
import { conversionWebhookPath } from './webhookServer.js';

/** The apiextensions.k8s.io/v1 resource the CRDs are. */
export const CUSTOM_RESOURCE_DEFINITIONS: Resource = Object.freeze({
  group: 'apiextensions.k8s.io', version: 'v1', plural: 'customresourcedefinitions', kind: 'CustomResourceDefinition', namespaced: false,
});

/** The ConversionReview versions the webhook server answers, in the order the API server should prefer them. */
export const CONVERSION_REVIEW_VERSIONS: readonly string[] = Object.freeze(['v1', 'v1beta1']);

/** A CRD's `spec.conversion` for a conversion webhook. */
export interface RenderedCrdConversion {
  strategy: 'Webhook';
  webhook: {
    conversionReviewVersions: string[];
    clientConfig: RenderedWebhook['clientConfig'];
  };
}

/**
 * The `spec.conversion` of a CRD (`<plural>.<group>`) whose conversions the webhook server at
 * `clientConfig` serves (at `convert/<crd>` after its URL or Service path).
 *
 * @example
 * ```ts
 * renderCrdConversion('widgets.example.com', { service: { namespace: 'ops', name: 'widget-operator' } });
 * // { strategy: 'Webhook', webhook: { conversionReviewVersions: ['v1', 'v1beta1'],
 * //   clientConfig: { service: { namespace: 'ops', name: 'widget-operator', port: 443, path: '/convert/widgets.example.com' } } } }
 * ```
 */
export function renderCrdConversion(crd: string, clientConfig: WebhookClientConfig): RenderedCrdConversion {
  return {
    strategy: 'Webhook',
    webhook: { conversionReviewVersions: [...CONVERSION_REVIEW_VERSIONS], clientConfig: clientConfigFor(clientConfig, conversionWebhookPath(crd)) },
  };
}

/** Options of {@link ManagedCrdConversions}. */
export interface ManagedCrdConversionsOptions {
  /** The API client (it needs get and patch on customresourcedefinitions). */
  readonly client: KubeClient;
  /** The conversion steps: a list, or a function called at each rewrite. */
  readonly handlers: readonly ConversionHandler[] | (() => readonly ConversionHandler[]);
  /** @defaultValue noopLogger */
  readonly logger?: Logger;
}

/**
 * Keeps the conversion stanza of every CRD with conversion steps pointing at the webhook server.
 *
 * Guarantees: `apply` merge-patches `spec.conversion` of each CRD (the other form of client config and a
 * stale caBundle are removed), so several replicas converge on the same content; it warns about versions
 * the CRD serves that no step mentions. Nothing is undone on exit (see the file comment).
 *
 * @example
 * ```ts
 * const managed = new ManagedCrdConversions({ client, handlers: () => registry.conversionHandlers() });
 * await managed.apply(server.clientConfig());
 * ```
 */
export class ManagedCrdConversions {
  readonly #options: ManagedCrdConversionsOptions;
  readonly #logger: Logger;

  constructor(options: ManagedCrdConversionsOptions) {
    this.#options = options;
    this.#logger = (options.logger ?? noopLogger).child({ component: 'crd-conversion' });
  }

  #handlers(): readonly ConversionHandler[] {
    const { handlers } = this.#options;
    return typeof handlers === 'function' ? handlers() : handlers;
  }

  /** The CRDs' names and their stanzas, as `apply` writes them. */
  render(clientConfig: WebhookClientConfig): { crd: string; conversion: RenderedCrdConversion }[] {
    return conversionCrds(this.#handlers()).map((crd) => ({ crd, conversion: renderCrdConversion(crd, clientConfig) }));
  }

  /**
   * Patch the conversion stanza of every CRD with conversion steps.
   *
   * @throws KubeApiError subclasses from the API (NotFoundError for a CRD that is not installed, ForbiddenError without RBAC).
   */
  async apply(clientConfig: WebhookClientConfig, options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    const handlers = this.#handlers();
    for (const { crd, conversion } of this.render(clientConfig)) {
      const { url, service, caBundle } = conversion.webhook.clientConfig;
      const patch = {
        spec: {
          conversion: {
            strategy: 'Webhook',
            webhook: {
              conversionReviewVersions: conversion.webhook.conversionReviewVersions,
              clientConfig: { url: url ?? null, service: service ?? null, caBundle: caBundle ?? null },
            },
          },
        },
      };
      this.#logger.info(`Setting the conversion webhook of the CRD ${crd}`, { crd, url: url ?? null, service: service ? `${service.namespace}/${service.name}${service.path}` : null });
      const updated = await this.#options.client.patch<KubeObject>(CUSTOM_RESOURCE_DEFINITIONS, crd, patch, { type: 'merge', ...(options.signal ? { signal: options.signal } : {}) });
      const known = new Set(conversionVersions(handlers, crd));
      const spec = updated.spec as { versions?: { name?: unknown; served?: unknown }[] } | undefined;
      const served = (spec?.versions ?? []).filter((version) => version.served !== false).map((version) => String(version.name));
      const uncovered = served.filter((version) => !known.has(version));
      if (served.length > 1 && uncovered.length > 0) {
        this.#logger.warn(`The CRD ${crd} serves ${uncovered.join(', ')}, which no on.convert step mentions: objects cannot be converted to or from ${uncovered.length === 1 ? 'it' : 'them'}.`, { crd, served, converted: [...known] });
      }
    }
  }
}
