// `op run`: load an operator from files or modules and run it until Ctrl+C — against the cluster of
// the current kubeconfig, or with --embedded against an API server started in this process. Bad
// input (flags, files, resources) ends with one clear line and exit code 2; a clean stop exits 0.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { startApiServer } from '@opkit/apiserver';
import type { ApiServer } from '@opkit/apiserver';
import { HealthError, OperatorMetrics, startHealthServer, startMetricsServer } from '@opkit/health';
import type { HealthSource } from '@opkit/health';
import { connect, KubeNetworkError, suggestResource } from '@opkit/kube';
import { detectIdentity } from '@opkit/peering';
import type { KubeClient } from '@opkit/kube';
import type { Logger } from '@opkit/tasks';
import { useOwnOpkit } from './hooks.js';
import { applyManifests, readManifests } from './manifests.js';
import { parseRunArgs, peeringSettingsOf, RUN_USAGE } from './runArgs.js';
import type { RunCliOptions } from './runArgs.js';
import { OP_VERSION } from './usage.js';

/** Where the command writes. */
export interface CommandIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

/** A failure of bad input: reported in one line, exit code 2. */
class InputError extends Error {}

/**
 * `--liveness` and `--metrics`: the health server and/or the metrics server, started before the operator
 * runs so that they follow its feed from the start; resolves to what closes them.
 */
async function serveHealth(operator: HealthSource, options: { readonly liveness?: string | undefined; readonly metrics?: string | undefined }, logger: Logger, io: CommandIo): Promise<() => Promise<void>> {
  if (options.liveness === undefined && options.metrics === undefined) return async () => undefined;
  const metrics = new OperatorMetrics({ processMetrics: true });
  const subscription = metrics.observe(operator.feed$);
  const closers: (() => Promise<void>)[] = [async () => subscription.unsubscribe()];
  const close = async (): Promise<void> => { for (const closer of closers) await closer(); };
  let flag = '--liveness';
  try {
    if (options.liveness !== undefined) {
      const health = await startHealthServer({ operator, liveness: options.liveness, logger, metrics: options.metrics === undefined ? metrics : false });
      closers.push(() => health.close());
      io.out(`op run: liveness at ${health.url}, readiness at ${health.readinessUrl}${health.metricsUrl ? `, metrics at ${health.metricsUrl}` : ''}\n`);
    }
    if (options.metrics !== undefined) {
      flag = '--metrics';
      const server = await startMetricsServer({ metrics, url: options.metrics, logger });
      closers.push(() => server.close());
      io.out(`op run: metrics at ${server.url}\n`);
    }
  } catch (error) {
    await close();
    if (error instanceof HealthError) throw new InputError(`${flag}: ${error.message}`);
    throw error;
  }
  return close;
}

/**
 * The managed configurations' name: `--webhook-managed`, else `auto.opkit.dev` for a development server
 * (a preset or a URL); a Service (in a cluster) manages none by default — `op manifests` installs them.
 */
function managedWebhooksOf(options: RunCliOptions): string | undefined {
  if (options.webhookManaged !== undefined) return options.webhookManaged;
  return options.webhookServer && !('service' in options.webhookServer) ? 'auto.opkit.dev' : undefined;
}

/**
 * Run `op run` with its arguments (after `run`) until SIGINT/SIGTERM; resolves to the exit code.
 *
 * @example
 * ```ts
 * process.exitCode = await runCommand(['operator.ts', '-A'], { out: (t) => process.stdout.write(t), err: (t) => process.stderr.write(t) });
 * ```
 */
