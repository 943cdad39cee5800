// A vitest reporter that prints the conformance suite's summary (which clients ran, which were skipped and why,
// which scenarios a client cannot express) as the very last lines of a test run, after vitest's own summary, so a
// skipped client cannot go unnoticed among hundreds of passing tests. The suite writes the summary to
// reports/conformance.txt (conformance.test.ts); this reporter prints it when that run wrote it.
import { readFileSync, statSync } from 'node:fs';
import type { Reporter } from 'vitest/node';

const SUMMARY = new URL('../../reports/conformance.txt', import.meta.url);

/** Prints reports/conformance.txt at the end of a run, when the run wrote it (the conformance suite ran). */
export class ConformanceSummaryReporter implements Reporter {
  private startedAt = Date.now();

  onTestRunStart(): void {
    this.startedAt = Date.now();
  }

  onTestRunEnd(): void {
    let text: string;
    try {
      if (statSync(SUMMARY).mtimeMs < this.startedAt) return;
      text = readFileSync(SUMMARY, 'utf8');
    } catch {
      return; // the conformance suite was not part of this run
    }
    process.stdout.write(`\n${text}`);
  }
}

// vitest loads a reporter given by path from the module's default export.
// eslint-disable-next-line no-restricted-syntax
export default ConformanceSummaryReporter;
