// Calling admission webhooks: the stored Validating/MutatingWebhookConfigurations decide which writes
// go through which webhook; each call is an AdmissionReview v1 POST (HTTPS trusting `caBundle`, or plain
// http for local tests). Mutating webhooks run one after the other and may return a JSON patch;
// validating webhooks run in parallel on the final object; a denial or (with failurePolicy Fail) a failed
// call rejects the write with kube-apiserver's wording.
import { randomUUID } from 'node:crypto';
import { jsonEqual } from '@opkit/json';
import { parseRequestJson } from '../codec.js';
import { StatusError, Statuses } from '../errors.js';
import { applyJsonPatch } from '../patch/index.js';
import { userInfoOf } from '../rbac/index.js';
import { postWebhook as post } from './webhookClient.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import { labelSelectorFromObject } from '../selectors/index.js';
import type { ObjectStore } from '../storage/index.js';

/** Admission operations. */
export type AdmissionOperation = 'CREATE' | 'UPDATE' | 'DELETE';

/** One admission request. */
export interface AdmissionAttributes {
  operation: AdmissionOperation;
  type: ResourceType;
  subresource: string | undefined;
  namespace: string | undefined;
  name: string;
  object: KubeObject | null;
  oldObject: KubeObject | null;
  dryRun: boolean;
  user: string;
  /** The kind of `object` when it is not the resource's own (the scale subresource: autoscaling/v1 Scale). */
  kind?: { group: string; version: string; kind: string };
}

/** What admission decided: the (possibly mutated) object and warnings. */
export interface AdmissionResult {
  object: KubeObject | null;
  warnings: string[];
}

const MUTATING = 'admissionregistration.k8s.io/mutatingwebhookconfigurations';
const VALIDATING = 'admissionregistration.k8s.io/validatingwebhookconfigurations';

function matchesList(list: unknown, value: string): boolean {
  return Array.isArray(list) && (list.includes('*') || list.includes(value));
}

function ruleMatches(rule: Record<string, any>, a: AdmissionAttributes): boolean {
  if (!matchesList(rule.operations, a.operation)) return false;
  if (!matchesList(rule.apiGroups, a.type.group) || !matchesList(rule.apiVersions, a.type.version)) return false;
  const resource = a.subresource ? `${a.type.plural}/${a.subresource}` : a.type.plural;
  const resources: string[] = Array.isArray(rule.resources) ? rule.resources : [];
  const ok = resources.some((r) => r === '*/*' || r === resource || (r === '*' && !a.subresource) || (a.subresource && r === `*/${a.subresource}`) || (a.subresource && r === `${a.type.plural}/*`));
  if (!ok) return false;
  const scope = rule.scope ?? '*';
  if (scope === 'Cluster' && a.type.namespaced) return false;
  if (scope === 'Namespaced' && !a.type.namespaced) return false;
  return true;
}

function selectorMatches(selector: unknown, labels: Record<string, string> | undefined): boolean {
  if (selector === undefined || selector === null) return true;
  try {
    return labelSelectorFromObject(selector).matches(labels ?? {});
  } catch {
    return false;
  }
}

/**
 * Finds and calls the admission webhooks that apply to a write.
 *
 * @example
 * const admission = new Admission(store);
 * if (admission.applies(attrs)) result = await admission.admit(attrs);
 */
export class Admission {
  constructor(private readonly store: ObjectStore) {}

  private webhooks(storageKey: string, a: AdmissionAttributes): Record<string, any>[] {
    const out: Record<string, any>[] = [];
    for (const config of this.store.list(storageKey)) {
      for (const hook of (config.webhooks ?? []) as Record<string, any>[]) {
        if (!((hook.rules ?? []) as Record<string, any>[]).some((r) => ruleMatches(r, a))) continue;
        const labels = (a.object ?? a.oldObject)?.metadata?.labels;
        if (!selectorMatches(hook.objectSelector, labels)) continue;
        if (a.type.namespaced && hook.namespaceSelector && a.namespace) {
          const ns = this.store.get('/namespaces', undefined, a.namespace);
          if (!selectorMatches(hook.namespaceSelector, ns?.metadata?.labels)) continue;
        }
        out.push(hook);
      }
    }
    return out;
  }

  /** Whether any webhook configuration exists at all (otherwise writes skip admission). */
  configured(): boolean {
    return this.store.list(MUTATING).length > 0 || this.store.list(VALIDATING).length > 0;
  }

  /** Whether any webhook applies to this request. */
  applies(a: AdmissionAttributes): boolean {
    return this.webhooks(MUTATING, a).length > 0 || this.webhooks(VALIDATING, a).length > 0;
  }

  /** Runs mutating webhooks serially, then validating ones in parallel (both phases at once). */
  async admit(a: AdmissionAttributes): Promise<AdmissionResult> {
    const mutated = await this.mutate(a);
    const validated = await this.validate({ ...a, object: mutated.object });
    return { object: mutated.object, warnings: [...mutated.warnings, ...validated.warnings] };
  }

