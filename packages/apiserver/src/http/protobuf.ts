// kubectl's typed clients send protobuf bodies (`application/vnd.kubernetes.protobuf`) for its
// generator commands — `kubectl create namespace|configmap|secret|serviceaccount|service|deployment|
// job|cronjob|role|rolebinding|clusterrole|clusterrolebinding`, `kubectl create token` and the reviews of
// `kubectl auth whoami|can-i`. A small field table per message decodes
// exactly what those commands send (the `k8s\0` envelope, runtime.Unknown, ObjectMeta, the kind's fields)
// into JSON, so the rest of the server never sees protobuf; any other protobuf body is answered with 415.
import { Statuses } from '../errors.js';

/** The protobuf media type of Kubernetes. */
export const PROTOBUF_MEDIA_TYPE = 'application/vnd.kubernetes.protobuf';

type Field = number | Buffer;
type Message = Map<number, Field[]>;

function readVarint(buf: Buffer, pos: number): [number, number] {
  let result = 0;
  let shift = 0;
  for (;;) {
    if (pos >= buf.length) throw new Error('truncated varint');
    const byte = buf[pos++] as number;
    result += (byte & 0x7f) * 2 ** shift;
    if ((byte & 0x80) === 0) return [result, pos];
    shift += 7;
    if (shift > 63) throw new Error('varint too long');
  }
}

function decodeMessage(buf: Buffer): Message {
  const out: Message = new Map();
  let pos = 0;
  while (pos < buf.length) {
    const [key, next] = readVarint(buf, pos);
    pos = next;
    const field = Math.floor(key / 8);
    const wire = key % 8;
    let value: Field;
    if (wire === 0) [value, pos] = readVarint(buf, pos);
    else if (wire === 2) {
      const [len, start] = readVarint(buf, pos);
      if (start + len > buf.length) throw new Error('truncated field');
      value = buf.subarray(start, start + len);
      pos = start + len;
    } else if (wire === 1) {
      value = buf.subarray(pos, pos + 8);
      pos += 8;
    } else if (wire === 5) {
      value = buf.subarray(pos, pos + 4);
      pos += 4;
    } else throw new Error(`unsupported wire type ${wire}`);
    const list = out.get(field) ?? [];
    list.push(value);
    out.set(field, list);
  }
  return out;
}

/** How one protobuf field maps to JSON. `*` kinds are pointers in Go: their zero value is kept. */
type FieldKind =
  | 'string'
  | 'int'
  | 'int*'
  | 'bool'
  | 'bool*'
  | 'strings'
  | 'intOrString'
  | { msg: string; repeated?: boolean }
  | { map: 'string' | 'bytes' | 'quantity' };

type MessageSpec = Record<number, [string, FieldKind]>;

const meta: FieldKind = { msg: 'ObjectMeta' };
const podTemplate: FieldKind = { msg: 'PodTemplateSpec' };
const selector: FieldKind = { msg: 'LabelSelector' };

