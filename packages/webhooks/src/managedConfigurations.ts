// Managed webhook configurations, as Kopf's `settings.admission.managed`: one
// ValidatingWebhookConfiguration and one MutatingWebhookConfiguration with a given name (e.g.
// `auto.opkit.dev`) are created when absent and their `webhooks[]` rewritten whenever the handlers or
// the client config change; on a graceful exit only the webhooks of persistent handlers remain, so the
// API server stops calling an operator that is gone (unless the user asked otherwise).
import { ConflictError } from '@opkit/kube';
import type { KubeClient, Resource } from '@opkit/kube';
import type { AdmissionHandler } from '@opkit/handlers';
import { noopLogger } from '@opkit/tasks';
import type { Logger } from '@opkit/tasks';
import { renderWebhookConfigurations } from './configurations.js';
import type { RenderedWebhookConfiguration, WebhookClientConfig } from './configurations.js';

/** The admissionregistration.k8s.io/v1 resources the configurations are. */
export const VALIDATING_WEBHOOK_CONFIGURATIONS: Resource = Object.freeze({
  group: 'admissionregistration.k8s.io', version: 'v1', plural: 'validatingwebhookconfigurations', kind: 'ValidatingWebhookConfiguration', namespaced: false,
});
/** See {@link VALIDATING_WEBHOOK_CONFIGURATIONS}. */
export const MUTATING_WEBHOOK_CONFIGURATIONS: Resource = Object.freeze({
  group: 'admissionregistration.k8s.io', version: 'v1', plural: 'mutatingwebhookconfigurations', kind: 'MutatingWebhookConfiguration', namespaced: false,
});

/** The annotation cert-manager's CA injector reads; removed when the configurations no longer ask for it. */
const INJECT_CA_FROM = 'cert-manager.io/inject-ca-from';

/** Options of {@link ManagedWebhookConfigurations}. */
export interface ManagedWebhookConfigurationsOptions {
  /** The API client (it needs create and patch on both configuration kinds). */
  readonly client: KubeClient;
  /** The configurations' name, e.g. `auto.opkit.dev`. */
  readonly name: string;
  /** The admission handlers: a list, or a function called at each rewrite (for handlers that change). */
  readonly handlers: readonly AdmissionHandler[] | (() => readonly AdmissionHandler[]);
  /** The resources the handlers' selectors pick from: a list, or a function called at each rewrite. */
  readonly resources: readonly Resource[] | (() => readonly Resource[]);
  /** Seconds the API server waits for each webhook. @defaultValue 30 */
  readonly timeoutSeconds?: number;
  /** Annotations for both configurations (e.g. cert-manager's `inject-ca-from`). */
  readonly annotations?: Readonly<Record<string, string>>;
  /** @defaultValue noopLogger */
  readonly logger?: Logger;
}

/**
 * Keeps the two managed configurations in line with the handlers and the client config.
 *
 * Guarantees: `apply` creates each configuration when absent (a concurrent creation is fine) and then
 * replaces its `webhooks[]` with a merge patch, so several replicas converge on the same content;
 * `cleanup` leaves only persistent webhooks. The objects themselves are never deleted (other tools
 * may own them too). Caveat: webhooks added by hand to a managed configuration are overwritten.
 *
 * @example
 * ```ts
 * const managed = new ManagedWebhookConfigurations({ client, name: 'auto.opkit.dev', handlers: () => registry.admissionHandlers(), resources });
 * await managed.apply(server.clientConfig());
 * // … on exit:
 * await managed.cleanup();
 * ```
 */
export class ManagedWebhookConfigurations {
  readonly #options: ManagedWebhookConfigurationsOptions;
  readonly #logger: Logger;
  #last: WebhookClientConfig | undefined;

  constructor(options: ManagedWebhookConfigurationsOptions) {
    this.#options = options;
    this.#logger = (options.logger ?? noopLogger).child({ component: 'webhook-configurations', name: options.name });
  }

  /** The configurations as they are rendered now for a client config (what `apply` writes). */
  render(clientConfig: WebhookClientConfig, options: { readonly persistentOnly?: boolean } = {}): RenderedWebhookConfiguration[] {
    const { handlers, resources, name, timeoutSeconds, annotations } = this.#options;
    const { validating, mutating } = renderWebhookConfigurations(typeof handlers === 'function' ? handlers() : handlers, {
      name, clientConfig, resources: typeof resources === 'function' ? resources() : resources,
      ...(timeoutSeconds === undefined ? {} : { timeoutSeconds }),
      ...(annotations === undefined ? {} : { annotations }),
      ...(options.persistentOnly ? { persistentOnly: true } : {}),
    });
    return [validating, mutating];
  }

  /**
   * Create the configurations when absent and rewrite their webhooks for this client config.
   *
   * @throws KubeApiError subclasses from the API (e.g. ForbiddenError without RBAC for the configurations).
   */
  async apply(clientConfig: WebhookClientConfig, options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    const rendered = this.render(clientConfig);
    this.#last = clientConfig;
    this.#logger.info('Reconfiguring the admission webhooks', { webhooks: rendered.reduce((n, c) => n + c.webhooks.length, 0) });
    await this.#write(rendered, options.signal);
  }

  /**
   * Leave only the webhooks of persistent handlers (call on a graceful exit). Does nothing when
   * `apply` never ran.
   */
  async cleanup(options: { readonly signal?: AbortSignal } = {}): Promise<void> {
    if (this.#last === undefined) return;
    this.#logger.info('Removing the non-persistent admission webhooks');
    await this.#write(this.render(this.#last, { persistentOnly: true }), options.signal);
  }

  async #write(configurations: readonly RenderedWebhookConfiguration[], signal: AbortSignal | undefined): Promise<void> {
    const { client, name } = this.#options;
    for (const configuration of configurations) {
      const resource = configuration.kind === 'ValidatingWebhookConfiguration' ? VALIDATING_WEBHOOK_CONFIGURATIONS : MUTATING_WEBHOOK_CONFIGURATIONS;
      // Try-or-fail instead of check-then-create: fewer RBAC verbs, and no race between replicas.
      try {
        await client.create(resource, { apiVersion: configuration.apiVersion, kind: configuration.kind, metadata: { name } }, { signal });
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
      }
      const annotations: Record<string, string | null> = { [INJECT_CA_FROM]: null, ...configuration.metadata.annotations };
      await client.patch(resource, name, { metadata: { annotations }, webhooks: configuration.webhooks }, { type: 'merge', signal });
    }
  }
}
