// The server barrel: startApiServer and its public types.
export { startApiServer } from './apiServer.js';
export type { ApiServer, ApiServerOptions, ApiServerStats, FaultControl, KubeconfigRequest } from './types.js';
export { kubeconfigYaml } from './kubeconfig.js';
export type { KubeconfigOptions } from './kubeconfig.js';