// Field numbers of the k8s.io/api generated.proto messages the kubectl generators send.
const MESSAGES: Record<string, MessageSpec> = {
  ObjectMeta: {
    1: ['name', 'string'],
    2: ['generateName', 'string'],
    3: ['namespace', 'string'],
    11: ['labels', { map: 'string' }],
    12: ['annotations', { map: 'string' }],
    13: ['ownerReferences', { msg: 'OwnerReference', repeated: true }],
    14: ['finalizers', 'strings'],
  },
  OwnerReference: { 1: ['kind', 'string'], 3: ['name', 'string'], 4: ['uid', 'string'], 5: ['apiVersion', 'string'], 6: ['controller', 'bool*'], 7: ['blockOwnerDeletion', 'bool*'] },
  LabelSelector: { 1: ['matchLabels', { map: 'string' }], 2: ['matchExpressions', { msg: 'LabelSelectorRequirement', repeated: true }] },
  LabelSelectorRequirement: { 1: ['key', 'string'], 2: ['operator', 'string'], 3: ['values', 'strings'] },
  ObjectReference: { 1: ['kind', 'string'], 2: ['namespace', 'string'], 3: ['name', 'string'], 4: ['uid', 'string'], 5: ['apiVersion', 'string'] },
  LocalObjectReference: { 1: ['name', 'string'] },
  PodTemplateSpec: { 1: ['metadata', meta], 2: ['spec', { msg: 'PodSpec' }] },
  PodSpec: {
    2: ['containers', { msg: 'Container', repeated: true }],
    20: ['initContainers', { msg: 'Container', repeated: true }],
    3: ['restartPolicy', 'string'],
    4: ['terminationGracePeriodSeconds', 'int*'],
    6: ['dnsPolicy', 'string'],
    7: ['nodeSelector', { map: 'string' }],
    8: ['serviceAccountName', 'string'],
    10: ['nodeName', 'string'],
  },
  Container: {
    1: ['name', 'string'],
    2: ['image', 'string'],
    3: ['command', 'strings'],
    4: ['args', 'strings'],
    5: ['workingDir', 'string'],
    6: ['ports', { msg: 'ContainerPort', repeated: true }],
    7: ['env', { msg: 'EnvVar', repeated: true }],
    8: ['resources', { msg: 'ResourceRequirements' }],
    13: ['terminationMessagePath', 'string'],
    14: ['imagePullPolicy', 'string'],
  },
  ContainerPort: { 1: ['name', 'string'], 2: ['hostPort', 'int'], 3: ['containerPort', 'int'], 4: ['protocol', 'string'], 5: ['hostIP', 'string'] },
  EnvVar: { 1: ['name', 'string'], 2: ['value', 'string'] },
  ResourceRequirements: { 1: ['limits', { map: 'quantity' }], 2: ['requests', { map: 'quantity' }] },
  DeploymentSpec: {
    1: ['replicas', 'int*'],
    2: ['selector', selector],
    3: ['template', podTemplate],
    4: ['strategy', { msg: 'DeploymentStrategy' }],
    5: ['minReadySeconds', 'int'],
    6: ['revisionHistoryLimit', 'int*'],
    7: ['paused', 'bool'],
    9: ['progressDeadlineSeconds', 'int*'],
  },
  DeploymentStrategy: { 1: ['type', 'string'] },
  ServiceSpec: {
    1: ['ports', { msg: 'ServicePort', repeated: true }],
    2: ['selector', { map: 'string' }],
    3: ['clusterIP', 'string'],
    4: ['type', 'string'],
    5: ['externalIPs', 'strings'],
    7: ['sessionAffinity', 'string'],
    8: ['loadBalancerIP', 'string'],
    11: ['externalName', 'string'],
  },
  ServicePort: { 1: ['name', 'string'], 2: ['protocol', 'string'], 3: ['port', 'int'], 4: ['targetPort', 'intOrString'], 5: ['nodePort', 'int'] },
  JobSpec: {
    1: ['parallelism', 'int*'],
    2: ['completions', 'int*'],
    3: ['activeDeadlineSeconds', 'int*'],
    4: ['selector', selector],
    5: ['manualSelector', 'bool*'],
    6: ['template', podTemplate],
    7: ['backoffLimit', 'int*'],
  },
  JobTemplateSpec: { 1: ['metadata', meta], 2: ['spec', { msg: 'JobSpec' }] },
  CronJobSpec: {
    1: ['schedule', 'string'],
    2: ['startingDeadlineSeconds', 'int*'],
    3: ['concurrencyPolicy', 'string'],
    4: ['suspend', 'bool*'],
    5: ['jobTemplate', { msg: 'JobTemplateSpec' }],
    6: ['successfulJobsHistoryLimit', 'int*'],
    7: ['failedJobsHistoryLimit', 'int*'],
    8: ['timeZone', 'string'],
  },
  PolicyRule: { 1: ['verbs', 'strings'], 2: ['apiGroups', 'strings'], 3: ['resources', 'strings'], 4: ['resourceNames', 'strings'], 5: ['nonResourceURLs', 'strings'] },
  Subject: { 1: ['kind', 'string'], 2: ['apiGroup', 'string'], 3: ['name', 'string'], 4: ['namespace', 'string'] },
  RoleRef: { 1: ['apiGroup', 'string'], 2: ['kind', 'string'], 3: ['name', 'string'] },
  // authentication.k8s.io and authorization.k8s.io: what `kubectl create token` and `kubectl auth` send.
  TokenRequestSpec: { 1: ['audiences', 'strings'], 3: ['boundObjectRef', { msg: 'BoundObjectReference' }], 4: ['expirationSeconds', 'int*'] },
  BoundObjectReference: { 1: ['kind', 'string'], 2: ['apiVersion', 'string'], 3: ['name', 'string'], 4: ['uid', 'string'] },
  TokenReviewSpec: { 1: ['token', 'string'], 2: ['audiences', 'strings'] },
  AccessResourceAttributes: { 1: ['namespace', 'string'], 2: ['verb', 'string'], 3: ['group', 'string'], 4: ['version', 'string'], 5: ['resource', 'string'], 6: ['subresource', 'string'], 7: ['name', 'string'] },
  AccessNonResourceAttributes: { 1: ['path', 'string'], 2: ['verb', 'string'] },
  SelfSubjectAccessReviewSpec: { 1: ['resourceAttributes', { msg: 'AccessResourceAttributes' }], 2: ['nonResourceAttributes', { msg: 'AccessNonResourceAttributes' }] },
  SubjectAccessReviewSpec: {
    1: ['resourceAttributes', { msg: 'AccessResourceAttributes' }],
    2: ['nonResourceAttributes', { msg: 'AccessNonResourceAttributes' }],
    3: ['user', 'string'],
    4: ['groups', 'strings'],
    6: ['uid', 'string'],
  },
  SelfSubjectRulesReviewSpec: { 1: ['namespace', 'string'] },
  TokenRequest: { 1: ['metadata', meta], 2: ['spec', { msg: 'TokenRequestSpec' }] },
  TokenReview: { 1: ['metadata', meta], 2: ['spec', { msg: 'TokenReviewSpec' }] },
  SelfSubjectReview: { 1: ['metadata', meta] },
  SelfSubjectAccessReview: { 1: ['metadata', meta], 2: ['spec', { msg: 'SelfSubjectAccessReviewSpec' }] },
  SubjectAccessReview: { 1: ['metadata', meta], 2: ['spec', { msg: 'SubjectAccessReviewSpec' }] },
  SelfSubjectRulesReview: { 1: ['metadata', meta], 2: ['spec', { msg: 'SelfSubjectRulesReviewSpec' }] },
  // Top-level kinds (status fields are never read: the server drops status on create).
  ConfigMap: { 1: ['metadata', meta], 2: ['data', { map: 'string' }], 3: ['binaryData', { map: 'bytes' }], 4: ['immutable', 'bool*'] },
  Secret: { 1: ['metadata', meta], 2: ['data', { map: 'bytes' }], 3: ['type', 'string'], 4: ['stringData', { map: 'string' }], 5: ['immutable', 'bool*'] },
  Namespace: { 1: ['metadata', meta], 2: ['spec', { msg: 'NamespaceSpec' }] },
  NamespaceSpec: { 1: ['finalizers', 'strings'] },
  ServiceAccount: {
    1: ['metadata', meta],
    2: ['secrets', { msg: 'ObjectReference', repeated: true }],
    3: ['imagePullSecrets', { msg: 'LocalObjectReference', repeated: true }],
    4: ['automountServiceAccountToken', 'bool*'],
  },
  Service: { 1: ['metadata', meta], 2: ['spec', { msg: 'ServiceSpec' }] },
  Deployment: { 1: ['metadata', meta], 2: ['spec', { msg: 'DeploymentSpec' }] },
  Job: { 1: ['metadata', meta], 2: ['spec', { msg: 'JobSpec' }] },
  CronJob: { 1: ['metadata', meta], 2: ['spec', { msg: 'CronJobSpec' }] },
  Role: { 1: ['metadata', meta], 2: ['rules', { msg: 'PolicyRule', repeated: true }] },
  ClusterRole: { 1: ['metadata', meta], 2: ['rules', { msg: 'PolicyRule', repeated: true }] },
  RoleBinding: { 1: ['metadata', meta], 2: ['subjects', { msg: 'Subject', repeated: true }], 3: ['roleRef', { msg: 'RoleRef' }] },
  ClusterRoleBinding: { 1: ['metadata', meta], 2: ['subjects', { msg: 'Subject', repeated: true }], 3: ['roleRef', { msg: 'RoleRef' }] },
};

