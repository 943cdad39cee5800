// Round trips for an operator's tests: every sample object converted by its `on.convert` steps to every
// other version of its CRD and back must come back as it was. A thin assertion over checkRoundTrip
// (@opkit/handlers, re-exported by @opkit/core), taking the conversions from wherever a test has them:
// a Registry, a loaded operator, the operator's files, or a list of steps.
import { checkRoundTrip, formatRoundTrip, loadOperator, Registry } from '@opkit/core';
import type { ConversionHandler, LoadedOperator, RoundTripOptions, RoundTripReport } from '@opkit/core';
import type { KubeObject } from '@opkit/kube';

/** Where the conversions come from: a Registry, `loadOperator()`'s result, operator file paths, or the steps themselves. */
export type RoundTripSource = Registry | LoadedOperator | string | readonly string[] | readonly ConversionHandler[];

async function stepsOf(source: RoundTripSource): Promise<readonly ConversionHandler[]> {
  if (source instanceof Registry) return source.conversionHandlers();
  if (typeof source === 'string') return (await loadOperator([source])).registry.conversionHandlers();
  if (Array.isArray(source)) {
    const list = source as readonly (string | ConversionHandler)[];
    if (list.every((item) => typeof item === 'string')) return (await loadOperator(list)).registry.conversionHandlers();
    return list as readonly ConversionHandler[];
  }
  return (source as LoadedOperator).registry.conversionHandlers();
}

/**
 * Convert each sample to every other version of its CRD and back; fail, listing every field that
 * changed (and every conversion that failed), unless all came back unchanged. Resolves to the report.
 *
 * @throws Error whose message lists the differences (`Widget ns/w: v2 → v1 → v2 changed spec.paused: expected true, got (absent)`).
 * @example
 * ```ts
 * it('converts widgets without loss', async () => {
 *   await expectRoundTrip('src/operator.ts', [widgetV1, widgetV2]);
 * });
 * ```
 */
export async function expectRoundTrip(source: RoundTripSource, objects: KubeObject | readonly KubeObject[], options: RoundTripOptions = {}): Promise<RoundTripReport> {
  const steps = await stepsOf(source);
  if (steps.length === 0) throw new Error('expectRoundTrip: no conversion steps are registered (on.convert), so there is nothing to check.');
  const report = await checkRoundTrip(steps, objects, options);
  if (!report.ok) throw new Error(formatRoundTrip(report));
  return report;
}
