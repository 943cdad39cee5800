// Command-line parsing for `op run`, kept apart from the entry point so that every flag and every
// bad-input message is unit-tested without starting a process.
import { parseArgs } from 'node:util';
import { parseLivenessUrl } from '@opkit/health';

/** What `op run` is asked to do. */
export interface RunCliOptions {
  readonly files: readonly string[];
  readonly modules: readonly string[];
  readonly namespaces: readonly string[];
  readonly clusterwide: boolean;
  /** Run without peering (no peering object is read or written). */
  readonly standalone: boolean;
  /** `--peering NAME`: use this peering object, and pause while it is missing. */
  readonly peering?: string | undefined;
  /** `--priority N`, or 666 with `--dev`. */
  readonly priority?: number | undefined;
  /** `--leader-elect`: one replica handles objects, chosen by a Lease. */
  readonly leaderElect: boolean;
  /** `--sharding`: replicas share the objects. */
  readonly sharding: boolean;
  readonly leaseName?: string | undefined;
  readonly leaseNamespace?: string | undefined;
  /** Seconds. */
  readonly leaseDuration?: number | undefined;
  readonly renewDeadline?: number | undefined;
  readonly retryPeriod?: number | undefined;
  readonly level: 'debug' | 'info' | 'warn' | 'error';
  readonly logFormat: 'plain' | 'full' | 'json';
  readonly embedded: boolean;
  readonly persistence: 'opkit' | 'kopf';
  readonly kubeconfig?: string | undefined;
  readonly dataDir?: string | undefined;
  readonly apply: readonly string[];
  /** `--liveness URL`: serve /healthz (the probes) at the URL, /readyz and /metrics beside it. */
  readonly liveness?: string | undefined;
  /** `--metrics URL`: serve the Prometheus metrics at this address instead. */
  readonly metrics?: string | undefined;
  /** `--webhook-server SPEC`: where the admission webhook server listens and how the API server reaches it. */
  readonly webhookServer?: WebhookServerSpec | undefined;
  /** `--webhook-managed NAME`: the Validating/MutatingWebhookConfigurations to keep up to date. */
  readonly webhookManaged?: string | undefined;
}

/** `--webhook-server` parsed: a preset, a URL (a tunnel), or a Service. */
export type WebhookServerSpec =
  | { readonly preset: 'loopback' | 'k3d' | 'minikube' | 'docker-desktop' | 'kind' }
  | { readonly url: string }
  | { readonly service: { readonly namespace: string; readonly name: string; readonly port?: number } };

/**
 * Parse `--webhook-server`: `loopback`, `k3d`, `minikube`, `docker-desktop`, `kind`, an `https://` URL,
 * or `service:NAMESPACE/NAME[:PORT]`; a string is the error message.
 *
 * @example
 * ```ts
 * parseWebhookServer('service:operators/my-operator:443'); // { service: { namespace: 'operators', name: 'my-operator', port: 443 } }
 * ```
 */
export function parseWebhookServer(spec: string): WebhookServerSpec | string {
  if (['loopback', 'k3d', 'minikube', 'docker-desktop', 'kind'].includes(spec)) return { preset: spec as 'loopback' };
  if (/^https:\/\/[^/]/.test(spec)) return { url: spec };
  const service = /^service:([a-z0-9-]+)\/([a-z0-9-]+)(?::(\d{1,5}))?$/.exec(spec);
  if (service) {
    const port = service[3] === undefined ? undefined : Number(service[3]);
    if (port !== undefined && (port < 1 || port > 65535)) return `--webhook-server: the Service port must be 1–65535; got ${port}`;
    return { service: { namespace: service[1]!, name: service[2]!, ...(port === undefined ? {} : { port }) } };
  }
  return `--webhook-server must be loopback, k3d, minikube, docker-desktop, kind, an https:// URL or service:NAMESPACE/NAME[:PORT]; got "${spec}"`;
}

/** The result of parsing: run, show help, or fail with a message (exit 2). */
export type RunCliParse = { kind: 'run'; options: RunCliOptions } | { kind: 'help' } | { kind: 'error'; message: string };

