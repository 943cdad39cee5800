import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KubeConfigError } from '../errors.js';
import { loadConfig } from './kubeconfigSources.js';

const doc = (name: string, server: string, extra = '') => `apiVersion: v1
kind: Config
current-context: ${name}
clusters:
- name: ${name}
  cluster:
    server: ${server}
    insecure-skip-tls-verify: true
users:
- name: ${name}
  user:${extra || ' {}'}
contexts:
- name: ${name}
  context:
    cluster: ${name}
    user: ${name}
    namespace: ns-${name}
`;

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'opkit-kube-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('loadConfig', () => {
  it('merges every KUBECONFIG path, the first current-context winning, and selects a context', () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    writeFileSync(a, doc('one', 'http://127.0.0.1:1'));
    writeFileSync(b, doc('two', 'http://127.0.0.1:2'));
    const env = { KUBECONFIG: [a, join(dir, 'missing'), b].join(delimiter) };
    const first = loadConfig({ env, homeDir: dir }).build();
    expect(first.getCurrentCluster()?.server).toBe('http://127.0.0.1:1');
    const second = loadConfig({ env, homeDir: dir, context: 'two' }).build();
    expect(second.getCurrentCluster()?.server).toBe('http://127.0.0.1:2');
  });

  it('falls back to ~/.kube/config', () => {
    const home = join(dir, 'home');
    const kube = join(home, '.kube');
    mkdirSync(kube, { recursive: true });
    writeFileSync(join(kube, 'config'), doc('home', 'http://127.0.0.1:3'));
    const loaded = loadConfig({ env: {}, homeDir: home });
    expect(loaded.build().getCurrentCluster()?.server).toBe('http://127.0.0.1:3');
    expect(loaded.source).toBe(join(kube, 'config'));
  });

  it('records kubeconfig tokenFile users so the token is re-read, with paths relative to the file', () => {
    const path = join(dir, 'cfg');
    writeFileSync(path, doc('t', 'http://127.0.0.1:4', '\n    tokenFile: token.txt'));
    const loaded = loadConfig({ kubeconfig: path });
    expect(loaded.tokenFiles.get('t')).toBe(join(dir, 'token.txt'));
  });

  it('uses the in-cluster service account when told where it is', () => {
    writeFileSync(join(dir, 'token'), 'abc');
    writeFileSync(join(dir, 'namespace'), 'ops');
    const loaded = loadConfig({ inCluster: { serviceAccountDir: dir, host: '10.0.0.1', port: '443' } });
    const kc = loaded.build();
    expect(kc.getCurrentCluster()?.server).toBe('https://10.0.0.1:443');
    expect(kc.getContextObject(kc.getCurrentContext())?.namespace).toBe('ops');
    expect(loaded.tokenFiles.get('in-cluster')).toBe(join(dir, 'token'));
  });

  it('lists every source tried when none works', () => {
    let error: unknown;
    try {
      loadConfig({ env: {}, homeDir: join(dir, 'nohome') });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(KubeConfigError);
    const tried = (error as KubeConfigError).tried;
    expect(tried).toHaveLength(3);
    expect(tried[0]).toBe('KUBECONFIG: not set');
    expect(tried[1]).toContain(join(dir, 'nohome', '.kube', 'config'));
    expect(tried[2]).toContain('KUBERNETES_SERVICE_HOST is not set');
    expect((error as Error).message).toContain('tried:');
  });

  it('names a missing context and the ones that exist', () => {
    const path = join(dir, 'cfg');
    writeFileSync(path, doc('one', 'http://127.0.0.1:1'));
    expect(() => loadConfig({ kubeconfig: path, context: 'nope' })).toThrow(/no context "nope"; it has: one/);
  });

  it('accepts a kubeconfig object', () => {
    const loaded = loadConfig({
      kubeconfig: {
        'current-context': 'c',
        clusters: [{ name: 'c', cluster: { server: 'http://127.0.0.1:9', 'insecure-skip-tls-verify': true } }],
        users: [{ name: 'c', user: { token: 't' } }],
        contexts: [{ name: 'c', context: { cluster: 'c', user: 'c' } }],
      },
    });
    expect(loaded.build().getCurrentUser()?.token).toBe('t');
  });
});
