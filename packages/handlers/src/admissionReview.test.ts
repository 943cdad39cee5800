import type { Logger } from '@opkit/tasks';
import { describe, expect, it } from 'vitest';
import type { AdmissionContext, AdmissionHandlerOptions } from './admission.js';
import { reviewAdmission } from './admissionReview.js';
import { AdmissionError, AdmissionReviewError, PermanentError, TemporaryError } from './errors.js';
import { Registry } from './registry.js';

const obj = { apiVersion: 'kopf.dev/v1', kind: 'KopfExample', metadata: { name: 'kex1', namespace: 'default', labels: { somelabel: 'somevalue', gone: 'x' } }, spec: { field: 'value', items: [1, 2] } };

function review(request: Record<string, unknown> = {}, apiVersion = 'admission.k8s.io/v1'): Record<string, unknown> {
  return {
    apiVersion, kind: 'AdmissionReview',
    request: {
      uid: 'uid-1', kind: { group: 'kopf.dev', version: 'v1', kind: 'KopfExample' }, resource: { group: 'kopf.dev', version: 'v1', resource: 'kopfexamples' },
      name: 'kex1', namespace: 'default', operation: 'CREATE', userInfo: { username: 'alice', groups: ['system:authenticated'] }, object: obj, oldObject: null, dryRun: false,
      ...request,
    },
  };
}

type Fn = (context: AdmissionContext) => unknown;

function registry(...hooks: ['validate' | 'mutate', Fn, AdmissionHandlerOptions?][]): Registry {
  const r = new Registry();
  hooks.forEach(([kind, fn, options], i) => r.on[kind]('kopfexamples', fn, { id: `${kind}${i}`, ...options }));
  return r;
}

function decodePatch(patch: string | undefined): unknown {
  return patch === undefined ? undefined : JSON.parse(Buffer.from(patch, 'base64').toString('utf8'));
}

