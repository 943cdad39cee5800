// The conversion side of a deployment, for `op manifests`: one CustomResourceDefinition from the typed
// resources of several versions of a kind (all served, the highest version by Kubernetes' ordering
// stored), and the conversion stanza (`spec.conversion`, strategy Webhook) of every CRD the operator has
// `on.convert` steps for — written into the CRD when `op manifests` renders it, else into a merge patch
// `<deploy.dir>/conversions/<crd>.yaml` to apply to a CRD installed otherwise.
import { certManagerTarget, renderCrdConversion } from '@opkit/core';
import type { Registry, RenderedCrdConversion, WebhookService } from '@opkit/core';
import type { CustomResourceDefinition, TypedResource } from '@opkit/schema';
import { ManifestsError } from './errors.js';
import type { DeployConfig } from './projectConfig.js';

/** Kubernetes' version ordering key: GA before beta before alpha, then higher numbers first; others last, by name. */
function versionRank(version: string): [number, number, number, string] {
  const match = /^v(\d+)(?:(alpha|beta)(\d+))?$/.exec(version);
  if (!match) return [3, 0, 0, version];
  const stability = match[2] === undefined ? 0 : match[2] === 'beta' ? 1 : 2;
  return [stability, -Number(match[1]), -Number(match[3] ?? 0), ''];
}

/**
 * Versions in Kubernetes' priority order (as `kubectl` prefers them): `v2, v1, v1beta1, v1alpha1, …`.
 *
 * @example
 * ```ts
 * sortVersions(['v1alpha1', 'v1', 'v2beta1', 'v2']); // ['v2', 'v1', 'v2beta1', 'v1alpha1']
 * ```
 */
export function sortVersions(versions: readonly string[]): string[] {
  return [...versions].sort((a, b) => {
    const [x, y] = [versionRank(a), versionRank(b)];
    for (let i = 0; i < 3; i += 1) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number);
    return x[3] < y[3] ? -1 : x[3] > y[3] ? 1 : 0;
  });
}

type CrdVersion = Record<string, unknown> & { name: string; storage?: boolean };

/**
 * One CRD from typed resources of several versions of one kind: every version served, in priority
 * order, and the first (the highest version) the storage version. One typed resource gives its own CRD.
 *
 * @throws ManifestsError (`selector`) when the versions disagree on anything but their schema, printer columns and subresources (kind, scope, names).
 * @example
 * ```ts
 * mergeCrdVersions([WidgetV1, WidgetV2]).spec.versions.map((v) => v.name); // ['v2', 'v1'] (v2 stored)
 * ```
 */
export function mergeCrdVersions(resources: readonly TypedResource[]): CustomResourceDefinition {
  const crds = resources.map((resource) => resource.toCRD());
  if (crds.length === 1) return crds[0]!;
  const name = crds[0]!.metadata.name;
  const { versions: _first, ...common } = crds[0]!.spec;
  for (const crd of crds.slice(1)) {
    const { versions: _v, ...others } = crd.spec;
    if (JSON.stringify(others) !== JSON.stringify(common)) {
      throw new ManifestsError('selector', `the typed resources of ${name} disagree on more than their schemas (kind, scope, names, short names or categories must be the same in every version): ${JSON.stringify(common)} and ${JSON.stringify(others)}.`);
    }
  }
  const byName = new Map<string, CrdVersion>();
  for (const crd of crds) for (const version of crd.spec['versions'] as CrdVersion[]) byName.set(version.name, version);
  const versions = sortVersions([...byName.keys()]).map((version, index) => ({ ...byName.get(version)!, served: true, storage: index === 0 }));
  return { ...crds[0]!, spec: { ...common, versions } };
}

/** The Service the API server calls the deployed operator's webhooks through. */
export function webhookService(deploy: DeployConfig): WebhookService {
  return { namespace: deploy.namespace, name: deploy.name, port: 443 };
}

/** The conversion stanza of a CRD in a deployment (caBundle left to cert-manager or to the running operator). */
export function deployedConversion(crd: string, deploy: DeployConfig): RenderedCrdConversion {
  return renderCrdConversion(crd, { service: webhookService(deploy) });
}

/** The CRD with its conversion stanza, when the operator converts it (and cert-manager's annotation, when used). */
export function withConversion(crd: CustomResourceDefinition, registry: Registry, deploy: DeployConfig): CustomResourceDefinition {
  const name = crd.metadata.name;
  if (!registry.conversionHandlers().some((handler) => handler.crd === name)) return crd;
  const annotations = deploy.webhooks.certManager ? certManagerTarget({ service: webhookService(deploy), certificate: `${deploy.name}-webhooks` }).annotations : undefined;
  return {
    ...crd,
    metadata: { ...crd.metadata, ...(annotations ? { annotations: { ...annotations } } : {}) },
    spec: { ...crd.spec, conversion: deployedConversion(name, deploy) },
  };
}
