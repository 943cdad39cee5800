import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ProbeResult, TargetInputs } from './target.js';
import { chooseTarget, looksLocal, readRemembered, remember } from './target.js';

const local: ProbeResult = { context: 'kind-dev', server: 'https://127.0.0.1:6443', reachable: true, local: true };
const remote: ProbeResult = { context: 'prod', server: 'https://10.1.2.3:6443', reachable: true, local: false };

function inputs(overrides: Partial<TargetInputs> & { found?: ProbeResult | undefined; answer?: string }): TargetInputs & { asked: string[] } {
  const asked: string[] = [];
  return {
    yes: false, interactive: true, asked,
    probe: async () => overrides.found,
    ask: async (question) => {
      asked.push(question);
      return overrides.answer ?? 'e';
    },
    ...overrides,
  };
}

describe('chooseTarget', () => {
  it('lets a flag win', async () => {
    expect(await chooseTarget(inputs({ embedded: 'fresh', found: local }))).toEqual({ mode: 'embedded', fresh: true, reason: '--embedded=fresh' });
    expect(await chooseTarget(inputs({ context: 'kind-dev', found: local }))).toMatchObject({ mode: 'cluster', context: 'kind-dev', server: local.server });
  });

  it('takes the embedded server, without asking, when there is no kubeconfig, no answer, or no terminal', async () => {
    const none = inputs({ found: undefined });
    expect(await chooseTarget(none)).toEqual({ mode: 'embedded', fresh: false, reason: 'no kubeconfig found' });
    expect(await chooseTarget(inputs({ found: { ...local, reachable: false } }))).toMatchObject({ mode: 'embedded', reason: 'the current context kind-dev does not answer' });
    const ci = inputs({ found: local, interactive: false });
    expect(await chooseTarget(ci)).toMatchObject({ mode: 'embedded', reason: expect.stringContaining('never prompts') });
    expect([...none.asked, ...ci.asked]).toEqual([]);
  });

  it('asks about a reachable cluster, offering the local one by default', async () => {
    const asking = inputs({ found: local, answer: 'c' });
    expect(await chooseTarget(asking)).toMatchObject({ mode: 'cluster', context: 'kind-dev' });
    expect(asking.asked[0]).toContain('kind-dev (https://127.0.0.1:6443, on this machine)');
  });

  it('needs consent for a cluster that is not on this machine', async () => {
    await expect(chooseTarget(inputs({ context: 'prod', found: remote, interactive: false }))).rejects.toThrow('prod (https://10.1.2.3:6443) is not on this machine: op dev runs there only with consent; add --yes, or use --embedded');
    expect(await chooseTarget(inputs({ context: 'prod', found: remote, interactive: false, yes: true }))).toMatchObject({ mode: 'cluster', context: 'prod' });
    const declined = inputs({ context: 'prod', found: remote, answer: 'e' });
    expect(await chooseTarget(declined)).toMatchObject({ mode: 'embedded' });
    expect(declined.asked[0]).toContain('is not on this machine');
  });

  it('follows the remembered choice, and falls back to embedded when its cluster is gone', async () => {
    expect(await chooseTarget(inputs({ remembered: { target: 'embedded' }, found: local }))).toMatchObject({ mode: 'embedded', reason: 'remembered in .opkit/dev.json' });
    expect(await chooseTarget(inputs({ remembered: { target: 'cluster', context: 'kind-dev' }, found: local }))).toMatchObject({ mode: 'cluster', context: 'kind-dev' });
    expect(await chooseTarget(inputs({ remembered: { target: 'cluster', context: 'kind-dev' }, found: undefined }))).toMatchObject({ mode: 'embedded' });
    expect(await chooseTarget(inputs({ remembered: { target: 'cluster', context: 'prod' }, found: remote, interactive: false }))).toMatchObject({ mode: 'embedded' });
  });

  it('refuses a named context that does not answer', async () => {
    await expect(chooseTarget(inputs({ context: 'kind-dev', found: { ...local, reachable: false, error: 'ECONNREFUSED' } }))).rejects.toThrow('the context kind-dev (https://127.0.0.1:6443) does not answer: ECONNREFUSED');
  });
});

describe('looksLocal', () => {
  it('knows loopback servers and local cluster tools', () => {
    expect(looksLocal('https://127.0.0.1:6443', 'x')).toBe(true);
    expect(looksLocal('https://[::1]:6443', 'x')).toBe(true);
    expect(looksLocal('https://10.0.0.1', 'k3d-dev')).toBe(true);
    expect(looksLocal('https://10.0.0.1', 'minikube')).toBe(true);
    expect(looksLocal('https://api.example.com', 'prod')).toBe(false);
  });
});

describe('remember', () => {
  it('keeps the choice in .opkit/dev.json', () => {
    const dir = mkdtempSync(join(tmpdir(), 'opkit-target-'));
    try {
      const file = join(dir, '.opkit', 'dev.json');
      expect(readRemembered(file)).toBeUndefined();
      remember(file, { mode: 'cluster', context: 'kind-dev', server: 'https://127.0.0.1:6443', reason: 'chosen' });
      expect(readRemembered(file)).toEqual({ target: 'cluster', context: 'kind-dev' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
