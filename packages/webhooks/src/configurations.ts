// Rendering admission handlers into ValidatingWebhookConfiguration and MutatingWebhookConfiguration
// objects, by Kopf's conventions: one webhook per handler named `<handler id>.<configuration name>`,
// rules from the handler's resources, operations and sub-resource, an objectSelector from its label
// filters, sideEffects, failurePolicy, matchPolicy Equivalent and a timeout. Pure functions: the
// managed-configuration reconciler and `op manifests` both render through here.
import { selectResources } from '@opkit/kube';
import type { Resource } from '@opkit/kube';
import { ABSENT, PRESENT, resolvableSelector } from '@opkit/handlers';
import type { AdmissionHandler, AdmissionHandlerKind, MetaFilter } from '@opkit/handlers';
import { WebhooksError } from './errors.js';

/** A Service the API server calls the webhooks through (in-cluster). */
export interface WebhookService {
  readonly namespace: string;
  readonly name: string;
  /** @defaultValue 443 */
  readonly port?: number;
  /** The base path; handler ids follow it. @defaultValue none (`/<handler id>`) */
  readonly path?: string;
}

/** A webhook's `clientConfig`: a URL or a Service, with the CA to trust (none with cert-manager's injection). */
export type WebhookClientConfig =
  | { readonly url: string; readonly caBundle?: string }
  | { readonly service: WebhookService; readonly caBundle?: string };

/** One webhook of a configuration, as the API server stores it. */
export interface RenderedWebhook {
  name: string;
  clientConfig: { url?: string; service?: { namespace: string; name: string; port: number; path: string }; caBundle?: string };
  rules: { apiGroups: string[]; apiVersions: string[]; resources: string[]; operations: string[]; scope: '*' }[];
  objectSelector?: { matchExpressions: LabelRequirement[] };
  sideEffects: 'None' | 'NoneOnDryRun';
  failurePolicy: 'Fail' | 'Ignore';
  matchPolicy: 'Equivalent';
  timeoutSeconds: number;
  admissionReviewVersions: string[];
}

/** One requirement of an objectSelector. */
export interface LabelRequirement {
  key: string;
  operator: 'In' | 'Exists' | 'DoesNotExist';
  values?: string[];
}

/** A rendered Validating- or MutatingWebhookConfiguration. */
export interface RenderedWebhookConfiguration {
  apiVersion: 'admissionregistration.k8s.io/v1';
  kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration';
  metadata: { name: string; annotations?: Record<string, string> };
  webhooks: RenderedWebhook[];
}

/** Options of {@link buildWebhooks} and {@link renderWebhookConfigurations}. */
export interface WebhookRenderOptions {
  /** The configurations' name; each webhook is named `<handler id>.<name>`, e.g. `auto.opkit.dev`. */
  readonly name: string;
  /** Where the API server sends the reviews (the handler id is appended to the URL or the Service path). */
  readonly clientConfig: WebhookClientConfig;
  /** The resources the handlers' selectors pick from (usually discovered; see {@link resourcesOf} for typed selectors). */
  readonly resources: readonly Resource[];
  /** Only the webhooks of persistent handlers (what stays after a graceful exit). @defaultValue false */
  readonly persistentOnly?: boolean;
  /** Seconds the API server waits for a webhook (1–30). @defaultValue 30 */
  readonly timeoutSeconds?: number;
  /** Annotations of the configurations (cert-manager's `inject-ca-from`, see {@link certManagerTarget}). */
  readonly annotations?: Readonly<Record<string, string>>;
}

/**
 * The webhook's name for a handler id: `/` becomes `.`, `_` becomes `-`, other characters that a DNS
 * name cannot hold become their UTF-8 bytes in hex, then `.<suffix>`. Kopf's rule, plus lower-casing
 * (the API server accepts only lower-case names).
 *
 * @example
 * ```ts
 * webhookName('validate2/spec.field', 'auto.opkit.dev'); // 'validate2.spec.field.auto.opkit.dev'
 * ```
 */
