// @opkit/kube: the only adapter between Opkit and the Kubernetes API (and the only importer of
// @kubernetes/client-node). Everything public is listed here by name.

// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { connect, loginWithKubeconfig } from './connect.js';
export { runWithClient, ambientClient } from './ambient.js';
export type { ConnectOptions, ServerOptions, InClusterOptions, RetryOptions } from './connect.js';
export { LoginCredentials, loginHeaders, loginTls } from './login.js';
export type { ConnectionInfo, LoginFn, LoginReason } from './login.js';

export { KubeClient } from './kubeClient.js';
export type {
  KubeClientInfo,
  ListOptions,
  ListPage,
  WatchOptions,
  WatchStream,
  RawWatchEvent,
  ObjectOptions,
  PatchOptions,
  PatchType,
  DeleteOptions,
} from './kubeClient.js';
export type { RequestOptions, RequestRecord, RequestObserver } from './internal/requester.js';

export { Discovery, EVERYTHING, RESOURCE_IDENTITY, selectResources, parseSelector, parseResourceList, hasName, identityOf } from './discovery.js';
export type { ResourceQuery, ResourceSelector, ResourceIdentity } from './discovery.js';
export { suggestResource } from './suggestResource.js';

export { apiVersionOf, resourceName, resourcePath, objectKey } from './resource.js';
export type { Resource, KubeObject, ObjectMeta, ResourcePathOptions } from './resource.js';

export { buildEvent, formatMicroTime, formatTime, truncateMessage, EVENTS_RESOURCE, MAX_EVENT_MESSAGE } from './events.js';
export type { PostEventOptions } from './events.js';

export {
  KubeError,
  KubeApiError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
  GoneError,
  UnprocessableError,
  TooManyRequestsError,
  ServerError,
  KubeNetworkError,
  KubeConfigError,
  ResourceResolutionError,
  apiError,
} from './errors.js';
export type { KubeErrorCode, KubeStatus } from './errors.js';
