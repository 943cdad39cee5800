// The derived RBAC against what the runtime really does: the typed test operator runs against the
// embedded API server (its CRD from the generated file), handles a Greeting through create, update
// and delete, posts an event, watches pods — and every API request it made (from its own feed, over
// its own client) is allowed by a rule of the generated RBAC; removing a rule leaves a request uncovered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLogger, loadOperator, Operator } from '@opkit/core';
import type { FeedEvent } from '@opkit/core';
import { startApiServer } from '@opkit/apiserver';
import { connect, NotFoundError } from '@opkit/kube';
import type { KubeObject, Resource } from '@opkit/kube';
import { parse, parseAllDocuments } from 'yaml';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeManifests } from '../src/index.js';
import type { PolicyRule } from '../src/index.js';
import type { TempProject } from './tempProject.js';
import { tempProject } from './tempProject.js';
import { deadline } from '@opkit/test-tools';

let project: TempProject;

beforeAll(async () => {
  project = tempProject('typed-all');
  await writeManifests({ dir: project.dir });
});

afterAll(() => { project?.remove(); });

interface Request { readonly verb: string; readonly group: string; readonly resource: string }

function rulesOf(file: string): PolicyRule[] {
  return parseAllDocuments(readFileSync(file, 'utf8')).map((doc) => doc.toJS() as { kind: string; rules?: PolicyRule[] })
    .filter((doc) => doc.kind === 'ClusterRole' || doc.kind === 'Role').flatMap((doc) => doc.rules ?? []);
}

function uncovered(requests: readonly Request[], rules: readonly PolicyRule[]): string[] {
  return requests.filter((request) => !rules.some((rule) => (rule.apiGroups ?? []).includes(request.group)
    && (rule.resources ?? []).includes(request.resource) && rule.verbs.includes(request.verb)))
    .map((request) => `${request.verb} ${request.group || 'core'} ${request.resource}`);
}

describe('the derived RBAC', () => {
  it('allows every API request the runtime and the handlers make', async () => {
    const server = await startApiServer({ port: 0 });
    const kubeconfig = join(project.dir, 'kubeconfig');
    await server.writeKubeconfig(kubeconfig);
    // The test's client, and the operator's own, so that its feed holds its own requests only.
    const tester = await connect({ kubeconfig });
    const client = await connect({ kubeconfig });
    const stop = new AbortController();
    let running: Promise<void> | undefined;
    try {
      const crds = await tester.resolveOne('customresourcedefinitions.apiextensions.k8s.io');
      await tester.create(crds, parse(readFileSync(join(project.dir, 'deploy/crds/greetings.example.com.yaml'), 'utf8')) as KubeObject);
      const greetings = await vi.waitFor(async () => {
        tester.invalidateDiscovery();
        return tester.resolveOne('greetings.example.com');
      }, { timeout: deadline(30_000), interval: 50 });
      const { registry } = await loadOperator([join(project.dir, 'operator.ts')]);
      const operator = new Operator({ registry, client, clusterwide: true, logger: createLogger({ format: 'plain', level: 'error', write: () => undefined }) });
      const feed: FeedEvent[] = [];
      operator.feed$.subscribe((event) => feed.push(event));
      running = operator.run(stop.signal);
      await operator.ready;
      const at = { namespace: 'default' };
      const status = async (): Promise<Record<string, any>> => ((await tester.get(greetings, 'hello', at)).status ?? {}) as Record<string, any>;
      await tester.create(greetings, { apiVersion: 'example.com/v1alpha1', kind: 'Greeting', metadata: { name: 'hello', namespace: 'default' }, spec: {} }, at);
      await expect.poll(async () => (await status())['create_fn']?.message, { timeout: deadline(30_000) }).toBe('hello world');
      await tester.patch(greetings, 'hello', { spec: { name: 'again' } }, { ...at, type: 'merge' });
      await expect.poll(async () => (await status())['update_fn']?.message, { timeout: deadline(30_000) }).toBe('hello again again');
      await tester.delete(greetings, 'hello', at);
      await expect.poll(async () => tester.get(greetings, 'hello', at).then(() => 'present', (error: unknown) => (error instanceof NotFoundError ? 'gone' : String(error))), { timeout: deadline(30_000) }).toBe('gone');
      await expect.poll(() => feed.some((event) => event.type === 'event-posted' && event.reason === 'Greeted'), { timeout: deadline(30_000) }).toBe(true);
      stop.abort();
      await running;
      const served = await tester.discovery.resources();
      const groupOf = (plural: string): string => {
        const matches = served.filter((r: Resource) => r.plural === plural && r.preferred);
        return (matches.find((r) => r.group === '') ?? matches[0])?.group ?? '?';
      };
      const requests: Request[] = feed
        .filter((event): event is Extract<FeedEvent, { type: 'api-request' }> => event.type === 'api-request' && event.verb !== 'discovery')
        .map((event) => ({ verb: event.verb, group: groupOf(event.resource.split('/')[0]!), resource: event.resource }));
      const kinds = [...new Set(requests.map((r) => `${r.verb} ${r.group || 'core'} ${r.resource}`))].sort();
      // The embedded server streams the initial state of each watch (WatchList): no list request is made; the
      // RBAC still grants list, which a server without WatchList needs (the paged-list fallback).
      expect(kinds).toEqual(expect.arrayContaining([
        'create core events',
        'patch example.com greetings', 'patch example.com greetings/status', 'watch apiextensions.k8s.io customresourcedefinitions',
        'watch core pods', 'watch example.com greetings',
      ]));
      const rules = rulesOf(join(project.dir, 'deploy/rbac.yaml'));
      expect(uncovered(requests, rules)).toEqual([]);
      const withoutStatus = rules.filter((rule) => !(rule.resources ?? []).includes('greetings/status'));
      expect([...new Set(uncovered(requests, withoutStatus))]).toEqual(['patch example.com greetings/status']);
    } finally {
      stop.abort();
      await running?.catch(() => undefined);
      tester.close();
      client.close();
      await server.close();
    }
  });
});