describe('reviewAdmission', () => {
  it('allows when every handler returns, echoing the uid and the apiVersion (v1 and v1beta1)', async () => {
    const r = registry(['validate', () => undefined]);
    expect(await reviewAdmission(r.admissionHandlers(), review())).toEqual({ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview', response: { uid: 'uid-1', allowed: true } });
    expect((await reviewAdmission(r.admissionHandlers(), review({}, 'admission.k8s.io/v1beta1'))).apiVersion).toBe('admission.k8s.io/v1beta1');
  });

  it('denies on any error: an AdmissionError with its code, others with 500', async () => {
    const denied = await reviewAdmission(registry(['validate', () => { throw new AdmissionError('Go away!', { code: 555 }); }]).admissionHandlers(), review());
    expect(denied.response).toEqual({ uid: 'uid-1', allowed: false, status: { code: 555, message: 'Go away!' } });
    const plain = await reviewAdmission(registry(['validate', () => { throw new Error('boom'); }]).admissionHandlers(), review());
    expect(plain.response.status).toEqual({ code: 500, message: 'boom' });
    const defaulted = await reviewAdmission(registry(['validate', async () => { throw new AdmissionError('meh'); }]).admissionHandlers(), review());
    expect(defaulted.response.status).toEqual({ code: 500, message: 'meh' });
  });

  it('logs a deliberate rejection (AdmissionError) at INFO and any other error at ERROR', async () => {
    const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
    const logger: Logger = {
      debug: (message, fields = {}) => lines.push({ level: 'debug', message, fields }),
      info: (message, fields = {}) => lines.push({ level: 'info', message, fields }),
      warn: (message, fields = {}) => lines.push({ level: 'warn', message, fields }),
      error: (message, fields = {}) => lines.push({ level: 'error', message, fields }),
      child: () => logger,
    };
    const r = registry(['validate', () => { throw new AdmissionError('Go away!', { code: 400 }); }], ['validate', () => { throw new Error('boom'); }]);
    await reviewAdmission(r.admissionHandlers(), review(), { logger });
    expect(lines).toEqual([
      { level: 'info', message: 'Admission handler rejected the request', fields: { handler: 'validate0', code: 400, error: 'Go away!' } },
      { level: 'error', message: 'Admission handler failed', fields: { handler: 'validate1', error: 'boom' } },
    ]);
  });

  it('reports the error of highest priority: AdmissionError, PermanentError, TemporaryError, others', async () => {
    const calls: string[] = [];
    const thrower = (name: string, error: unknown): Fn => () => { calls.push(name); throw error; };
    const all = registry(
      ['validate', thrower('other', new Error('other'))],
      ['validate', thrower('temporary', new TemporaryError('temporary'))],
      ['validate', thrower('permanent', new PermanentError('permanent'))],
      ['validate', thrower('admission', new AdmissionError('admission', { code: 418 }))],
    );
    expect((await reviewAdmission(all.admissionHandlers(), review())).response.status).toEqual({ code: 418, message: 'admission' });
    expect(calls).toEqual(['other', 'temporary', 'permanent', 'admission']); // every handler runs
    const noAdmission = registry(['validate', thrower('o', new Error('other'))], ['validate', thrower('t', new TemporaryError('temporary'))], ['validate', thrower('p', new PermanentError('permanent'))]);
    expect((await reviewAdmission(noAdmission.admissionHandlers(), review())).response.status).toEqual({ code: 500, message: 'permanent' });
    const temporary = registry(['validate', thrower('o', new Error('other'))], ['validate', thrower('t', new TemporaryError('temporary'))]);
    expect((await reviewAdmission(temporary.admissionHandlers(), review())).response.status?.message).toBe('temporary');
  });

  it('returns the warnings handlers pushed', async () => {
    const r = registry(['validate', ({ warnings }) => { warnings.push('first'); }], ['mutate', ({ warnings }) => { warnings.push('second'); }]);
    expect((await reviewAdmission(r.admissionHandlers(), review())).response.warnings).toEqual(['first', 'second']);
  });

  it("returns a mutator's patch changes as a base64 JSON patch against the request's object", async () => {
    const r = registry(['mutate', ({ patch }) => {
      patch.spec.injected = 123;
      patch.labels.mutated = 'yes';
      patch.metadata.labels.gone = null;
      patch.spec.items = [3];
      patch.status.absent = null; // deleting what is absent changes nothing
      patch.fns.push((body) => { (body.metadata as Record<string, unknown>).annotations = { 'a/b': 'c' }; });
    }]);
    const { response } = await reviewAdmission(r.admissionHandlers(), review());
    expect(response.allowed).toBe(true);
    expect(response.patchType).toBe('JSONPatch');
    expect(decodePatch(response.patch)).toEqual([
      { op: 'remove', path: '/metadata/labels/gone' },
      { op: 'add', path: '/metadata/labels/mutated', value: 'yes' },
      { op: 'add', path: '/metadata/annotations', value: { 'a/b': 'c' } },
      { op: 'replace', path: '/spec/items', value: [3] },
      { op: 'add', path: '/spec/injected', value: 123 },
    ]);
  });

  it('returns no patch when nothing changed, and a patch even when denied', async () => {
    const same = registry(['mutate', ({ patch }) => { patch.spec.field = 'value'; }]);
    expect((await reviewAdmission(same.admissionHandlers(), review())).response).toEqual({ uid: 'uid-1', allowed: true });
    const both = registry(['mutate', ({ patch }) => { patch.spec.x = 1; throw new Error('no'); }]);
    const { response } = await reviewAdmission(both.admissionHandlers(), review());
    expect(response.allowed).toBe(false);
    expect(decodePatch(response.patch)).toEqual([{ op: 'add', path: '/spec/x', value: 1 }]);
  });

  it('does not call mutators for DELETE unless their operations are exactly DELETE; validators see DELETE with the old object', async () => {
    const seen: string[] = [];
    const r = registry(
      ['mutate', () => { seen.push('mutate-all'); }],
      ['mutate', () => { seen.push('mutate-delete-update'); }, { operations: ['DELETE', 'UPDATE'] }],
      ['mutate', ({ body, new: current }) => { seen.push(`mutate-delete:${body.metadata?.name}:${String(current)}`); }, { operations: ['DELETE'] }],
      ['validate', ({ old }) => { seen.push(`validate:${old?.metadata?.name}`); }],
    );
    await reviewAdmission(r.admissionHandlers(), review({ operation: 'DELETE', object: null, oldObject: obj }));
    expect(seen).toEqual(['mutate-delete:kex1:null', 'validate:kex1']);
  });

  it('calls handlers only for their operations and sub-resources', async () => {
    const seen: string[] = [];
    const r = registry(
      ['validate', () => { seen.push('main'); }],
      ['validate', () => { seen.push('status'); }, { subresource: 'status' }],
      ['validate', () => { seen.push('any'); }, { subresource: '*' }],
      ['validate', () => { seen.push('create-only'); }, { operations: ['CREATE'] }],
    );
    await reviewAdmission(r.admissionHandlers(), review({ operation: 'UPDATE', subResource: 'status', oldObject: obj }));
    expect(seen).toEqual(['status', 'any']);
    seen.length = 0;
    await reviewAdmission(r.admissionHandlers(), review({ operation: 'UPDATE', oldObject: obj }));
    expect(seen).toEqual(['main', 'any']);
    seen.length = 0;
    await reviewAdmission(r.admissionHandlers(), review());
    expect(seen).toEqual(['main', 'any', 'create-only']);
  });

  it('runs only the handler the webhook names', async () => {
    const seen: string[] = [];
    const r = registry(['validate', () => { seen.push('validate0'); }], ['validate', () => { seen.push('validate1'); }]);
    await reviewAdmission(r.admissionHandlers(), review(), { webhook: 'validate1' });
    expect(seen).toEqual(['validate1']);
  });

  it('applies the filters: labels, field values and when', async () => {
    const seen: string[] = [];
    const r = registry(
      ['validate', () => { seen.push('label'); }, { labels: { somelabel: 'somevalue' } }],
      ['validate', () => { seen.push('other-label'); }, { labels: { somelabel: 'other' } }],
      ['validate', () => { seen.push('field'); }, { field: 'spec.field', value: 'value' }],
      ['validate', () => { seen.push('no-field'); }, { field: 'spec.field', value: 'wrong' }],
      ['validate', () => { seen.push('when'); }, { when: (ctx) => (ctx as unknown as AdmissionContext).operation === 'CREATE' }],
    );
    await reviewAdmission(r.admissionHandlers(), review());
    expect(seen).toEqual(['label', 'field', 'when']);
  });

  it('gives handlers the context: old, new, diff, dryRun, userInfo, headers, operation, memo', async () => {
    let seen: AdmissionContext | undefined;
    const r = registry(['validate', (ctx) => { seen = ctx; }]);
    const changed = { ...obj, spec: { ...obj.spec, field: 'new' } };
    const memos: boolean[] = [];
    await reviewAdmission(r.admissionHandlers(), review({ operation: 'UPDATE', object: changed, oldObject: obj, dryRun: true }), {
      headers: { 'user-agent': 'kube-apiserver' }, memo: (_body, { ephemeral }) => { memos.push(ephemeral); return { shared: true }; },
    });
    expect(seen).toMatchObject({
      id: 'validate0', body: changed, spec: changed.spec, name: 'kex1', namespace: 'default', old: obj, new: changed, dryRun: true, operation: 'UPDATE', subresource: null,
      userInfo: { username: 'alice' }, headers: { 'user-agent': 'kube-apiserver' }, sslPeer: {}, memo: { shared: true },
      resource: { group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample' },
    });
    expect(seen?.diff).toEqual([{ op: 'change', path: ['spec', 'field'], old: 'value', new: 'new' }]);
    await reviewAdmission(r.admissionHandlers(), review(), { memo: (_body, { ephemeral }) => { memos.push(ephemeral); return {}; } });
    expect(memos).toEqual([false, true]); // CREATE gets a throw-away memo
  });

  it('rejects malformed reviews, unknown webhooks and unknown resources with AdmissionReviewError', async () => {
    const handlers = registry(['validate', () => undefined]).admissionHandlers();
    const cases: [unknown, RegExp][] = [
      [null, /expected a JSON object, got null/],
      [[], /got an array/],
      [{ ...review(), apiVersion: 'v1' }, /apiVersion must be 'admission.k8s.io\/v1'/],
      [{ ...review(), kind: 'Pod' }, /kind must be 'AdmissionReview'/],
      [{ apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' }, /request is missing/],
      [review({ uid: '' }), /request.uid/],
      [review({ resource: { group: 'x' } }), /request.resource must be/],
      [review({ operation: 'PATCH' }), /request.operation must be/],
      [review({ userInfo: undefined }), /userInfo is missing/],
      [review({ object: null, oldObject: null }), /either request.object or request.oldObject/],
      [review({ object: 'x' }), /must be objects or null/],
    ];
    for (const [body, message] of cases) {
      const error = await reviewAdmission(handlers, body).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AdmissionReviewError);
      expect(error).toMatchObject({ code: 'malformed', httpStatus: 400 });
      expect((error as Error).message).toMatch(message);
    }
    await expect(reviewAdmission(handlers, review(), { webhook: 'nope' })).rejects.toMatchObject({ code: 'unknown-webhook', httpStatus: 404 });
    await expect(reviewAdmission(handlers, review({ resource: { group: '', version: 'v1', resource: 'pods' }, kind: { group: '', version: 'v1', kind: 'Pod' } })))
      .rejects.toMatchObject({ code: 'unknown-resource', httpStatus: 404, message: expect.stringMatching(/v1\/pods/) });
  });

  it('matches selectors by kind and, given discovered resources, by short name', async () => {
    const r = new Registry();
    const seen: string[] = [];
    r.on.validate('KopfExample', () => { seen.push('kind'); }, { id: 'by-kind' });
    r.on.validate('kex', () => { seen.push('short'); }, { id: 'by-short-name' });
    const resources = [{ group: 'kopf.dev', version: 'v1', plural: 'kopfexamples', kind: 'KopfExample', namespaced: true, shortNames: ['kex'], preferred: true }];
    await reviewAdmission(r.admissionHandlers(), review(), { resources });
    expect(seen).toEqual(['kind', 'short']);
  });
});

describe('reviewAdmission: assigning whole keys of the patch', () => {
  async function mutated(fn: Fn): Promise<Record<string, any>> {
    const response = (await reviewAdmission(registry(['mutate', fn]).admissionHandlers(), review())).response;
    expect(response.allowed).toBe(true);
    return { ops: decodePatch(response.patch) };
  }

  it('applies patch.metadata = {...} (merged, as for patch.metadata.labels = ...)', async () => {
    expect(await mutated(({ patch }) => { patch.metadata = { labels: { a: 'b' } }; })).toEqual({ ops: [{ op: 'add', path: '/metadata/labels/a', value: 'b' }] });
    const { ops } = await mutated(({ patch }) => {
      patch.labels.first = '1';
      patch.metadata = { labels: { a: 'b', gone: null }, annotations: { note: 'n' } };
      patch.spec = { field: 'changed' };
      patch.labels = { c: 'd' };
    });
    expect(ops).toHaveLength(6);
    expect(ops).toEqual(expect.arrayContaining([
      { op: 'remove', path: '/metadata/labels/gone' },
      { op: 'add', path: '/metadata/labels/first', value: '1' },
      { op: 'add', path: '/metadata/labels/a', value: 'b' },
      { op: 'add', path: '/metadata/labels/c', value: 'd' },
      { op: 'add', path: '/metadata/annotations', value: { note: 'n' } },
      { op: 'replace', path: '/spec/field', value: 'changed' },
    ]));
  });

  it('applies any other top-level key and replaces fns; throws, saying how, for what it cannot apply', async () => {
    const ops = (await mutated(({ patch }) => {
      (patch as unknown as Record<string, unknown>).data = { k: 'v' };
      (patch as { fns: unknown }).fns = [(body: Record<string, unknown>) => { body.extra = true; }];
    })).ops;
    expect(ops).toEqual([{ op: 'add', path: '/data', value: { k: 'v' } }, { op: 'add', path: '/extra', value: true }]);
    const response = (await reviewAdmission(registry(['mutate', ({ patch }) => { (patch as any).metadata = 'x'; }]).admissionHandlers(), review())).response;
    expect(response.allowed).toBe(false);
    expect(response.status?.message).toBe('patch.metadata can only be assigned an object (merged into the patch) or null (deletes it); got a string. Assign its fields instead: patch.metadata.field = value.');
  });
});
