// Where the API server finds the webhook server, for every setting a user has: a local cluster in
// containers reaching the developer's machine (k3d, minikube, Docker Desktop, kind), a Service inside
// the cluster, and a Service whose certificate cert-manager issues and whose CA it injects. Each helper
// returns plain options for the server and the rendered configurations; nothing here does I/O.
import type { WebhookClientConfig, WebhookService } from './configurations.js';
import { WebhooksError } from './errors.js';
import type { CertificateFiles, WebhookServerOptions } from './webhookServer.js';

/** The local clusters with a known name for the host machine. */
export type LocalClusterPreset = 'k3d' | 'minikube' | 'docker-desktop' | 'kind';

/**
 * The host name a local cluster's API server uses to reach the developer's machine. kind has none of
 * its own: Docker Desktop (macOS, Windows) provides `host.docker.internal`; on Linux give the kind
 * network's gateway IP as `host` (`docker network inspect kind -f '{{(index .IPAM.Config 0).Gateway}}'`).
 */
export const LOCAL_CLUSTER_HOSTS: Readonly<Record<LocalClusterPreset, string>> = Object.freeze({
  k3d: 'host.k3d.internal',
  minikube: 'host.minikube.internal',
  'docker-desktop': 'host.docker.internal',
  kind: 'host.docker.internal',
});

/**
 * Server options for a local cluster in containers: listen on all interfaces (the cluster is not on
 * loopback) and put the preset's host name into the URL and the certificate.
 *
 * @throws WebhooksError for an unknown preset.
 * @example
 * ```ts
 * const server = await startWebhookServer({ ...localClusterServer('k3d', { port: 9443 }), review });
 * server.url; // 'https://host.k3d.internal:9443'
 * ```
 */
export function localClusterServer(preset: LocalClusterPreset, overrides: { readonly host?: string; readonly port?: number; readonly bindAddress?: string } = {}): Pick<WebhookServerOptions, 'bindAddress' | 'host' | 'port' | 'extraSans'> {
  if (!Object.hasOwn(LOCAL_CLUSTER_HOSTS, preset)) {
    throw new WebhooksError('invalid-option', `Unknown local cluster ${JSON.stringify(preset)}; expected one of ${Object.keys(LOCAL_CLUSTER_HOSTS).map((k) => `'${k}'`).join(', ')}.`);
  }
  return {
    bindAddress: overrides.bindAddress ?? '0.0.0.0',
    host: overrides.host ?? LOCAL_CLUSTER_HOSTS[preset],
    ...(overrides.port === undefined ? {} : { port: overrides.port }),
    extraSans: ['localhost', '127.0.0.1'],
  };
}

/**
 * A Service client config (in-cluster): the API server calls `https://<name>.<namespace>.svc:<port><path>/<handler id>`.
 *
 * @example
 * ```ts
 * serviceClientConfig({ namespace: 'operators', name: 'my-operator', port: 443 }, caBundle);
 * ```
 */
export function serviceClientConfig(service: WebhookService, caBundle?: string): WebhookClientConfig {
  return caBundle === undefined ? { service: { ...service } } : { service: { ...service }, caBundle };
}

/**
 * The DNS names a Service is reached by inside the cluster (for a serving certificate's SANs).
 *
 * @example
 * ```ts
 * serviceDnsNames({ namespace: 'ops', name: 'op' }); // ['op', 'op.ops', 'op.ops.svc', 'op.ops.svc.cluster.local']
 * ```
 */
export function serviceDnsNames(service: Pick<WebhookService, 'namespace' | 'name'>, clusterDomain = 'cluster.local'): string[] {
  const { name, namespace } = service;
  return [name, `${name}.${namespace}`, `${name}.${namespace}.svc`, `${name}.${namespace}.svc.${clusterDomain}`];
}

/** Options of {@link certManagerTarget}. */
export interface CertManagerOptions {
  /** The Service the API server calls. */
  readonly service: WebhookService;
  /** The cert-manager Certificate's name (in the Service's namespace) whose CA cert-manager injects. */
  readonly certificate: string;
  /** Where the Certificate's secret (`tls.crt`, `tls.key`, `ca.crt`) is mounted in the operator's pod. @defaultValue '/etc/opkit/webhook-certs' */
  readonly mountPath?: string;
}

/** What {@link certManagerTarget} returns. */
export interface CertManagerTarget {
  /** The Service client config, without `caBundle` (cert-manager's CA injector fills it in). */
  readonly clientConfig: WebhookClientConfig;
  /** The configurations' annotations: `cert-manager.io/inject-ca-from: <namespace>/<certificate>`. */
  readonly annotations: Readonly<Record<string, string>>;
  /** The server's certificate files: the mounted secret of the Certificate (re-read when cert-manager renews it). */
  readonly certificates: CertificateFiles;
}

/**
 * A Service whose serving certificate cert-manager issues: the configurations carry the
 * `cert-manager.io/inject-ca-from` annotation and no `caBundle`, and the server serves the
 * Certificate's secret, mounted as files.
 *
 * @throws WebhooksError for a missing Service or Certificate name.
 * @example
 * ```ts
 * const target = certManagerTarget({ service: { namespace: 'ops', name: 'my-operator' }, certificate: 'my-operator-webhook' });
 * await startWebhookServer({ bindAddress: '0.0.0.0', port: 9443, certificates: target.certificates, review });
 * renderWebhookConfigurations(handlers, { name: 'auto.opkit.dev', clientConfig: target.clientConfig, annotations: target.annotations, resources });
 * ```
 */
export function certManagerTarget(options: CertManagerOptions): CertManagerTarget {
  const { service, certificate } = options;
  if (!service?.namespace || !service.name) throw new WebhooksError('invalid-option', 'cert-manager mode needs the Service: { service: { namespace, name, port?, path? } }.');
  if (!certificate) throw new WebhooksError('invalid-option', "cert-manager mode needs the Certificate's name: { certificate: 'my-operator-webhook' }.");
  const mount = (options.mountPath ?? '/etc/opkit/webhook-certs').replace(/\/+$/, '');
  return {
    clientConfig: { service: { ...service } },
    annotations: { 'cert-manager.io/inject-ca-from': `${service.namespace}/${certificate}` },
    certificates: { certFile: `${mount}/tls.crt`, keyFile: `${mount}/tls.key`, caFile: `${mount}/ca.crt` },
  };
}