/** apiVersion/kind → top-level message. */
const TOP_LEVEL: Record<string, string> = {
  'v1/ConfigMap': 'ConfigMap',
  'v1/Secret': 'Secret',
  'v1/Namespace': 'Namespace',
  'v1/ServiceAccount': 'ServiceAccount',
  'v1/Service': 'Service',
  'apps/v1/Deployment': 'Deployment',
  'batch/v1/Job': 'Job',
  'batch/v1/CronJob': 'CronJob',
  'rbac.authorization.k8s.io/v1/Role': 'Role',
  'rbac.authorization.k8s.io/v1/ClusterRole': 'ClusterRole',
  'rbac.authorization.k8s.io/v1/RoleBinding': 'RoleBinding',
  'rbac.authorization.k8s.io/v1/ClusterRoleBinding': 'ClusterRoleBinding',
  'authentication.k8s.io/v1/TokenRequest': 'TokenRequest',
  'authentication.k8s.io/v1/TokenReview': 'TokenReview',
  'authentication.k8s.io/v1/SelfSubjectReview': 'SelfSubjectReview',
  'authorization.k8s.io/v1/SelfSubjectAccessReview': 'SelfSubjectAccessReview',
  'authorization.k8s.io/v1/SubjectAccessReview': 'SubjectAccessReview',
  'authorization.k8s.io/v1/SelfSubjectRulesReview': 'SelfSubjectRulesReview',
};

