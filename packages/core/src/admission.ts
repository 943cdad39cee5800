// The operator's admission side: when `on.validate`/`on.mutate` handlers are registered, start the
// webhook server of @opkit/webhooks where `settings.admission.server` says (or, against an API server
// known to reach this machine's loopback, on a free loopback port with a generated CA), keep the
// managed Validating/MutatingWebhookConfigurations pointing at it, and on a graceful exit leave only
// the persistent webhooks. An operator with admission handlers either serves them or fails at startup
// saying what to configure — it never runs while silently answering nothing.
import type { Indices, Registry, Selector } from '@opkit/handlers';
import { reviewAdmission } from '@opkit/handlers';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import { certManagerTarget, localClusterServer, ManagedWebhookConfigurations, serviceClientConfig, serviceDnsNames, startWebhookServer } from '@opkit/webhooks';
import type { WebhookClientConfig, WebhookServer, WebhookServerOptions } from '@opkit/webhooks';
import { OperatorError } from './errors.js';
import type { AdmissionSettings } from './settings.js';

/** The managed configurations' name when the operator configures admission on its own. */
export const AUTO_MANAGED_NAME = 'auto.opkit.dev';

/** What {@link startAdmission} needs from the operator. */
export interface AdmissionDeps {
  readonly client: KubeClient;
  readonly registry: Registry;
  readonly settings: AdmissionSettings;
  /** True when the API server is known to reach this machine's loopback (the embedded API server). */
  readonly localApiServer: boolean;
  readonly logger: Logger;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kopf's memo: handlers keep anything there and read it back without casts
  readonly memo: Record<string, any>;
  readonly indices: Indices;
}

/** A running admission side: stop it on exit. */
export interface RunningAdmission {
  /** The webhook server (its `url` and `caBundle`). */
  readonly server: WebhookServer;
  /** The managed configurations' name, when managed. */
  readonly managed: string | undefined;
  /** Leave only the persistent webhooks (when managed) and stop the server. */
  stop(signal: AbortSignal): Promise<void>;
}

const CONFIGURE_HINT = 'Configure settings.admission.server: { preset: \'loopback\' } for an API server on this machine, '
  + "{ preset: 'k3d' | 'minikube' | 'docker-desktop' | 'kind' } for a local cluster in containers, "
  + "{ service: { namespace, name, port } } in a cluster, { service, certManager: { certificate } } with cert-manager, "
  + "or { url: 'https://…' } for a tunnel (op run: --webhook-server / --webhook-preset / --webhook-service).";

/**
 * Start serving the registry's admission handlers (nothing when there are none).
 *
 * @throws OperatorError (`invalid-options`) when handlers exist but no server is configured and the API
 *   server is not known to reach loopback; the message says what to configure.
 */
export async function startAdmission(deps: AdmissionDeps, signal: AbortSignal): Promise<RunningAdmission | undefined> {
  const handlers = (): ReturnType<Registry['admissionHandlers']> => deps.registry.admissionHandlers();
  if (handlers().length === 0) return undefined;
  const { settings, client, logger } = deps;
  let server = settings.server;
  let managedName = settings.managed;
  if (server === undefined) {
    if (!deps.localApiServer) {
      throw new OperatorError('invalid-options',
        `There are ${handlers().length} admission handler(s) (${handlers().map((h) => h.id).join(', ')}) but no webhook server is configured, `
        + `and the API server at ${client.info.server} is not the embedded one, so it may not reach this machine's loopback. ${CONFIGURE_HINT}`);
    }
    server = { preset: 'loopback' };
    managedName ??= AUTO_MANAGED_NAME;
  }
  const resources = await resolveAdmissionResources(client, handlers().map((h) => h.selector), signal);
  const certManager = server.certManager && server.service ? certManagerTarget({ service: server.service, certificate: server.certManager.certificate, ...(server.certManager.mountPath ? { mountPath: server.certManager.mountPath } : {}) }) : undefined;
  const placement: Pick<WebhookServerOptions, 'bindAddress' | 'host' | 'port' | 'extraSans'> =
    server.preset !== undefined && server.preset !== 'loopback'
      ? localClusterServer(server.preset, { ...(server.host ? { host: server.host } : {}), ...(server.port === undefined ? {} : { port: server.port }), ...(server.bindAddress ? { bindAddress: server.bindAddress } : {}) })
      : {
        bindAddress: server.bindAddress ?? (server.service ? '0.0.0.0' : '127.0.0.1'),
        ...(server.host ? { host: server.host } : {}),
        port: server.port ?? (server.service ? 9443 : 0),
        extraSans: server.service ? serviceDnsNames(server.service) : [],
      };
  const certificates = server.certificates ?? certManager?.certificates;
  let managed: ManagedWebhookConfigurations | undefined;
  const clientConfig = (current: WebhookServer): WebhookClientConfig => {
    if (certManager) return certManager.clientConfig;
    if (server.service) return serviceClientConfig(server.service, current.caBundle);
    if (server.url) return current.caBundle === undefined ? { url: server.url } : { url: server.url, caBundle: current.caBundle };
    return current.clientConfig();
  };
  const webhooks: WebhookServer = await startWebhookServer({
    ...placement,
    ...(server.path ? { path: server.path } : {}),
    ...(certificates ? { certificates } : {}),
    logger,
    signal,
    review: (body, call) => reviewAdmission(handlers(), body, {
      ...(call.webhook === undefined ? {} : { webhook: call.webhook }),
      headers: call.headers, sslPeer: call.sslPeer, signal: call.signal, resources, logger,
      indices: deps.indices,
      memo: (_body: KubeObject, { ephemeral }) => (ephemeral ? { ...deps.memo } : deps.memo),
    }),
    onReload: () => {
      if (managed) void managed.apply(clientConfig(webhooks)).catch((error: unknown) => logger.error(`Could not reconfigure the admission webhooks: ${String(error)}`));
    },
  });
  logger.info(`Admission webhook server is listening at ${webhooks.url} for ${handlers().length} handler(s).`);
  if (managedName !== undefined) {
    managed = new ManagedWebhookConfigurations({
      client, name: managedName, handlers, resources, timeoutSeconds: settings.timeoutSeconds, logger,
      ...(certManager ? { annotations: certManager.annotations } : {}),
    });
    try {
      await managed.apply(clientConfig(webhooks), { signal });
    } catch (error) {
      await webhooks.close();
      throw new OperatorError('startup-failed', `Could not write the webhook configurations '${managedName}': ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  } else {
    logger.info('The webhook configurations are not managed (settings.admission.managed is unset): install them with `op manifests`.');
  }
  const running = webhooks;
  return {
    server: running,
    managed: managedName,
    async stop(stopSignal: AbortSignal): Promise<void> {
      try {
        if (managed) await managed.cleanup({ signal: stopSignal });
      } catch (error) {
        logger.warn(`Could not remove the non-persistent admission webhooks: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await running.close();
      }
    },
  };
}

/** The served resources of the admission handlers' selectors (deduplicated). */
async function resolveAdmissionResources(client: KubeClient, selectors: readonly Selector[], signal: AbortSignal): Promise<Resource[]> {
  const found: Resource[] = [];
  for (const selector of selectors) {
    for (const resource of await client.resolve(selector, { signal })) {
      if (!found.some((other) => other.group === resource.group && other.version === resource.version && other.plural === resource.plural)) found.push(resource);
    }
  }
  return found;
}
