// Barrel of the RBAC module: Kubernetes' RBAC evaluation as pure functions (rule matching, rule
// resolution from roles and bindings, request attributes as RequestInfo computes them, and the default
// policy every cluster grants authenticated users). The server records attributes with it today; an
// enforcing server and @opkit/testing's coverage check decide with the same functions.
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
} from './types.js';
export { authorize, ruleAllows, describeRequest, verbMatches, apiGroupMatches, resourceMatches, resourceNameMatches, nonResourceURLMatches } from './authorize.js';
export { rulesFor, rbacPolicyOf, mergeRbacPolicies, userInfoOf, serviceAccountUser, parseServiceAccountUser } from './rulesFor.js';
export { requestAttributes, attributesOf } from './requestAttributes.js';
export { DEFAULT_RBAC_OBJECTS, DEFAULT_RBAC_POLICY } from './defaultPolicy.js';
