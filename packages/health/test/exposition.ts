// A reader of the Prometheus text exposition format, enough for tests to check metric values: samples
// keyed by name and labels, and sums over label filters.

/** One sample: its metric name, labels and value. */
export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** Parse the text format (comments skipped). */
export function parseExposition(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples of `name` whose labels include `filter`; `undefined` when none exists. */
export function sum(samples: readonly Sample[], name: string, filter: Readonly<Record<string, string>> = {}): number | undefined {
  const matching = samples.filter((sample) => sample.name === name && Object.entries(filter).every(([key, value]) => sample.labels[key] === value));
  return matching.length === 0 ? undefined : matching.reduce((total, sample) => total + sample.value, 0);
}

/** The metric families (from `# TYPE` lines). */
export function families(text: string): string[] {
  return [...text.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!);
}
