// The description of one served resource (a built-in kind or a CRD version): everything the generic
// REST handlers, discovery and the controllers need to know about it. Adding a stored-only built-in kind
// is one `ResourceType` entry in `builtins.ts`.

/** A Kubernetes object as JSON. */
export type KubeObject = Record<string, any> & {
  apiVersion?: string;
  kind?: string;
  metadata?: Record<string, any>;
};

/** A CRD `additionalPrinterColumns` entry (or a built-in column). */
export interface PrinterColumn {
  name: string;
  type: string;
  jsonPath: string;
  format?: string;
  description?: string;
  priority?: number;
}

/** Conversion between the stored form and the served form (events.k8s.io/v1 over core/v1 events). */
export interface ResourceView {
  /** Served object → stored object. */
  toStorage(obj: KubeObject): KubeObject;
  /** Stored object → served object. */
  fromStorage(obj: KubeObject): KubeObject;
  /** Served field path → stored field path (selectors). */
  fieldPath?(path: string): string;
}

/** The CRD-specific part of a served custom resource version. */
export interface CustomResourceInfo {
  /** `metadata.name` of the owning CRD. */
  crdName: string;
  /** The `openAPIV3Schema` of this version. */
  schema: Record<string, any> | undefined;
  /** `spec.versions[].selectableFields[].jsonPath`. */
  selectableFields: string[];
  /** Deprecation warning for this version, if deprecated. */
  deprecationWarning?: string;
  /** Whether the schema declares any `default` (then defaults also apply when reading). */
  hasDefaults?: boolean;
  /** The version objects are stored at (`spec.versions[].storage: true`). */
  storageVersion?: string;
  /** `spec.conversion` of the CRD: `None` (apiVersion rewritten) or `Webhook` (a ConversionReview call). */
  conversion?: CustomConversion;
}

/** How a CRD converts its objects between versions (`spec.conversion`). */
export interface CustomConversion {
  strategy: 'None' | 'Webhook';
  /** `spec.conversion.webhook.clientConfig` (url or service, caBundle). */
  clientConfig?: Record<string, any>;
  /** `spec.conversion.webhook.conversionReviewVersions`, in preference order. */
  conversionReviewVersions?: string[];
}

/** One served resource (group + version + plural). */
export interface ResourceType {
  group: string;
  version: string;
  plural: string;
  singular: string;
  kind: string;
  listKind: string;
  namespaced: boolean;
  shortNames: string[];
  categories: string[];
  verbs: string[];
  /** Objects of all versions of one group/resource share this storage key. */
  storageKey: string;
  /** Whether a `status` subresource exists (status writes ignored on the main endpoint). */
  statusSubresource: boolean;
  /** Whether `metadata.generation` is maintained. */
  generation: boolean;
  /** Whether PUT without resourceVersion is allowed. */
  allowUnconditionalUpdate: boolean;
  /** Whether strategic-merge patches are accepted (built-ins only). */
  strategicMerge: boolean;
  /** Field selector paths this type supports beyond metadata.name / metadata.namespace. */
  fieldSelectors: string[];
  /** Extra printer columns (Table responses) after Name. */
  printerColumns: PrinterColumn[];
  /** Whether an object of this type is built-in. */
  builtin: boolean;
  /** Served-form conversion, if the stored form differs. */
  view?: ResourceView;
  /**
   * The `/scale` subresource, if served: where replicas live, and where the label selector is — a string
   * (`labelSelectorPath`, CRDs) or a `metav1.LabelSelector` object (`selectorObjectPath`, built-ins).
   */
  scale?: { specReplicasPath: string; statusReplicasPath: string; labelSelectorPath?: string; selectorObjectPath?: string };
  /**
   * Built-ins: the top-level fields the kind has besides apiVersion/kind/metadata (others are unknown), in
   * the Go struct's declared order, which is the order responses write them in (see keyOrder.ts).
   */
  topLevelFields?: string[];
  /** MicroTime fields (dotted paths) checked when strictMicroTime is on. */
  microTimeFields?: string[];
  /** Required top-level fields for built-ins validated on create (path, message). */
  validate?: (obj: KubeObject) => { field: string; message: string; reason?: string }[];
  /** CRD details when this is a custom resource. */
  custom?: CustomResourceInfo;
  /**
   * A create-only review resource that is answered, never stored (SelfSubjectAccessReview …): turns
   * the request body and the user name into the answer.
   */
  review?: (body: KubeObject, user: string) => KubeObject;
}

/** The `apiVersion` string of a type. */
export function apiVersionOf(type: Pick<ResourceType, 'group' | 'version'>): string {
  return type.group === '' ? type.version : `${type.group}/${type.version}`;
}

/** The qualified resource as kube-apiserver names it in messages (`widgets.example.com`, `configmaps`). */
export function qualifiedResource(type: Pick<ResourceType, 'group' | 'plural'>): string {
  return type.group === '' ? type.plural : `${type.plural}.${type.group}`;
}

/** The standard verbs of a full CRUD resource. */
export const ALL_VERBS = ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'];
