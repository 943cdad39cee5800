// The names a scaffolded operator is built from — its Kind, plural, API group and version, and the
// project (directory) name — and the rules each must follow. Kubernetes validates most of them only
// when the CRD is applied to a cluster; checking them here, with the reason and the expected form,
// turns a late "CustomResourceDefinition is invalid" into an immediate, explainable exit 1.
import validateNpmPackageName from 'validate-npm-package-name';

/** A name check: `undefined` when valid, else a sentence saying what is wrong and what is expected. */
export type NameProblem = string | undefined;

/**
 * Kinds served by a stock Kubernetes API server (and Opkit's own peering kinds). A custom resource may
 * legally reuse one in another group, but then `kubectl get <kind>`, handler selectors that name a
 * kind and RBAC rules become ambiguous, so the scaffolder refuses them.
 */
export const BUILTIN_KINDS: readonly string[] = [
  'APIService', 'Binding', 'CertificateSigningRequest', 'ClusterKopfPeering', 'ClusterRole', 'ClusterRoleBinding',
  'ClusterTrustBundle', 'ComponentStatus', 'ConfigMap', 'ControllerRevision', 'CronJob', 'CSIDriver', 'CSINode',
  'CSIStorageCapacity', 'CustomResourceDefinition', 'DaemonSet', 'Deployment', 'DeviceClass', 'Endpoints',
  'EndpointSlice', 'Event', 'Eviction', 'FlowSchema', 'HorizontalPodAutoscaler', 'Ingress', 'IngressClass',
  'IPAddress', 'Job', 'KopfPeering', 'Lease', 'LeaseCandidate', 'LimitRange', 'LocalSubjectAccessReview',
  'MutatingAdmissionPolicy', 'MutatingAdmissionPolicyBinding', 'MutatingWebhookConfiguration', 'Namespace',
  'NetworkPolicy', 'Node', 'PersistentVolume', 'PersistentVolumeClaim', 'Pod', 'PodDisruptionBudget', 'PodTemplate',
  'PriorityClass', 'PriorityLevelConfiguration', 'ReplicaSet', 'ReplicationController', 'ResourceClaim',
  'ResourceClaimTemplate', 'ResourceQuota', 'ResourceSlice', 'Role', 'RoleBinding', 'RuntimeClass', 'Scale', 'Secret',
  'SelfSubjectAccessReview', 'SelfSubjectReview', 'SelfSubjectRulesReview', 'Service', 'ServiceAccount', 'ServiceCIDR',
  'StatefulSet', 'Status', 'StorageClass', 'StorageVersionMigration', 'SubjectAccessReview', 'TokenRequest',
  'TokenReview', 'ValidatingAdmissionPolicy', 'ValidatingAdmissionPolicyBinding', 'ValidatingWebhookConfiguration',
  'VolumeAttachment', 'VolumeAttributesClass',
];

const BUILTIN_KINDS_LOWER = new Set(BUILTIN_KINDS.map((kind) => kind.toLowerCase()));

/** Nouns whose plural is not formed by the suffix rules below (lowercase singular → plural). */
const IRREGULAR_PLURALS: Readonly<Record<string, string>> = {
  person: 'people', child: 'children', man: 'men', woman: 'women', mouse: 'mice', goose: 'geese', foot: 'feet',
  tooth: 'teeth', ox: 'oxen', leaf: 'leaves', life: 'lives', knife: 'knives', wife: 'wives', wolf: 'wolves',
  half: 'halves', shelf: 'shelves', self: 'selves', calf: 'calves', thief: 'thieves', loaf: 'loaves',
  analysis: 'analyses', basis: 'bases', crisis: 'crises', thesis: 'theses', axis: 'axes', index: 'indices',
  matrix: 'matrices', vertex: 'vertices', appendix: 'appendices', criterion: 'criteria', phenomenon: 'phenomena',
  datum: 'data', quiz: 'quizzes', potato: 'potatoes', tomato: 'tomatoes', hero: 'heroes', echo: 'echoes',
  veto: 'vetoes', cactus: 'cacti', fungus: 'fungi', nucleus: 'nuclei', radius: 'radii', syllabus: 'syllabi',
};

/** Nouns whose plural is the same word. */
const UNCOUNTABLE = new Set(['sheep', 'fish', 'deer', 'series', 'species', 'moose', 'equipment', 'information', 'news', 'metadata', 'data', 'endpoints']);

/**
 * The plural of one English word, lowercase: the irregular table first, then the suffix rules
 * (`-y` after a consonant → `-ies`, `-s -x -z -ch -sh` → `-es`, else `-s`).
 *
 * @example pluralizeWord('policy') // 'policies'
 */