export async function runCommand(argv: readonly string[], io: CommandIo): Promise<number> {
  const parsed = parseRunArgs(argv);
  if (parsed.kind === 'help') {
    io.out(RUN_USAGE);
    return 0;
  }
  if (parsed.kind === 'error') {
    io.err(`op run: error: ${parsed.message}\nRun 'op run --help' for usage.\n`);
    return 2;
  }
  const options = parsed.options;
  useOwnOpkit();
  const core = await import('@opkit/core');
  const logger = core.createLogger({ format: options.logFormat, level: options.level, write: (line) => io.err(`${line}\n`) });
  let server: ApiServer | undefined;
  let client: KubeClient | undefined;
  let connectError: InputError | undefined;
  let closeHealth: (() => Promise<void>) | undefined;
  let embeddedKubeconfig: string | undefined;
  // Who we are among peers and in Leases (the pod's name via POD_ID in a cluster); the User-Agent says it too.
  const identity = detectIdentity({ env: process.env });
  const userAgent = `opkit/${OP_VERSION} (${identity})`;
  const controller = new AbortController();
  let signals = 0;
  const onSignal = (signal: NodeJS.Signals): void => {
    signals++;
    if (signals > 1) {
      io.err(`op run: ${signal} received again; exiting without waiting.\n`);
      process.exit(130);
    }
    controller.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    if (options.embedded) {
      const port = Number(process.env.OPKIT_PORT ?? 0);
      server = await startApiServer({ port: Number.isInteger(port) && port >= 0 ? port : 0, ...(options.dataDir ? { dataDir: options.dataDir } : {}) });
      const kubeconfig = resolve(options.kubeconfig ?? '.opkit/kubeconfig');
      mkdirSync(dirname(kubeconfig), { recursive: true });
      await server.writeKubeconfig(kubeconfig);
      io.out(`op run: the embedded Kubernetes API server listens on ${server.url}\n`);
      embeddedKubeconfig = kubeconfig;
      client = await connect({ kubeconfig, userAgent });
    } else {
      try {
        client = await connect({ userAgent });
      } catch (error) {
        connectError = new InputError(`cannot connect to a cluster: ${(error as Error).message} (use --embedded to run without one)`);
      }
    }
    if (connectError && options.apply.length > 0) throw connectError;
    if (client && options.apply.length > 0) {
      let manifests;
      try {
        manifests = readManifests(options.apply.map((file) => resolve(file)));
      } catch (error) {
        throw new InputError((error as Error).message);
      }
      await applyManifests(client, manifests, { namespace: options.namespaces.find((item) => !/[*?!]/.test(item)) ?? 'default', signal: controller.signal });
    }
    let registry;
    try {
      ({ registry } = await core.loadOperator(options.files, { modules: options.modules }));
    } catch (error) {
      if (error instanceof core.OperatorError || error instanceof core.HandlerRegistrationError) throw new InputError(error.message);
      throw error;
    }
    if (registry.size === 0) throw new InputError(`${[...options.files, ...options.modules].join(', ')} registered no handlers: use on.create(…) and friends from '@opkit/core'`);
    // Login handlers (as in Kopf) give the operator its connection; without them, no cluster is an error.
    const login = !options.embedded && registry.activityHandlers('login').length > 0;
    if (connectError && !login) throw connectError;
    const admissionSelectors = registry.admissionHandlers().map((handler) => handler.selector).filter((selector) => !registry.selectors().includes(selector));
    // The CRDs of on.convert steps must be installed too: the operator points their spec.conversion at itself.
    const convertedCrds = [...new Set(registry.conversionHandlers().map((handler) => handler.crd))];
    const resourceNames = new Set<string>();
    for (const selector of client ? [...registry.selectors(), ...admissionSelectors, ...convertedCrds] : []) {
      let found;
      try {
        found = await client!.resolve(selector, { signal: controller.signal });
      } catch (error) {
        if (error instanceof KubeNetworkError) {
          throw new InputError(`cannot reach the cluster at ${client!.info.server}: ${error.message} (check the kubeconfig's current context, or use --embedded to run without a cluster)`);
        }
        throw error;
      }
      if (found.length === 0) {
        const suggestion = suggestResource(await client!.discovery.resources({ signal: controller.signal }), selector);
        if (suggestion !== undefined) throw new InputError(`no served resource matches ${core.describeSelector(selector)}: did you mean '${suggestion}'? (or apply its CRD first, e.g. --apply crd.yaml)`);
        throw new InputError(`no served resource matches ${core.describeSelector(selector)}: check the name, or apply its CRD first (e.g. --apply crd.yaml)`);
      }
      // A name resolves to one resource; a query for many (EVERYTHING, a category) would make a long line.
      if (found.length === 1) resourceNames.add(found[0]!.group ? `${found[0]!.plural}.${found[0]!.group}` : found[0]!.plural);
    }
    if (embeddedKubeconfig !== undefined) {
      // The project's own resources (what its handlers select), not a fixed example kind.
      const kubectl = resourceNames.size > 0 ? `; kubectl get ${[...resourceNames].join(',')} -A` : '';
      io.out(`op run: to use it from another terminal: export KUBECONFIG=${embeddedKubeconfig}${kubectl}\n`);
    }
    const operator = new core.Operator({
      registry, logger, signal: controller.signal, ...(login ? { connect: { userAgent } } : { client }),
      ...(options.namespaces.length > 0 ? { namespaces: options.namespaces } : { clusterwide: true }),
      settings: {
        persistence: { profile: options.persistence }, peering: peeringSettingsOf(options, identity),
        admission: {
          ...(options.webhookServer ? { server: options.webhookServer } : {}),
          ...(managedWebhooksOf(options) === undefined ? {} : { managed: managedWebhooksOf(options) }),
        },
      },
      // The embedded API server runs in this process: it reaches our loopback, so admission needs no configuration.
      localApiServer: options.embedded,
    });
    closeHealth = await serveHealth(operator, options, logger, io);
    try {
      await operator.run();
    } catch (error) {
      // Settings the operator refuses (e.g. admission handlers with no webhook server) are bad input too.
      if (error instanceof core.OperatorError && (error.code === 'invalid-options' || error.code === 'invalid-settings')) throw new InputError(error.message);
      throw error;
    }
    return 0;
  } catch (error) {
    if (controller.signal.aborted && !(error instanceof InputError)) return 0;
    if (error instanceof InputError) {
      io.err(`op run: error: ${error.message}\n`);
      return 2;
    }
    io.err(`op run: error: ${(error as Error).message ?? String(error)}\n`);
    if (options.level === 'debug' && error instanceof Error && error.stack) io.err(`${error.stack}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await closeHealth?.();
    client?.close();
    await server?.close();
  }
}
