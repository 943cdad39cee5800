// The cross-client conformance suite: every scenario of scenarios.ts driven by three real clients —
// @kubernetes/client-node (in process), kubectl and the official Python client (child processes) — against
// embedded servers over HTTP, each outcome compared with what a real kube-apiserver answers. Each client gets its own
// two servers: a plain one (http, every request allowed: the default) for most scenarios, and a secure one
// (`authorization: 'rbac'`, so https and an admin token in its kubeconfig) for `tokens` and `rbac` — kubectl sends
// bearer tokens only over https.
// A client that is not installed has its scenarios reported as skipped by vitest, with the reason (with CI set they
// fail instead, naming the client: .ci/run installs them all); a scenario a client cannot express is skipped with
// its reason; and a summary of all three prints at the end (and goes to reports/conformance.txt). The
// conversion-webhook scenario's webhook (conversionWebhook.ts) is served here, one for all three clients.
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deadline, missingToolFails, skipWithReason, toolMissing } from '@opkit/test-tools';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startApiServer } from '../../src/index.js';
import type { ApiServer, ApiServerOptions } from '../../src/index.js';
import { ClientNodeDriver } from './clientNodeDriver.js';
import { startConversionWebhook } from './conversionWebhook.js';
import type { ConversionWebhook } from './conversionWebhook.js';
import { KubectlDriver } from './kubectlDriver.js';
import { expectOutcome, namespaceOf, NOT_EXPRESSIBLE, SCENARIOS } from './scenarios.js';
import type { ClientName, ScenarioId } from './scenarios.js';
import { kubectlAvailability, PYTHON, pythonAvailability, runProcess } from './support.js';
import type { Availability } from './support.js';

/** History small enough that `watch-expired` can outrun it with 45 writes (the other scenarios resume within it). */
const HISTORY_SIZE = 40;
/** The secure server's options (the option is new in issue 19; an older server ignores it: http, every request allowed). */
const SECURE_OPTIONS: ApiServerOptions & { authorization: 'rbac' } = { authorization: 'rbac' };
/** The scenarios run against the secure server. */
const SECURE: ReadonlySet<ScenarioId> = new Set<ScenarioId>(['tokens', 'rbac']);
const PYTHON_SCRIPT = new URL('./python/conformance.py', import.meta.url).pathname;

/** What happened for one client, for the summary. */
interface ClientReport {
  detail?: string;
  skipped?: string;
  passed: ScenarioId[];
  failed: ScenarioId[];
  notExpressible: ScenarioId[];
}

const reports = new Map<ClientName, ClientReport>();

let webhookStarted: Promise<ConversionWebhook> | undefined;
/** The conversion webhook every client's conversion-webhook scenario points its CRD at (started once). */
function conversionWebhook(): Promise<ConversionWebhook> {
  return (webhookStarted ??= startConversionWebhook());
}

function summaryLines(): string[] {
  const lines = ['[conformance] summary (scenarios: ' + String(SCENARIOS.length) + ')'];
  for (const [client, r] of reports) {
    if (r.skipped) {
      const outcome = missingToolFails() ? `MISSING (its ${String(SCENARIOS.length)} scenarios fail: CI is set)` : `SKIPPED (${String(SCENARIOS.length)} scenarios)`;
      lines.push(`[conformance] ${client}: ${outcome} — ${r.skipped}`);
      continue;
    }
    if (r.passed.length + r.failed.length + r.notExpressible.length === 0) {
      lines.push(`[conformance] ${client}: not run in this invocation (filtered out)`);
      continue;
    }
    const partial = SCENARIOS.filter((id) => NOT_EXPRESSIBLE[client][id]?.whole === false);
    lines.push(
      `[conformance] ${client} (${r.detail ?? ''}): ran ${String(r.passed.length + r.failed.length)} of ${String(SCENARIOS.length)}` +
        ` — passed ${String(r.passed.length)}${r.passed.length ? ` (${r.passed.join(', ')})` : ''}` +
        `; failed ${String(r.failed.length)}${r.failed.length ? ` (${r.failed.join(', ')})` : ''}` +
        (r.notExpressible.length ? `; not expressible ${String(r.notExpressible.length)} (${r.notExpressible.join(', ')})` : '') +
        (partial.length ? `; partly expressed: ${partial.join(', ')}` : ''),
    );
    for (const id of [...r.notExpressible, ...partial]) lines.push(`[conformance]   ${client} ${id}: ${NOT_EXPRESSIBLE[client][id]?.reason ?? ''}`);
  }
  return lines;
}

afterAll(async () => {
  await (await webhookStarted?.catch(() => undefined))?.close();
  const lines = summaryLines();
  console.log(lines.join('\n'));
  const dir = new URL('../../reports/', import.meta.url).pathname;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'conformance.txt'), `${lines.join('\n')}\n`);
});

/** How one client runs the scenarios. */
interface ClientHarness {
  availability(): Promise<Availability>;
  /** Starts what the client needs against the two servers. */
  start(plain: ApiServer, secure: ApiServer): Promise<void>;
  observe(id: ScenarioId): Promise<unknown>;
  stop(): Promise<void>;
}

/** The tool each client needs installed, as a missing-client failure or skip names it. */
const TOOL: Record<ClientName, string> = { 'client-node': '@kubernetes/client-node', kubectl: 'kubectl', python: 'python3-kubernetes (the Python client)' };

/**
 * Declares the suite of one client: its servers, then one test per scenario. An unavailable client's tests are
 * skipped with the reason (with CI set they fail, naming the client); a scenario the client cannot express is
 * skipped with the reason; every other scenario fails unless the client observed exactly the expected outcome.
 */