export function webhookName(id: string, suffix: string): string {
  const name = id.replaceAll('/', '.').replaceAll('_', '-')
    .replace(/[^\w.-]/gu, (char) => Buffer.from(char, 'utf8').toString('hex'))
    .toLowerCase();
  return suffix ? `${name}.${suffix}` : name;
}

/** The handler id as a URL path segment: percent-encoded, but `/` kept (as Kopf does). */
function quoteId(id: string): string {
  return encodeURIComponent(id).replaceAll('%2F', '/').replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/**
 * The client config of one handler's webhook: the handler id appended to the URL or the Service path.
 *
 * @example
 * ```ts
 * clientConfigFor({ url: 'https://127.0.0.1:9443' }, 'validate1'); // { url: 'https://127.0.0.1:9443/validate1' }
 * ```
 */
export function clientConfigFor(config: WebhookClientConfig, id: string): RenderedWebhook['clientConfig'] {
  const caBundle = config.caBundle === undefined ? {} : { caBundle: config.caBundle };
  if ('url' in config) return { url: `${config.url.replace(/\/+$/, '')}/${quoteId(id)}`, ...caBundle };
  const { namespace, name, port, path } = config.service;
  return { service: { namespace, name, port: port ?? 443, path: `${(path ?? '').replace(/\/+$/, '')}/${quoteId(id)}` }, ...caBundle };
}

function labelRequirement(key: string, filter: MetaFilter): LabelRequirement | undefined {
  if (filter === PRESENT) return { key, operator: 'Exists' };
  if (filter === ABSENT) return { key, operator: 'DoesNotExist' };
  if (typeof filter === 'function') return undefined; // predicates cannot be expressed; the handler checks them
  return { key, operator: 'In', values: [String(filter)] };
}

/**
 * The objectSelector of a handler's label filters (`In`, `Exists`, `DoesNotExist`; predicates are
 * left out and checked by the handler), or `undefined` when there are none.
 *
 * @example
 * ```ts
 * objectSelectorOf({ somelabel: 'somevalue' }); // { matchExpressions: [{ key: 'somelabel', operator: 'In', values: ['somevalue'] }] }
 * ```
 */
export function objectSelectorOf(labels: AdmissionHandler['filters']['labels']): RenderedWebhook['objectSelector'] {
  const expressions = Object.entries(labels ?? {}).flatMap(([key, filter]) => labelRequirement(key, filter) ?? []);
  return expressions.length > 0 ? { matchExpressions: expressions } : undefined;
}

function checkClientConfig(config: WebhookClientConfig): void {
  if ('url' in config) {
    let url: URL;
    try {
      url = new URL(config.url);
    } catch {
      throw new WebhooksError('invalid-option', `The webhook URL ${JSON.stringify(config.url)} is not a URL; expected e.g. https://host.k3d.internal:9443.`);
    }
    if (url.protocol !== 'https:') throw new WebhooksError('invalid-option', `The webhook URL ${config.url} must use https:// (the API server calls webhooks over TLS only).`);
    if (url.search || url.hash) throw new WebhooksError('invalid-option', `The webhook URL ${config.url} must not have a query or fragment.`);
  } else if ('service' in config) {
    const { namespace, name, port } = config.service ?? ({} as WebhookService);
    if (!namespace || !name) throw new WebhooksError('invalid-option', 'A Service client config needs { namespace, name } (and optionally port, path).');
    if (port !== undefined && (!Number.isInteger(port) || port < 1 || port > 65535)) throw new WebhooksError('invalid-option', `The Service port must be 1–65535; got ${String(port)}.`);
  } else {
    throw new WebhooksError('invalid-option', 'A client config needs either { url } or { service: { namespace, name, port?, path? } }.');
  }
}

/**
 * The webhooks of the handlers, in registration order.
 *
 * @throws WebhooksError for a bad client config or timeout.
 * @example
 * ```ts
 * buildWebhooks(registry.admissionHandlers('validate'), { name: 'auto.opkit.dev', clientConfig: server.clientConfig(), resources });
 * ```
 */
export function buildWebhooks(handlers: readonly AdmissionHandler[], options: WebhookRenderOptions): RenderedWebhook[] {
  checkClientConfig(options.clientConfig);
  const timeoutSeconds = options.timeoutSeconds ?? 30;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 30) {
    throw new WebhooksError('invalid-option', `timeoutSeconds must be a whole number of seconds from 1 to 30 (the API server's limit); got ${String(timeoutSeconds)}.`);
  }
  return handlers
    .filter((handler) => !options.persistentOnly || handler.persistent)
    .map((handler) => {
      const webhook: RenderedWebhook = {
        name: webhookName(handler.id, options.name),
        clientConfig: clientConfigFor(options.clientConfig, handler.id),
        rules: resourcesOf(handler, options.resources).map((resource) => ({
          apiGroups: [resource.group],
          apiVersions: [resource.version],
          // `plural/*` matches every sub-resource but not the body (Kubernetes' rule semantics), so '*' lists both.
          resources: handler.subresource === null ? [resource.plural]
            : handler.subresource === '*' ? [resource.plural, `${resource.plural}/*`] : [`${resource.plural}/${handler.subresource}`],
          operations: handler.operations === null ? ['*'] : [...handler.operations],
          scope: '*' as const,
        })),
        sideEffects: handler.sideEffects ? 'NoneOnDryRun' : 'None',
        failurePolicy: handler.ignoreFailures ? 'Ignore' : 'Fail',
        matchPolicy: 'Equivalent',
        timeoutSeconds,
        admissionReviewVersions: ['v1', 'v1beta1'],
      };
      const objectSelector = objectSelectorOf(handler.filters.labels);
      if (objectSelector) webhook.objectSelector = objectSelector;
      return webhook;
    });
}