export function pluralizeWord(word: string): string {
  const lower = word.toLowerCase();
  if (UNCOUNTABLE.has(lower)) return lower;
  const irregular = IRREGULAR_PLURALS[lower];
  if (irregular !== undefined) return irregular;
  if (/[^aeiou]y$/.test(lower)) return `${lower.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(lower)) return `${lower}es`;
  return `${lower}s`;
}

/**
 * The words of a PascalCase or camelCase identifier: `WebApp` → `['Web', 'App']`, `HTTPRoute` →
 * `['HTTP', 'Route']`, `S3Bucket` → `['S3', 'Bucket']`.
 */
export function splitWords(identifier: string): string[] {
  return identifier.match(/[A-Z]+[0-9]*(?![a-z])|[A-Z]?[a-z][a-z0-9]*|[A-Z][0-9]*|[0-9]+/g) ?? [];
}

/**
 * The words of a Kind's plural, in the Kind's casing: the last word pluralized (`WebApp` →
 * `['Web', 'Apps']`). Only the last word of a compound noun takes the plural.
 */
export function pluralWords(kind: string): string[] {
  const words = splitWords(kind);
  const last = words.at(-1);
  if (last === undefined) return [];
  const plural = pluralizeWord(last);
  const cased = last === last.toUpperCase() && last.length > 1 ? plural.toUpperCase() : last[0] + plural.slice(1);
  return [...words.slice(0, -1), cased];
}

/**
 * The default plural resource name of a Kind, as the CRD's `names.plural`: lowercase, the last word
 * pluralized (`Memcached` → `memcacheds`, `Policy` → `policies`, `WebApp` → `webapps`).
 */
export function pluralOf(kind: string): string {
  return pluralWords(kind).join('').toLowerCase();
}

/** The directory name without its `-operator` suffix: `memcached-operator` → `memcached`. */
export function stemOf(projectName: string): string {
  const stem = projectName.replace(/-operator$/, '');
  return stem === '' ? projectName : stem;
}

/**
 * The Kind a project directory suggests: the name without `-operator`, in PascalCase
 * (`memcached-operator` → `Memcached`, `web-app-operator` → `WebApp`). When the stem spells the
 * template's own Kind (`webapp-operator` and `WebApp`), the template's casing is kept.
 */
export function kindFromProjectName(projectName: string, templateKind?: string): string {
  const stem = stemOf(projectName);
  const squashed = stem.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  if (templateKind !== undefined && squashed === templateKind.toLowerCase()) return templateKind;
  return stem
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

/** The API group a project directory suggests: `<stem>.example.com` (`memcached-operator` → `memcached.example.com`). */
export function groupFromProjectName(projectName: string): string {
  const label = stemOf(projectName)
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${label === '' ? 'operator' : label}.example.com`;
}

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1035_LABEL = /^[a-z]([-a-z0-9]*[a-z0-9])?$/;

/** A Kind: PascalCase (`^[A-Z][A-Za-z0-9]*$`), at most 63 characters, not a built-in Kubernetes kind. */
export function checkKind(kind: string): NameProblem {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(kind)) {
    return `Kind '${kind}' is not PascalCase: expected a capital letter followed by letters and digits, like Memcached or WebApp`;
  }
  if (kind.length > 63) return `Kind '${kind}' is ${kind.length} characters long: Kubernetes allows at most 63`;
  if (BUILTIN_KINDS_LOWER.has(kind.toLowerCase())) {
    return `Kind '${kind}' is a built-in Kubernetes kind: choose a name of your own, like ${kind}Set or My${kind}`;
  }
  return undefined;
}

/**
 * An API group: a DNS-1123 subdomain with at least one dot (the API server's rule for CRDs), not
 * under `k8s.io` or `kubernetes.io`, which need an API-review approval annotation.
 */
export function checkGroup(group: string): NameProblem {
  const expected = 'expected a lowercase DNS name with at least one dot, like memcached.example.com';
  if (group.length > 253) return `group '${group}' is ${group.length} characters long: at most 253 allowed; ${expected}`;
  const labels = group.split('.');
  if (labels.length < 2 || labels.some((label) => !DNS1123_LABEL.test(label) || label.length > 63)) {
    return `group '${group}' is not a DNS subdomain with a dot: ${expected}`;
  }
  if (/(^|\.)(k8s\.io|kubernetes\.io)$/.test(group)) {
    return `group '${group}' is reserved for Kubernetes' own APIs (it needs an api-approved annotation): use a domain you own`;
  }
  return undefined;
}

/** An API version: `v1`, `v1alpha1`, `v2beta3` (what Kubernetes sorts as a version). */
export function checkVersion(version: string): NameProblem {
  if (!/^v[1-9][0-9]*((alpha|beta)[1-9][0-9]*)?$/.test(version)) {
    return `API version '${version}' is not a Kubernetes version: expected v<N>, v<N>alpha<M> or v<N>beta<M>, like v1, v1alpha1 or v2beta3`;
  }
  return undefined;
}

/** A plural resource name: a DNS-1035 label (lowercase letters, digits, '-', starting with a letter), at most 63 characters. */
export function checkPlural(plural: string): NameProblem {
  if (!DNS1035_LABEL.test(plural) || plural.length > 63) {
    return `plural '${plural}' is not a DNS label: expected lowercase letters, digits and '-', starting with a letter, at most 63 characters, like memcacheds`;
  }
  return undefined;
}

/** The CRD's name `<plural>.<group>` must itself be a DNS subdomain of at most 253 characters. */
export function checkCrdName(plural: string, group: string): NameProblem {
  const name = `${plural}.${group}`;
  if (name.length > 253) return `the CRD name '${name}' is ${name.length} characters long: Kubernetes allows at most 253`;
  return undefined;
}

/**
 * A project name (the target directory's basename): a valid name for a new npm package, and a DNS-1123
 * label, because it also names the operator's namespace, ServiceAccount and Deployment.
 */
export function checkProjectName(name: string): NameProblem {
  const npm = validateNpmPackageName(name);
  if (!npm.validForNewPackages) {
    const reasons = [...(npm.errors ?? []), ...(npm.warnings ?? [])].join('; ');
    return `'${name}' is not a valid npm package name (${reasons}): expected lowercase letters, digits and '-', like memcached-operator`;
  }
  if (!DNS1123_LABEL.test(name) || name.length > 63) {
    return `'${name}' cannot name the operator's namespace and Deployment: expected lowercase letters, digits and '-' (a DNS label, at most 63 characters), like memcached-operator`;
  }
  return undefined;
}