function int64(v: number): number {
  // Negative int32/int64 values arrive as 10-byte two's-complement varints.
  return v >= 2 ** 63 ? v - 2 ** 64 : v;
}

function text(v: Field | undefined): string | undefined {
  return Buffer.isBuffer(v) ? v.toString('utf8') : undefined;
}

function decodeMap(entries: Field[], valueKind: 'string' | 'bytes' | 'quantity'): Record<string, string> | undefined {
  const out: Record<string, string> = {};
  for (const raw of entries) {
    if (!Buffer.isBuffer(raw)) continue;
    const e = decodeMessage(raw);
    const value = e.get(2)?.[0];
    let decoded = '';
    if (Buffer.isBuffer(value)) {
      if (valueKind === 'bytes') decoded = value.toString('base64');
      else if (valueKind === 'quantity') decoded = text(decodeMessage(value).get(1)?.[0]) ?? '';
      else decoded = value.toString('utf8');
    }
    out[text(e.get(1)?.[0]) ?? ''] = decoded;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function decodeField(values: Field[], kind: FieldKind): unknown {
  const first = values[values.length - 1];
  if (kind === 'string') {
    const t = text(first);
    // proto cannot tell '' from unset; kube's JSON omits empty strings, so do the same.
    return t === '' ? undefined : t;
  }
  if (kind === 'int' || kind === 'int*') {
    if (typeof first !== 'number') return undefined;
    const n = int64(first);
    return n === 0 && kind === 'int' ? undefined : n;
  }
  if (kind === 'bool' || kind === 'bool*') {
    if (typeof first !== 'number') return undefined;
    return first === 0 ? (kind === 'bool*' ? false : undefined) : true;
  }
  if (kind === 'strings') {
    const list = values.map(text).filter((t): t is string => t !== undefined);
    return list.length > 0 ? list : undefined;
  }
  if (kind === 'intOrString') {
    if (!Buffer.isBuffer(first)) return undefined;
    const m = decodeMessage(first);
    const type = m.get(1)?.[0];
    return type === 1 ? text(m.get(3)?.[0]) : int64(Number(m.get(2)?.[0] ?? 0));
  }
  if ('map' in kind) return decodeMap(values, kind.map);
  const spec = MESSAGES[kind.msg] ?? {};
  const decoded = values.filter(Buffer.isBuffer).map((b) => decodeWith(decodeMessage(b), spec));
  if (kind.repeated) return decoded.length > 0 ? decoded : undefined;
  const one = decoded[decoded.length - 1];
  return one && Object.keys(one).length > 0 ? one : kind.msg === 'ObjectMeta' ? {} : undefined;
}

function decodeWith(m: Message, spec: MessageSpec): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, values] of m) {
    const entry = spec[field];
    if (!entry) continue;
    const value = decodeField(values, entry[1]);
    if (value !== undefined) out[entry[0]] = value;
  }
  return out;
}

/**
 * Decodes a Kubernetes protobuf body of a supported kind into its JSON form; 415 otherwise, 400 when
 * the bytes are not a valid envelope.
 *
 * @example
 * decodeKubeProtobuf(body); // { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a' }, data: { … } }
 */
export function decodeKubeProtobuf(body: Buffer): Record<string, unknown> {
  if (body.length < 4 || body.readUInt32BE(0) !== 0x6b387300) throw Statuses.badRequest('the protobuf body does not start with the k8s envelope magic');
  let envelope: Message;
  try {
    envelope = decodeMessage(body.subarray(4));
  } catch (error) {
    throw Statuses.badRequest(`cannot decode the protobuf envelope: ${(error as Error).message}`);
  }
  const typeMetaRaw = envelope.get(1)?.[0];
  const typeMeta = Buffer.isBuffer(typeMetaRaw) ? decodeMessage(typeMetaRaw) : undefined;
  const apiVersion = text(typeMeta?.get(1)?.[0]);
  const kind = text(typeMeta?.get(2)?.[0]);
  const message = TOP_LEVEL[`${apiVersion ?? ''}/${kind ?? ''}`];
  const spec = message ? MESSAGES[message] : undefined;
  if (!spec) {
    throw Statuses.unsupportedMediaType(`protobuf bodies are supported for ${Object.keys(TOP_LEVEL).join(', ')} only (got ${apiVersion ?? '?'} ${kind ?? '?'}); send application/json`);
  }
  const raw = envelope.get(2)?.[0];
  try {
    const decoded = decodeWith(decodeMessage(Buffer.isBuffer(raw) ? raw : Buffer.alloc(0)), spec);
    return { apiVersion, kind, ...decoded, metadata: decoded.metadata ?? {} };
  } catch (error) {
    throw Statuses.badRequest(`cannot decode the protobuf ${kind}: ${(error as Error).message}`);
  }
}