/**
 * The resources a handler's selector picks among `resources` (none when it names no known resource).
 *
 * @example
 * ```ts
 * resourcesOf(handler, discovered); // [{ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', … }]
 * ```
 */
export function resourcesOf(handler: AdmissionHandler, resources: readonly Resource[]): Resource[] {
  try {
    return selectResources(resources, resolvableSelector(handler.selector));
  } catch {
    return [];
  }
}

const KINDS: Record<AdmissionHandlerKind, RenderedWebhookConfiguration['kind']> = {
  validate: 'ValidatingWebhookConfiguration',
  mutate: 'MutatingWebhookConfiguration',
};

/**
 * Both configurations: validators into the ValidatingWebhookConfiguration, mutators into the
 * MutatingWebhookConfiguration, both named `options.name`.
 *
 * @example
 * ```ts
 * const { validating, mutating } = renderWebhookConfigurations(registry.admissionHandlers(), {
 *   name: 'auto.opkit.dev', clientConfig: { service: { namespace: 'ops', name: 'my-operator', port: 443 } }, resources,
 * });
 * ```
 */
export function renderWebhookConfigurations(handlers: readonly AdmissionHandler[], options: WebhookRenderOptions): { validating: RenderedWebhookConfiguration; mutating: RenderedWebhookConfiguration } {
  if (!options.name || !/^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/.test(options.name)) {
    throw new WebhooksError('invalid-option', `The configuration name must be a lower-case DNS name such as 'auto.opkit.dev'; got ${JSON.stringify(options.name)}.`);
  }
  const render = (kind: AdmissionHandlerKind): RenderedWebhookConfiguration => ({
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: KINDS[kind],
    metadata: { name: options.name, ...(options.annotations ? { annotations: { ...options.annotations } } : {}) },
    webhooks: buildWebhooks(handlers.filter((handler) => handler.kind === kind), options),
  });
  return { validating: render('validate'), mutating: render('mutate') };
}
