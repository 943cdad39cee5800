// `op manifests` for an operator with on.convert steps: the typed versions of a kind in one CRD (all
// served, the highest stored) carrying the conversion stanza that points at the operator's Service, a
// merge patch for a converted CRD it does not render, the Service and cert-manager objects, and RBAC to
// patch exactly those CRDs.
import { parseAllDocuments, parse } from 'yaml';
import { afterEach, describe, expect, it } from 'vitest';
import { generateManifests } from '../src/index.js';
import { sortVersions } from '../src/conversions.js';
import type { TempProject } from './tempProject.js';
import { tempProject } from './tempProject.js';

type Doc = Record<string, any>;

const stanza = (crd: string): Doc => ({
  strategy: 'Webhook',
  webhook: { conversionReviewVersions: ['v1', 'v1beta1'], clientConfig: { service: { namespace: 'operators', name: 'widget-operator', port: 443, path: `/convert/${crd}` } } },
});

describe('op manifests: conversions', () => {
  let project: TempProject | undefined;
  afterEach(() => project?.remove());

  it('renders one CRD with every typed version, the highest stored, and the conversion stanza', async () => {
    project = tempProject('conversion');
    const { files } = await generateManifests({ dir: project.dir });
    const crd = parse(files.get('deploy/crds/widgets.example.com.yaml')!) as Doc;
    expect(crd.spec.versions.map((v: Doc) => [v.name, v.served, v.storage])).toEqual([['v2', true, true], ['v1', true, false]]);
    expect(crd.spec.versions[1].schema.openAPIV3Schema.properties.spec.properties).toHaveProperty('replicas');
    expect(crd.spec.conversion).toEqual(stanza('widgets.example.com'));
    expect(crd.metadata.annotations).toEqual({ 'cert-manager.io/inject-ca-from': 'operators/widget-operator-webhooks' });
  });

  it('writes a merge patch for a converted CRD it does not render', async () => {
    project = tempProject('conversion');
    const { files } = await generateManifests({ dir: project.dir });
    const text = files.get('deploy/conversions/gadgets.example.com.yaml')!;
    expect(text).toContain('kubectl patch crd gadgets.example.com --type merge --patch-file');
    expect(parse(text)).toEqual({ spec: { conversion: stanza('gadgets.example.com') } });
    expect(files.has('deploy/crds/gadgets.example.com.yaml')).toBe(false);
  });

  it('emits the Service and cert-manager objects without webhook configurations, and RBAC to patch only those CRDs', async () => {
    project = tempProject('conversion');
    const { files } = await generateManifests({ dir: project.dir });
    const docs = parseAllDocuments(files.get('deploy/webhooks.yaml')!).map((doc) => doc.toJS() as Doc);
    expect(docs.map((doc) => doc.kind)).toEqual(['Service', 'Issuer', 'Certificate']);
    expect(docs[0]).toMatchObject({ metadata: { name: 'widget-operator', namespace: 'operators' }, spec: { ports: [{ port: 443, targetPort: 9443 }] } });
    const rbac = parseAllDocuments(files.get('deploy/rbac.yaml')!).map((doc) => doc.toJS() as Doc);
    const rules: Doc[] = rbac.filter((doc) => doc.kind === 'ClusterRole').flatMap((doc) => doc.rules);
    expect(rules.filter((rule) => rule.resources?.includes('customresourcedefinitions'))).toEqual([
      { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], verbs: ['list', 'watch'] },
      { apiGroups: ['apiextensions.k8s.io'], resources: ['customresourcedefinitions'], resourceNames: ['gadgets.example.com', 'widgets.example.com'], verbs: ['get', 'patch'] },
    ]);
    expect(files.get('deploy/rbac.yaml')).toContain('the Opkit runtime: keep the conversion webhook (spec.conversion) of the CRDs of on.convert current (get, patch), only these CRDs');
  });

  it('orders versions as Kubernetes does', () => {
    expect(sortVersions(['v1alpha1', 'v1', 'v2beta1', 'v2', 'v11alpha2', 'v10', 'foo', 'v12beta1'])).toEqual(['v10', 'v2', 'v1', 'v12beta1', 'v2beta1', 'v11alpha2', 'v1alpha1', 'foo']);
  });
});