/** The `op run --help` text. */
export const RUN_USAGE = `Usage: op run [files…] [options]

Runs an operator: the handlers that the given .ts/.js files (or -m modules) register with on.* from
@opkit/core. TypeScript files run directly, with no build step.

Options:
  -m, --module NAME         import a module by name (repeatable)
  -n, --namespace PATTERN   serve namespaces matching PATTERN: a name, a glob (team-*), a negation (!x),
                            or a comma-separated list (repeatable)
  -A, --all-namespaces      serve the whole cluster
      --standalone          run without peering: never pause for other operators (default: peer if the
                            peering CRDs exist, else run standalone)
  -P, --peering NAME        peer through the peering object NAME (ClusterKopfPeering with -A, KopfPeering
                            in each namespace with -n), and stay paused while it does not exist
  -p, --priority N          peering priority: a higher one pauses lower ones, an equal one pauses both (default 0)
      --dev                 development mode: priority 666, so that deployed copies of the operator pause
      --leader-elect        of several replicas only one handles objects, chosen by a Lease; standbys take over
      --sharding            several replicas handle objects at once, each a share (one Lease per replica)
      --lease-name NAME     the Lease (--leader-elect) or the shard group (--sharding) (default opkit-<peering name>)
      --lease-namespace NS  where the Leases live (default: the kubeconfig's or the pod's namespace)
      --lease-duration S    seconds a Lease stays valid after its last renewal (default 15)
      --renew-deadline S    seconds a holder keeps trying to renew before it stops handling (default 10)
      --retry-period S      seconds between renewals and a standby's attempts (default 2)
  -v, --verbose             log debug lines too
  -d, --debug               log debug lines, and stack traces of errors
  -q, --quiet               log warnings and errors only
      --log-format FORMAT   plain, full (default) or json
      --persistence NAME    where progress is stored: opkit (default, opkit.dev/…) or kopf (Kopf's exact format)
      --embedded            start the embedded Kubernetes API server in this process and run against it
      --kubeconfig PATH     with --embedded: where to write its kubeconfig (default .opkit/kubeconfig)
      --data-dir DIR        with --embedded: persist the server's objects in DIR
      --apply FILE          apply the manifests in FILE before starting (repeatable; CRDs first)
      --liveness URL        serve the probes' results at URL (e.g. http://0.0.0.0:8080/healthz),
                            readiness at /readyz and Prometheus metrics at /metrics on the same port
      --metrics URL         serve the metrics at an address of their own (e.g. http://0.0.0.0:9090/metrics)
      --webhook-server SPEC where admission webhooks are served: loopback (an API server on this machine),
                            k3d, minikube, docker-desktop, kind (a local cluster in containers), an https:// URL
                            (a tunnel), or service:NAMESPACE/NAME[:PORT] (in the cluster). Default with --embedded:
                            loopback, managing auto.opkit.dev; elsewhere operators with admission handlers need it
      --webhook-managed NAME keep the Validating/MutatingWebhookConfigurations NAME up to date (default
                            auto.opkit.dev with --embedded or loopback; else none: install them with op manifests)
  -h, --help                show this help

Exit codes: 0 after a clean stop (Ctrl+C), 1 when the operator fails, 2 for bad input.
`;

/**
 * Parse `op run` arguments (after `run`).
 *
 * @example
 * ```ts
 * parseRunArgs(['operator.ts', '-n', 'default', '--log-format', 'plain']);
 * ```
 */