function conformanceSuite(client: ClientName, harness: ClientHarness, options: { early?: boolean } = {}): void {
  const report: ClientReport = { passed: [], failed: [], notExpressible: [] };
  reports.set(client, report);
  let plain: ApiServer | undefined;
  let secure: ApiServer | undefined;
  let prepared: Promise<void> | undefined;
  const prepare = (): Promise<void> =>
    (prepared ??= (async () => {
      const availability = await harness.availability();
      if (!availability.available) {
        report.skipped = availability.reason;
        console.log(`[conformance] ${client} skipped: ${availability.reason}`);
        return;
      }
      report.detail = availability.detail;
      plain = await startApiServer({ historySize: HISTORY_SIZE });
      secure = await startApiServer(SECURE_OPTIONS);
      await harness.start(plain, secure);
    })());
  // A client whose scenarios run in a child process of their own starts at once, alongside the other clients' tests.
  if (options.early) {
    beforeAll(() => {
      prepare().catch(() => undefined); // awaited (and its failure reported) by the client's own beforeAll
    });
  }

  // At the end of the file, so that a client prepared early but filtered out (-t) is stopped too.
  afterAll(async () => {
    await prepared?.catch(() => undefined);
    await harness.stop();
    await plain?.close();
    await secure?.close();
  });

  describe(`conformance with ${client}`, { timeout: deadline(120_000) }, () => {
    beforeAll(prepare, deadline(240_000));

    for (const id of SCENARIOS) {
      it(id, async (ctx) => {
        if (report.skipped) toolMissing(ctx, TOOL[client], report.skipped);
        const inexpressible = NOT_EXPRESSIBLE[client][id];
        if (inexpressible?.whole) {
          report.notExpressible.push(id);
          skipWithReason(ctx, `${client} cannot express ${id}: ${inexpressible.reason}`);
        }
        try {
          expectOutcome(client, id, await harness.observe(id));
          report.passed.push(id);
        } catch (error) {
          report.failed.push(id);
          throw error;
        }
      });
    }
  });
}

conformanceSuite('client-node', (() => {
  let plain: ClientNodeDriver;
  let secure: ClientNodeDriver;
  return {
    availability: () => Promise.resolve({ available: true, detail: '@kubernetes/client-node 2.0.1' }),
    start: async (p: ApiServer, r: ApiServer) => {
      plain = new ClientNodeDriver(p.kubeconfig(), await conversionWebhook());
      secure = new ClientNodeDriver(r.kubeconfig());
    },
    observe: (id: ScenarioId) => (SECURE.has(id) ? secure : plain).run(id, namespaceOf(id)),
    stop: () => Promise.resolve(),
  };
})());

conformanceSuite('kubectl', (() => {
  let path = '';
  const drivers: KubectlDriver[] = [];
  return {
    availability: async () => {
      const found = await kubectlAvailability();
      if (found.available) path = found.path ?? '';
      return found;
    },
    start: async (p: ApiServer, r: ApiServer) => {
      drivers.push(new KubectlDriver(path, p, await conversionWebhook()), new KubectlDriver(path, r));
      for (const d of drivers) await d.start();
    },
    observe: (id: ScenarioId) => drivers[SECURE.has(id) ? 1 : 0]!.run(id, namespaceOf(id)),
    stop: async () => {
      for (const d of drivers) await d.stop();
    },
  };
})());

conformanceSuite('python', (() => {
  // One interpreter per server runs its whole batch (the interpreter's start is the slow part); the tests then read
  // each scenario's observation.
  const observations = new Map<string, { observation?: unknown; error?: string }>();
  let home = '';
  const batch = async (server: ApiServer, ids: ScenarioId[]): Promise<void> => {
    const kubeconfig = join(home, `kubeconfig-${SECURE.has(ids[0]!) ? 'secure' : 'plain'}`);
    await server.writeKubeconfig(kubeconfig);
    const webhook = await conversionWebhook();
    const env = { PATH: process.env.PATH, HOME: home, CONFORMANCE_WEBHOOK_URL: webhook.url, CONFORMANCE_WEBHOOK_CA_BUNDLE: webhook.caBundle, CONFORMANCE_WEBHOOK_DEAD_URL: webhook.deadUrl };
    const result = await runProcess(PYTHON, [PYTHON_SCRIPT, kubeconfig, ...ids], { env, timeoutMs: 200_000 });
    for (const line of result.stdout.split('\n').filter(Boolean)) {
      const parsed = JSON.parse(line) as { scenario: string; observation?: unknown; error?: string };
      observations.set(parsed.scenario, parsed);
    }
    for (const id of ids) {
      if (!observations.has(id)) observations.set(id, { error: `the Python client exited (code ${String(result.code)}) before reporting ${id}: ${result.stderr}` });
    }
  };
  return {
    availability: pythonAvailability,
    start: async (p: ApiServer, r: ApiServer) => {
      home = await mkdtemp(join(tmpdir(), 'opkit-conformance-python-'));
      await Promise.all([batch(p, SCENARIOS.filter((id) => !SECURE.has(id))), batch(r, SCENARIOS.filter((id) => SECURE.has(id)))]);
    },
    observe: (id: ScenarioId) => {
      const seen = observations.get(id);
      if (seen?.error !== undefined || seen === undefined) return Promise.reject(new Error(`the Python client failed in ${id}:\n${seen?.error ?? 'no report'}`));
      return Promise.resolve(seen.observation);
    },
    stop: async () => {
      if (home) await rm(home, { recursive: true, force: true });
    },
  };
})(), { early: true });
