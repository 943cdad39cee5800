// An operator's admission side: when `on.validate`/`on.mutate` handlers are registered, start the
// webhook server of @opkit/webhooks where `settings.admission.server` says (or, against an API server
// known to reach this machine's loopback, on a free loopback port with a generated CA), keep the
// managed Validating/MutatingWebhookConfigurations pointing at it, and on a graceful exit leave only
// the persistent webhooks. Conversion steps (`on.convert`) are served by the same server, and with
// managed webhooks the conversion stanza of each CRD they convert is patched to point at it. An
// operator with admission handlers or conversions either serves them or fails at startup saying what to
// configure — it never runs while silently answering nothing.
import type { Indices, Registry, Selector } from '@opkit/handlers';
import { conversionCrds, reviewAdmission, reviewConversion } from '@opkit/handlers';
import type { KubeClient, KubeObject, Resource } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import type { WebhookClientConfig, WebhookService } from './configurations.js';
import { ManagedCrdConversions } from './crdConversion.js';
import { WebhooksError } from './errors.js';
import { ManagedWebhookConfigurations } from './managedConfigurations.js';
import { certManagerTarget, localClusterServer, serviceClientConfig, serviceDnsNames } from './targets.js';
import type { LocalClusterPreset } from './targets.js';
import { conversionWebhookPath, startWebhookServer } from './webhookServer.js';
import type { CertificateFiles, WebhookServer, WebhookServerOptions } from './webhookServer.js';

/**
 * Where the admission webhook server listens and how the API server reaches it. Giving any of it
 * counts as configuring the server; without it the operator serves admission handlers only against
 * the embedded API server (on a free loopback port) and fails at startup elsewhere.
 */
export interface AdmissionServerSettings {
  /** `'loopback'` (an API server on this machine: 127.0.0.1, a free port) or a local cluster in containers (`k3d`, `minikube`, `docker-desktop`, `kind`: listen on 0.0.0.0, the cluster's name for the host). */
  preset?: 'loopback' | LocalClusterPreset | undefined;
  /** The URL the API server calls instead of the server's own (a tunnel, an ingress); handler ids are appended. */
  url?: string | undefined;
  /** In a cluster: the Service in front of the operator (`port` defaults to 443). Listens on 0.0.0.0:9443 unless `bindAddress`/`port` say otherwise. */
  service?: WebhookService | undefined;
  /** With `service`: cert-manager issues the serving certificate (`certificate` is the Certificate's name) and injects its CA. */
  certManager?: { certificate: string; mountPath?: string | undefined } | undefined;
  /** The host name or IP the API server uses (in the URL and a generated certificate). */
  host?: string | undefined;
  /** The port to listen on (0: a free one). @defaultValue 0, or 9443 with `service` */
  port?: number | undefined;
  /** The address to listen on. @defaultValue 127.0.0.1, or 0.0.0.0 with `service` or a container preset */
  bindAddress?: string | undefined;
  /** The base path; handler ids follow it. @defaultValue '/' */
  path?: string | undefined;
  /** Serve these certificate files (re-read when they change) instead of a generated CA. */
  certificates?: CertificateFiles | undefined;
}

/** Admission webhooks (`on.validate`, `on.mutate`). */
export interface AdmissionSettings {
  /** The webhook server; see {@link AdmissionServerSettings}. @defaultValue none: zero configuration against the embedded API server, else a startup error */
  server?: AdmissionServerSettings | undefined;
  /**
   * The name of the Validating/MutatingWebhookConfigurations the operator keeps up to date (and on exit leaves with only persistent webhooks).
   * When set, the operator also patches the conversion stanza of each CRD it has `on.convert` steps for. @defaultValue 'auto.opkit.dev' with zero configuration; else unmanaged
   */
  managed?: string | undefined;
  /** Seconds the API server waits for each webhook (`timeoutSeconds`, 1–30). @defaultValue 30 */
  timeoutSeconds: number;
}

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
  /** The CRDs whose conversions the server serves (at `convert/<crd>`); their conversion stanzas were patched when managed. */
  readonly conversions: readonly string[];
  /** Leave only the persistent webhooks (when managed) and stop the server. */
  stop(signal: AbortSignal): Promise<void>;
}

