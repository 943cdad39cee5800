// The public entry of @opkit/apiserver: an embedded Kubernetes API server for tests and development.
// Exactly the package contract: startApiServer, its options and handle, fault injection, audit records,
// and the RBAC evaluator.

// Server
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { startApiServer } from './apiServer.js';
export type { ApiServer, ApiServerOptions, ApiServerStats, AuthorizationMode, FaultControl, KubeconfigRequest } from './types.js';
export type { WatchBacklog } from './http/watch.js';

// Authorization and tokens (the server's RBAC mode and TokenRequest)
export { forbiddenMessage } from './auth/rbacAuthorizer.js';
export { SERVICE_ACCOUNT_ISSUER } from './auth/serviceAccountTokens.js';

// Faults
export { parseFaultSpec } from './faults.js';
export type { FaultCounts, FaultRule, FaultRuleCode, FaultSpec } from './faults.js';

// Audit
export type { AuditRecord } from './metrics/index.js';

// RBAC evaluation (pure: Kubernetes' semantics, usable without a server)
export {
  authorize,
  ruleAllows,
  describeRequest,
  rulesFor,
  rbacPolicyOf,
  mergeRbacPolicies,
  userInfoOf,
  serviceAccountUser,
  parseServiceAccountUser,
  requestAttributes,
  attributesOf,
  DEFAULT_RBAC_OBJECTS,
  DEFAULT_RBAC_POLICY,
} from './rbac/index.js';
export type {
  AuthorizationDecision,
  GrantedRule,
  NonResourceAttributes,
  PolicyRule,
  RbacBinding,
  RbacObjectMeta,
  RbacPolicy,
  RbacRole,
  RbacSubject,
  RequestAttributes,
  ResolvedRules,
  ResourceAttributes,
  RoleRef,
  UserInfo,
} from './rbac/index.js';

// Errors (what startApiServer and parseFaultSpec throw)
export { ApiServerError } from './errors.js';
export type { ApiServerErrorCode } from './errors.js';

// The command line (shared by `opkit-apiserver` and `op apiserver`)
export { runApiServerCommand, parseApiServerArgs, API_SERVER_USAGE } from './bin/command.js';
export type { CliOptions as ApiServerCliOptions, CliParse as ApiServerCliParse } from './bin/args.js';