  /**
   * The mutating phase: each matching mutating webhook once, in order (and once more for those with
   * reinvocationPolicy IfNeeded when a later one changed the object). Returns the object as patched
   * (the very same object when nothing changed it).
   */
  async mutate(a: AdmissionAttributes): Promise<AdmissionResult> {
    const warnings: string[] = [];
    let object = a.object;
    const mutating = this.webhooks(MUTATING, a);
    // Webhooks with reinvocationPolicy IfNeeded run once more when a later webhook changed the object.
    const changedAfter = mutating.map(() => false);
    for (const [index, hook] of mutating.entries()) {
      const before = object;
      object = await this.mutateOnce(hook, { ...a, object }, warnings);
      if (object !== before) for (let j = 0; j < index; j++) changedAfter[j] = true;
    }
    for (const [index, hook] of mutating.entries()) {
      if (hook.reinvocationPolicy === 'IfNeeded' && changedAfter[index]) object = await this.mutateOnce(hook, { ...a, object }, warnings);
    }
    return { object, warnings };
  }

  /** The validating phase: every matching validating webhook once, in parallel, on the final object. */
  async validate(a: AdmissionAttributes): Promise<AdmissionResult> {
    const warnings: string[] = [];
    await Promise.all(this.webhooks(VALIDATING, a).map((hook) => this.call(hook, a, warnings)));
    return { object: a.object, warnings };
  }

  /** Calls one mutating webhook; returns the patched object (the same object when it changed nothing). */
  private async mutateOnce(hook: Record<string, any>, a: AdmissionAttributes, warnings: string[]): Promise<KubeObject | null> {
    const object = a.object;
    const response = await this.call(hook, a, warnings);
    if (!response || !response.patch || object === null) return object;
    if (response.patchType !== undefined && response.patchType !== 'JSONPatch') throw callFailed(hook, `unsupported patchType ${String(response.patchType)}`);
    let patched: KubeObject;
    try {
      patched = applyJsonPatch(object, parseRequestJson(Buffer.from(String(response.patch), 'base64').toString('utf8'))) as KubeObject;
    } catch (error) {
      throw callFailed(hook, `the returned patch could not be applied: ${(error as Error).message}`);
    }
    return jsonEqual(patched, object) ? object : patched;
  }

  private async call(hook: Record<string, any>, a: AdmissionAttributes, warnings: string[]): Promise<Record<string, any> | undefined> {
    if (a.dryRun) {
      // A dry run may only reach webhooks that declare no side effects (or none on dry runs).
      if (hook.sideEffects === undefined || hook.sideEffects === null) {
        if (hook.failurePolicy === 'Ignore') return undefined;
        throw callFailed(hook, 'Webhook SideEffects is nil');
      }
      if (hook.sideEffects !== 'None' && hook.sideEffects !== 'NoneOnDryRun') throw Statuses.badRequest(`admission webhook ${JSON.stringify(hook.name)} does not support dry run`);
    }
    const uid = randomUUID();
    const gvk = a.kind ?? { group: a.type.group, version: a.type.version, kind: a.type.kind };
    const gvr = { group: a.type.group, version: a.type.version, resource: a.type.plural };
    const review = {
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      request: {
        uid,
        kind: gvk,
        resource: gvr,
        ...(a.subresource ? { subResource: a.subresource, requestSubResource: a.subresource } : {}),
        requestKind: gvk,
        requestResource: gvr,
        name: a.name,
        ...(a.namespace ? { namespace: a.namespace } : {}),
        operation: a.operation,
        userInfo: { username: a.user, groups: userInfoOf(a.user).groups },
        object: a.object,
        oldObject: a.oldObject,
        dryRun: a.dryRun,
        options: { kind: a.operation === 'CREATE' ? 'CreateOptions' : a.operation === 'UPDATE' ? 'UpdateOptions' : 'DeleteOptions', apiVersion: 'meta.k8s.io/v1' },
      },
    };
    const timeoutSeconds = Math.min(30, Math.max(1, Number(hook.timeoutSeconds ?? 10)));
    let body: Record<string, any>;
    try {
      body = await post(hook.clientConfig ?? {}, review, timeoutSeconds);
    } catch (error) {
      if (hook.failurePolicy === 'Ignore') return undefined;
      throw callFailed(hook, (error as Error).message);
    }
    const response = body.response as Record<string, any> | undefined;
    if (!response || response.uid !== uid) {
      if (hook.failurePolicy === 'Ignore') return undefined;
      throw callFailed(hook, 'the response does not carry the request uid');
    }
    for (const w of (response.warnings ?? []) as string[]) warnings.push(w);
    if (response.allowed !== true) {
      const status = (response.status ?? {}) as Record<string, any>;
      const code = Number(status.code ?? 403);
      const message = `admission webhook "${hook.name}" denied the request${status.message ? `: ${status.message}` : ' without explanation'}`;
      throw new StatusError(code, status.reason ?? (code === 403 ? 'Forbidden' : 'BadRequest'), message);
    }
    return response;
  }
}

function callFailed(hook: Record<string, any>, why: string): StatusError {
  return Statuses.internal(`failed calling webhook "${hook.name}": ${why}`);
}