const CONFIGURE_HINT = 'Configure settings.admission.server: { preset: \'loopback\' } for an API server on this machine, '
  + "{ preset: 'k3d' | 'minikube' | 'docker-desktop' | 'kind' } for a local cluster in containers, "
  + "{ service: { namespace, name, port } } in a cluster, { service, certManager: { certificate } } with cert-manager, "
  + "or { url: 'https://…' } for a tunnel (op run: --webhook-server / --webhook-preset / --webhook-service).";

/**
 * Start serving the registry's admission handlers and conversion steps (nothing when there are none).
 *
 * @throws WebhooksError (`not-configured`) when handlers exist but no server is configured and the API
 *   server is not known to reach loopback; the message says what to configure; (`startup-failed`) when the
 *   managed configurations or the CRDs' conversion stanzas cannot be written.
 */
export async function startAdmission(deps: AdmissionDeps, signal: AbortSignal): Promise<RunningAdmission | undefined> {
  const handlers = (): ReturnType<Registry['admissionHandlers']> => deps.registry.admissionHandlers();
  const conversions = (): ReturnType<Registry['conversionHandlers']> => deps.registry.conversionHandlers();
  const hasAdmission = handlers().length > 0;
  const crds = conversionCrds(conversions());
  if (!hasAdmission && crds.length === 0) return undefined;
  const { settings, client, logger } = deps;
  let server = settings.server;
  let managedName = settings.managed;
  if (server === undefined) {
    if (!deps.localApiServer) {
      const what = [
        ...(hasAdmission ? [`${handlers().length} admission handler(s) (${handlers().map((h) => h.id).join(', ')})`] : []),
        ...(crds.length > 0 ? [`conversions of ${crds.join(', ')}`] : []),
      ].join(' and ');
      throw new WebhooksError('not-configured',
        `There are ${what} but no webhook server is configured, `
        + `and the API server at ${client.info.server} is not the embedded one, so it may not reach this machine's loopback. ${CONFIGURE_HINT}`);
    }
    server = { preset: 'loopback' };
    managedName ??= AUTO_MANAGED_NAME;
  }
  const resources = hasAdmission ? await resolveAdmissionResources(client, handlers().map((h) => h.selector), signal) : [];
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
  let managedCrds: ManagedCrdConversions | undefined;
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
    ...(hasAdmission ? {
      review: (body, call) => reviewAdmission(handlers(), body, {
        ...(call.webhook === undefined ? {} : { webhook: call.webhook }),
        headers: call.headers, sslPeer: call.sslPeer, signal: call.signal, resources, logger,
        indices: deps.indices, client: deps.client,
        memo: (_body: KubeObject, { ephemeral }) => (ephemeral ? { ...deps.memo } : deps.memo),
      }),
    } satisfies Pick<WebhookServerOptions, 'review'> : {}),
    ...(crds.length > 0 ? {
      convert: (body, call) => reviewConversion(conversions(), body, { ...(call.crd === undefined ? {} : { crd: call.crd }), signal: call.signal, logger }),
    } satisfies Pick<WebhookServerOptions, 'convert'> : {}),
    onReload: () => {
      if (managed) void managed.apply(clientConfig(webhooks)).catch((error: unknown) => logger.error(`Could not reconfigure the admission webhooks: ${String(error)}`));
      if (managedCrds) void managedCrds.apply(clientConfig(webhooks)).catch((error: unknown) => logger.error(`Could not reconfigure the conversion webhooks: ${String(error)}`));
    },
  });
  if (hasAdmission) logger.info(`Admission webhook server is listening at ${webhooks.url} for ${handlers().length} handler(s).`);
  if (crds.length > 0) logger.info(`Conversion webhook server is listening at ${webhooks.url} for ${crds.map((crd) => `${crd} (/${conversionWebhookPath(crd)})`).join(', ')}.`);
  if (managedName !== undefined && crds.length > 0) {
    managedCrds = new ManagedCrdConversions({ client, handlers: conversions, logger });
    try {
      await managedCrds.apply(clientConfig(webhooks), { signal });
    } catch (error) {
      await webhooks.close();
      throw new WebhooksError('startup-failed', `Could not set the conversion webhook of the CRDs ${crds.join(', ')}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  } else if (crds.length > 0) {
    logger.info(`The CRDs' conversion stanzas are not managed (settings.admission.managed is unset): install them with \`op manifests\` (${crds.join(', ')}).`);
  }
  if (managedName !== undefined && hasAdmission) {
    managed = new ManagedWebhookConfigurations({
      client, name: managedName, handlers, resources, timeoutSeconds: settings.timeoutSeconds, logger,
      ...(certManager ? { annotations: certManager.annotations } : {}),
    });
    try {
      await managed.apply(clientConfig(webhooks), { signal });
    } catch (error) {
      await webhooks.close();
      throw new WebhooksError('startup-failed', `Could not write the webhook configurations '${managedName}': ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  } else if (hasAdmission) {
    logger.info('The webhook configurations are not managed (settings.admission.managed is unset): install them with `op manifests`.');
  }
  const running = webhooks;
  return {
    server: running,
    managed: managedName,
    conversions: crds,
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

const PRESETS = ['loopback', 'k3d', 'minikube', 'docker-desktop', 'kind'] as const;

/**
 * Validate the admission settings and fill in defaults.
 *
 * @throws WebhooksError (`invalid-setting`) naming the field and what was expected.
 * @example
 * ```ts
 * resolveAdmissionSettings({ server: { preset: 'kind' } }).timeoutSeconds; // 30
 * ```
 */
export function resolveAdmissionSettings(a: Partial<AdmissionSettings>): AdmissionSettings {
  const timeoutSeconds = a.timeoutSeconds ?? 30;
  if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1 || timeoutSeconds > 30) {
    throw new WebhooksError('invalid-setting', `settings.admission.timeoutSeconds must be a whole number of seconds from 1 to 30 (the API server's limit); got ${JSON.stringify(timeoutSeconds)}.`);
  }
  const server = a.server;
  if (server !== undefined) {
    if (typeof server !== 'object' || server === null) throw new WebhooksError('invalid-setting', `settings.admission.server must be an object ({ preset }, { service }, { url }, …); got ${JSON.stringify(server)}.`);
    for (const key of Object.keys(server)) {
      if (!['preset', 'url', 'service', 'certManager', 'host', 'port', 'bindAddress', 'path', 'certificates'].includes(key)) {
        throw new WebhooksError('invalid-setting', `Unknown setting settings.admission.server.${key}: expected preset, url, service, certManager, host, port, bindAddress, path or certificates.`);
      }
    }
    if (server.preset !== undefined && !PRESETS.includes(server.preset)) {
      throw new WebhooksError('invalid-setting', `settings.admission.server.preset must be one of ${PRESETS.map((a) => `'${a}'`).join(', ')}; got ${JSON.stringify(server.preset)}.`);
    }
    if (server.url !== undefined && (typeof server.url !== 'string' || !/^https:\/\/[^/]/.test(server.url))) {
      throw new WebhooksError('invalid-setting', `settings.admission.server.url must be an https:// URL (the API server only calls webhooks over HTTPS); got ${JSON.stringify(server.url)}.`);
    }
    if (server.service !== undefined && (typeof server.service?.namespace !== 'string' || !server.service.namespace || typeof server.service.name !== 'string' || !server.service.name)) {
      throw new WebhooksError('invalid-setting', `settings.admission.server.service needs { namespace, name, port?, path? }; got ${JSON.stringify(server.service)}.`);
    }
    if (server.certManager !== undefined && (!server.service || typeof server.certManager?.certificate !== 'string' || !server.certManager.certificate)) {
      throw new WebhooksError('invalid-setting', "settings.admission.server.certManager needs a service and the Certificate's name: { service: { namespace, name }, certManager: { certificate: 'my-operator-webhook' } }.");
    }
    if (server.port !== undefined && (!Number.isInteger(server.port) || server.port < 0 || server.port > 65535)) {
      throw new WebhooksError('invalid-setting', `settings.admission.server.port must be a port number 0–65535 (0: a free one); got ${JSON.stringify(server.port)}.`);
    }
    textSetting('admission.server.host', server.host);
    textSetting('admission.server.bindAddress', server.bindAddress);
    textSetting('admission.server.path', server.path);
  }
  return { server, managed: textSetting('admission.managed', a.managed), timeoutSeconds };
}

function textSetting(path: string, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new WebhooksError('invalid-setting', `settings.${path} must be a non-empty string; got ${JSON.stringify(value)}.`);
  return value;
}
