// The resources barrel: the resource type model, the built-in table, the registry of served types.
export { ALL_VERBS, apiVersionOf, qualifiedResource } from './types.js';
export type { CustomResourceInfo, KubeObject, PrinterColumn, ResourceType, ResourceView } from './types.js';
export { BUILTIN_TYPES, CRDS, EVENTS, INITIAL_NAMESPACES, NAMESPACES, RETURNS_DELETED_OBJECT, UNDELETABLE_NAMESPACES } from './builtins.js';
export { ResourceRegistry, compareKubeVersions } from './registry.js';
export type { ServedGroup } from './registry.js';
export { eventsV1View } from './eventsView.js';
export { OBJECT_META_ORDER, arrangeBuiltin, arrangeObject, arrangeObjectMeta, storedArranger } from './keyOrder.js';
