// Prometheus text exposition (format 0.0.4) for the server's counters, under the metric names
// kube-apiserver uses, so that dashboards, benchmarks and `op dev` in other processes read them the
// same way they would read a real cluster's /metrics.

/** One sample of a metric family: its labels and value. */
export interface PrometheusSample {
  labels: Record<string, string>;
  value: number;
}

/** A metric family with its HELP text, TYPE and samples. */
export interface PrometheusFamily {
  name: string;
  help: string;
  type: 'counter' | 'gauge';
  samples: PrometheusSample[];
}

/** The Content-Type of the text exposition format. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function escapeHelp(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n');
}

function formatValue(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/**
 * Renders metric families in the Prometheus text format: `# HELP`, `# TYPE`, then one line per sample
 * with escaped label values. A family without samples still gets its HELP and TYPE lines.
 *
 * @example
 * renderPrometheus([{ name: 'up', help: 'Up.', type: 'gauge', samples: [{ labels: {}, value: 1 }] }]);
 * // '# HELP up Up.\n# TYPE up gauge\nup 1\n'
 */
export function renderPrometheus(families: readonly PrometheusFamily[]): string {
  const lines: string[] = [];
  for (const family of families) {
    lines.push(`# HELP ${family.name} ${escapeHelp(family.help)}`, `# TYPE ${family.name} ${family.type}`);
    for (const sample of family.samples) {
      const labels = Object.entries(sample.labels)
        .map(([k, v]) => `${k}="${escapeLabel(v)}"`)
        .join(',');
      lines.push(`${family.name}${labels ? `{${labels}}` : ''} ${formatValue(sample.value)}`);
    }
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
