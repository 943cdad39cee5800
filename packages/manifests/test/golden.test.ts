// Golden outputs: the manifests of each test project match the committed files byte for byte (run
// with UPDATE_GOLDEN=1 to rewrite them after an intended change), and generating twice gives the
// same bytes.
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { describe, expect, it } from 'vitest';
import { generateManifests } from '../src/index.js';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const golden = fileURLToPath(new URL('./golden/', import.meta.url));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('generateManifests (golden outputs)', () => {
  for (const project of ['typed-all', 'typed-own-namespace', 'strings']) {
    it(`writes the committed manifests of ${project}`, async () => {
      const { files } = await generateManifests({ dir: join(fixtures, project) });
      const expectedDir = join(golden, project);
      if (process.env.UPDATE_GOLDEN) {
        for (const [path, text] of files) {
          mkdirSync(dirname(join(expectedDir, path)), { recursive: true });
          writeFileSync(join(expectedDir, path), text);
        }
      }
      const committed = filesUnder(expectedDir).map((file) => relative(expectedDir, file).split('\\').join('/')).sort();
      expect([...files.keys()].sort()).toEqual(committed);
      for (const [path, text] of files) expect(text, path).toBe(readFileSync(join(expectedDir, path), 'utf8'));
      const again = await generateManifests({ dir: join(fixtures, project) });
      expect(again.files).toEqual(files);
    });
  }

  it('never grants a wildcard, and gives every rule a comment naming what needs it', async () => {
    for (const project of ['typed-all', 'typed-own-namespace', 'strings']) {
      const { files, rbac } = await generateManifests({ dir: join(fixtures, project) });
      for (const [path, text] of files) {
        for (const doc of parseAllDocuments(text)) expect(JSON.stringify(doc.toJS()), path).not.toContain('"*"');
      }
      for (const { rule, comment } of [...rbac.cluster, ...rbac.namespaced]) {
        expect(comment.length, JSON.stringify(rule)).toBeGreaterThan(0);
        expect(comment.every((line) => /^(on\.\w+\(|owns\(|needs\(\)|the Opkit runtime|'[^']+')/.test(line)), comment.join('\n')).toBe(true);
      }
    }
  });

  it('merges rules per API group where the verbs are equal', async () => {
    const { rbac } = await generateManifests({ dir: join(fixtures, 'typed-all') });
    const core = rbac.cluster.filter(({ rule }) => rule.apiGroups?.[0] === '' && rule.verbs.includes('create') && rule.verbs.includes('delete'));
    expect(core.map(({ rule }) => rule.resources)).toEqual([['configmaps', 'services']]);
    expect(core[0]!.comment).toEqual(["owns('services'), owns('configmaps'): the operator's children: it creates, reads, updates and deletes them"]);
  });

  it('puts namespaced resources in a Role and cluster-scoped ones in the ClusterRole with watch: own-namespace', async () => {
    const { rbac, config } = await generateManifests({ dir: join(fixtures, 'typed-own-namespace') });
    expect(config.deploy).toEqual({ dir: 'deploy', name: 'greeting-operator', namespace: 'greeting-operator', watch: 'own-namespace', webhooks: { certManager: false }, leaderElection: false, sharding: false });
    const resources = (rules: typeof rbac.cluster): string[] => rules.flatMap(({ rule }) => rule.resources ?? []).sort();
    expect(resources(rbac.cluster)).toEqual(['customresourcedefinitions', 'greetingpolicies', 'greetingpolicies/finalizers', 'greetingpolicies/status', 'nodes']);
    expect(resources(rbac.namespaced)).toEqual(['deployments', 'events', 'greetings', 'greetings/finalizers', 'greetings/status', 'kopfpeerings', 'secrets', 'services']);
  });
});
