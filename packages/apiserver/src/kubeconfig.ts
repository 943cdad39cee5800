// Kubeconfig text for the embedded server: plain http on loopback needs `insecure-skip-tls-verify: true`
// (client-node refuses http otherwise) and a `user` entry (Kopf needs one), empty or with the token.
import { stringify } from 'yaml';

/** Options of {@link kubeconfigYaml}. */
export interface KubeconfigOptions {
  /** Context (and cluster and user) name. @defaultValue 'opkit' */
  context?: string;
  /** Default namespace of the context. @defaultValue 'default' */
  namespace?: string;
}

/**
 * The kubeconfig YAML for a server URL.
 *
 * @example
 * kubeconfigYaml('http://127.0.0.1:41234', undefined, { namespace: 'default' });
 */
export function kubeconfigYaml(url: string, token: string | undefined, options: KubeconfigOptions = {}): string {
  const name = options.context ?? 'opkit';
  const config = {
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: { server: url, 'insecure-skip-tls-verify': true } }],
    users: [{ name, user: token !== undefined ? { token } : {} }],
    contexts: [{ name, context: { cluster: name, user: name, namespace: options.namespace ?? 'default' } }],
    'current-context': name,
    preferences: {},
  };
  return stringify(config);
}