export function parseRunArgs(argv: readonly string[]): RunCliParse {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: [...argv], strict: true, allowPositionals: true,
      options: {
        module: { type: 'string', short: 'm', multiple: true },
        namespace: { type: 'string', short: 'n', multiple: true },
        'all-namespaces': { type: 'boolean', short: 'A' },
        standalone: { type: 'boolean' },
        peering: { type: 'string', short: 'P' },
        priority: { type: 'string', short: 'p' },
        dev: { type: 'boolean' },
        'leader-elect': { type: 'boolean' },
        sharding: { type: 'boolean' },
        'lease-name': { type: 'string' },
        'lease-namespace': { type: 'string' },
        'lease-duration': { type: 'string' },
        'renew-deadline': { type: 'string' },
        'retry-period': { type: 'string' },
        verbose: { type: 'boolean', short: 'v' },
        debug: { type: 'boolean', short: 'd' },
        quiet: { type: 'boolean', short: 'q' },
        'log-format': { type: 'string' },
        persistence: { type: 'string' },
        embedded: { type: 'boolean' },
        kubeconfig: { type: 'string' },
        'data-dir': { type: 'string' },
        apply: { type: 'string', multiple: true },
        liveness: { type: 'string' },
        metrics: { type: 'string' },
        'webhook-server': { type: 'string' },
        'webhook-managed': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { kind: 'error', message: (error as Error).message.replace(/\. To specify a positional argument.*$/s, '') };
  }
  const values = parsed.values as Record<string, string | boolean | string[] | undefined>;
  if (values.help) return { kind: 'help' };
  const files = parsed.positionals;
  const modules = (values.module as string[] | undefined) ?? [];
  if (files.length === 0 && modules.length === 0) return { kind: 'error', message: 'no operator given: name a .ts or .js file (or -m MODULE)' };
  const namespaces = ((values.namespace as string[] | undefined) ?? []).flatMap((item) => item.split(',')).map((item) => item.trim()).filter(Boolean);
  const clusterwide = values['all-namespaces'] === true;
  if (clusterwide && namespaces.length > 0) return { kind: 'error', message: '-n/--namespace and -A/--all-namespaces exclude each other' };
  const logFormat = (values['log-format'] as string | undefined) ?? 'full';
  if (!['plain', 'full', 'json'].includes(logFormat)) return { kind: 'error', message: `--log-format must be plain, full or json; got "${logFormat}"` };
  const persistence = (values.persistence as string | undefined) ?? 'opkit';
  if (!['opkit', 'kopf'].includes(persistence)) return { kind: 'error', message: `--persistence must be opkit or kopf; got "${persistence}"` };
  const levels = [values.verbose && 'verbose', values.debug && 'debug', values.quiet && 'quiet'].filter(Boolean);
  if (values.quiet && (values.verbose || values.debug)) return { kind: 'error', message: `-q/--quiet and ${levels.filter((l) => l !== 'quiet').map((l) => `--${String(l)}`).join('/')} exclude each other` };
  const level = values.debug || values.verbose ? 'debug' : values.quiet ? 'warn' : 'info';
  const embedded = values.embedded === true;
  for (const flag of ['kubeconfig', 'data-dir'] as const) {
    if (values[flag] !== undefined && !embedded) return { kind: 'error', message: `--${flag} works only with --embedded` };
    if (values[flag] === '') return { kind: 'error', message: `--${flag} must not be empty` };
  }
  const liveness = values.liveness as string | undefined;
  const metrics = values.metrics as string | undefined;
  for (const [flag, url] of [['liveness', liveness], ['metrics', metrics]] as const) {
    if (url === undefined) continue;
    try {
      parseLivenessUrl(url, flag === 'metrics' ? { name: 'metrics', example: 'http://0.0.0.0:9090/metrics' } : {});
    } catch (error) {
      return { kind: 'error', message: `--${flag}: ${(error as Error).message}` };
    }
  }
  const coordination = parseCoordination(values);
  if (typeof coordination === 'string') return { kind: 'error', message: coordination };
  const webhookSpec = values['webhook-server'] as string | undefined;
  const webhookServer = webhookSpec === undefined ? undefined : parseWebhookServer(webhookSpec);
  if (typeof webhookServer === 'string') return { kind: 'error', message: webhookServer };
  const webhookManaged = values['webhook-managed'] as string | undefined;
  if (webhookManaged !== undefined && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(webhookManaged)) {
    return { kind: 'error', message: `--webhook-managed must be a DNS name such as auto.opkit.dev (lower-case letters, digits, '.', '-'); got "${webhookManaged}"` };
  }
  return {
    kind: 'run',
    options: {
      ...coordination,
      files, modules, namespaces, clusterwide, standalone: values.standalone === true, level,
      logFormat: logFormat as RunCliOptions['logFormat'], embedded, persistence: persistence as RunCliOptions['persistence'],
      kubeconfig: values.kubeconfig as string | undefined, dataDir: values['data-dir'] as string | undefined,
      apply: (values.apply as string[] | undefined) ?? [],
      ...(liveness === undefined ? {} : { liveness }),
      ...(metrics === undefined ? {} : { metrics }),
      ...(webhookServer === undefined ? {} : { webhookServer }),
      ...(webhookManaged === undefined ? {} : { webhookManaged }),
    },
  };
}

