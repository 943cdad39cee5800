// Counters, gauges and histograms for the hot path: an operator reports every API request and handler
// attempt, and prom-client's own metrics hash and validate a label object on every call. These keep
// each series under a key of its label values (one Map lookup per update) and build prom-client's
// metric object only when scraped; they register in a prom-client Registry like its own metrics, so the
// exposition format, default labels and process metrics stay prom-client's.
import type { Registry } from 'prom-client';

type Labels = Record<string, string | number>;

interface Series<T> {
  readonly labels: Labels;
  state: T;
}

/** The `get()` result prom-client's Registry formats. */
interface MetricObject {
  readonly name: string;
  readonly help: string;
  readonly type: 'counter' | 'gauge' | 'histogram';
  readonly values: { labels: Labels; value: number; metricName?: string }[];
  readonly aggregator: 'sum';
}

abstract class FastMetric<T> {
  readonly #series = new Map<string, Series<T>>();

  constructor(
    readonly name: string,
    readonly help: string,
    readonly type: MetricObject['type'],
    readonly labelNames: readonly string[],
    registry: Registry,
  ) {
    // The Registry takes any object with a name and get(); prom-client's types name only its own classes.
    registry.registerMetric(this as never);
  }

  protected series(values: readonly string[]): Series<T> {
    const key = values.length === 1 ? values[0]! : values.join('\u0000');
    let series = this.#series.get(key);
    if (series === undefined) {
      if (values.length !== this.labelNames.length) throw new TypeError(`${this.name} takes ${this.labelNames.length} labels; got ${values.length}.`);
      const labels: Labels = {};
      this.labelNames.forEach((label, i) => { labels[label] = values[i]!; });
      series = { labels, state: this.initial() };
      this.#series.set(key, series);
    }
    return series;
  }

  /** Create the series of these label values now (unlabelled metrics show 0 before their first update). */
  zero(...values: string[]): void {
    this.series(values);
  }

  protected abstract initial(): T;
  protected abstract format(series: Series<T>): MetricObject['values'];

  /** What prom-client's Registry formats. */
  get(): Promise<MetricObject> {
    const values: MetricObject['values'] = [];
    for (const series of this.#series.values()) values.push(...this.format(series));
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: 'sum' });
  }

  /** Forget every series (prom-client's `registry.resetMetrics()`). */
  reset(): void {
    this.#series.clear();
  }
}

/** A counter: `inc(...labelValues)`. */
export class FastCounter extends FastMetric<{ value: number }> {
  constructor(registry: Registry, name: string, help: string, labelNames: readonly string[]) {
    super(name, help, 'counter', labelNames, registry);
  }
  inc(...values: string[]): void {
    this.series(values).state.value++;
  }
  protected initial(): { value: number } {
    return { value: 0 };
  }
  protected format(series: Series<{ value: number }>): MetricObject['values'] {
    return [{ labels: series.labels, value: series.state.value }];
  }
}

/** A gauge: `set(value, ...labelValues)`. */
export class FastGauge extends FastMetric<{ value: number }> {
  constructor(registry: Registry, name: string, help: string, labelNames: readonly string[]) {
    super(name, help, 'gauge', labelNames, registry);
  }
  set(value: number, ...values: string[]): void {
    this.series(values).state.value = value;
  }
  protected initial(): { value: number } {
    return { value: 0 };
  }
  protected format(series: Series<{ value: number }>): MetricObject['values'] {
    return [{ labels: series.labels, value: series.state.value }];
  }
}

interface Buckets {
  /** Per bucket upper bound, observations at or below it (not cumulative until formatted). */
  readonly counts: number[];
  sum: number;
  count: number;
}

/** A histogram: `observe(value, ...labelValues)`, with fixed bucket bounds. */
export class FastHistogram extends FastMetric<Buckets> {
  readonly #bounds: readonly number[];

  constructor(registry: Registry, name: string, help: string, labelNames: readonly string[], bounds: readonly number[]) {
    super(name, help, 'histogram', labelNames, registry);
    this.#bounds = bounds;
  }
  observe(value: number, ...values: string[]): void {
    const state = this.series(values).state;
    const bounds = this.#bounds;
    let i = 0;
    while (i < bounds.length && value > bounds[i]!) i++;
    if (i < bounds.length) state.counts[i]!++;
    state.sum += value;
    state.count++;
  }
  protected initial(): Buckets {
    return { counts: this.#bounds.map(() => 0), sum: 0, count: 0 };
  }
  protected format(series: Series<Buckets>): MetricObject['values'] {
    const { labels, state } = series;
    const values: MetricObject['values'] = [];
    let cumulative = 0;
    this.#bounds.forEach((bound, i) => {
      cumulative += state.counts[i]!;
      values.push({ labels: { ...labels, le: bound }, value: cumulative, metricName: `${this.name}_bucket` });
    });
    values.push({ labels: { ...labels, le: '+Inf' }, value: state.count, metricName: `${this.name}_bucket` });
    values.push({ labels, value: state.sum, metricName: `${this.name}_sum` });
    values.push({ labels, value: state.count, metricName: `${this.name}_count` });
    return values;
  }
}
