// @opkit/manifests: CRDs and least-privilege RBAC derived from an operator's registered handlers,
// written byte-stably and checked for drift (`op manifests`). Every export is listed by name.

// Generating, checking, writing
// First: on a too-old Node, importing Opkit stops with a clear message (see requireNode.ts).
import './requireNode.js';

export { generateManifests, checkManifests, writeManifests, expectManifestsUpToDate, typedResourcesOf } from './generateManifests.js';
export type { ManifestsOptions, GeneratedManifests, ManifestsDrift, WrittenManifests } from './generateManifests.js';

// The project configuration
export { readProjectConfig } from './projectConfig.js';
export type { ProjectConfig, DeployConfig, WatchMode } from './projectConfig.js';

// Offline resolution and RBAC
export { ResourceCatalog, readCrdFiles } from './catalog.js';
export type { ResolvedResource, CrdFileResource } from './catalog.js';
export { BUILTIN_RESOURCES } from './builtins.js';
export type { KnownResource } from './builtins.js';
export { deriveRbac, sortVerbs, WHY } from './rbac.js';
export type { PolicyRule, CommentedRule, RbacPlan, RbacCoordination } from './rbac.js';

// Rendering
export { renderCrd, renderRbac, generatedHeader, GENERATED_MARKER } from './render.js';

// Errors
export { ManifestsError } from './errors.js';
export type { ManifestsErrorCode } from './errors.js';