type Coordination = Pick<RunCliOptions, 'peering' | 'priority' | 'leaderElect' | 'sharding' | 'leaseName' | 'leaseNamespace' | 'leaseDuration' | 'renewDeadline' | 'retryPeriod'>;

/** The peering and replica flags, checked together; a string is the error message. */
function parseCoordination(values: Record<string, string | boolean | string[] | undefined>): Coordination | string {
  const text = (flag: string): string | undefined => values[flag] as string | undefined;
  for (const flag of ['peering', 'lease-name', 'lease-namespace']) {
    if (text(flag) === '') return `--${flag} must not be empty`;
  }
  if (values.standalone && text('peering') !== undefined) return '--standalone and --peering exclude each other: run without peering, or with the named peering object';
  let priority: number | undefined;
  if (text('priority') !== undefined) {
    if (!/^-?\d+$/.test(text('priority')!)) return `--priority must be a whole number; got "${text('priority')}"`;
    if (values.dev) return '--dev and --priority exclude each other (--dev is --priority 666)';
    priority = Number(text('priority'));
  }
  if (values.dev) priority = 666;
  const leaderElect = values['leader-elect'] === true;
  const sharding = values.sharding === true;
  if (leaderElect && sharding) return '--leader-elect and --sharding exclude each other: one active replica, or several with a share each';
  const seconds: Partial<Record<'leaseDuration' | 'renewDeadline' | 'retryPeriod', number>> = {};
  for (const [flag, key] of [['lease-duration', 'leaseDuration'], ['renew-deadline', 'renewDeadline'], ['retry-period', 'retryPeriod']] as const) {
    const raw = text(flag);
    if (raw === undefined) continue;
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value) || value <= 0) return `--${flag} must be a positive number of seconds; got "${raw}"`;
    if (flag === 'lease-duration' && !Number.isInteger(value)) return `--lease-duration must be a whole number of seconds; got "${raw}"`;
    seconds[key] = value;
  }
  if (!leaderElect && !sharding) {
    for (const flag of ['lease-name', 'lease-namespace', 'lease-duration', 'renew-deadline', 'retry-period']) {
      if (values[flag] !== undefined) return `--${flag} works only with --leader-elect or --sharding`;
    }
  }
  const leaseDuration = seconds.leaseDuration ?? 15;
  const renewDeadline = seconds.renewDeadline ?? 10;
  const retryPeriod = seconds.retryPeriod ?? 2;
  if ((leaderElect || sharding) && !(leaseDuration > renewDeadline && renewDeadline > retryPeriod)) {
    return `the lease timing needs --lease-duration > --renew-deadline > --retry-period (a holder must stop before others may take over); got ${leaseDuration} > ${renewDeadline} > ${retryPeriod}`;
  }
  return {
    peering: text('peering'), priority, leaderElect, sharding, leaseName: text('lease-name'), leaseNamespace: text('lease-namespace'),
    leaseDuration: seconds.leaseDuration, renewDeadline: seconds.renewDeadline, retryPeriod: seconds.retryPeriod,
  };
}

/**
 * The operator's `settings.peering` for the parsed flags (`identity` from `POD_ID` or generated by the caller).
 *
 * @example
 * ```ts
 * peeringSettingsOf(options, 'my-operator-7d9f'); // { standalone: false, priority: 666, identity: 'my-operator-7d9f', … }
 * ```
 */
export function peeringSettingsOf(options: RunCliOptions, identity: string): Record<string, unknown> {
  const settings: Record<string, unknown> = { identity, standalone: options.standalone };
  if (options.peering !== undefined) Object.assign(settings, { name: options.peering, mandatory: true });
  if (options.priority !== undefined) settings.priority = options.priority;
  if (options.leaderElect) settings.leaderElection = true;
  if (options.sharding) settings.sharding = true;
  for (const key of ['leaseName', 'leaseNamespace', 'leaseDuration', 'renewDeadline', 'retryPeriod'] as const) {
    if (options[key] !== undefined) settings[key] = options[key];
  }
  return settings;
}
