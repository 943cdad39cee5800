// Progress for `npm test` and `npm start`'s first build: turbo runs with `--log-order=grouped`, which prints
// each task's whole output at once when the task ends; this turns that stream into one line per finished
// task (with the pass/fail counts of a test task, read from its vitest report) and the full output of a
// failed task only, plus a "still working" line whenever nothing was written for a while (a package that
// takes a minute to build), so a run shows what it is doing as it goes instead of staying silent for minutes.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { clearInterval, setInterval } from 'node:timers';

/** The turbo tasks `npm test` runs, in the order turbo reports them by. */
export const TASKS = ['build', 'typecheck', 'lint', 'test'];

const TASK_LINE = new RegExp(`^(\\S+?)([:#])(${TASKS.join('|')}):(?: (.*))?$`);

/**
 * The arguments of `turbo run` for `npm test`, from the arguments given to `npm test -- …`.
 * `--force` re-runs every task instead of replaying turbo's cache. Anything else is refused with the reason.
 * @param {string[]} args the extra arguments
 * @returns {string[]}
 */
export function turboArgs(args) {
  const unknown = args.filter((arg) => arg !== '--force');
  if (unknown.length) {
    throw new Error(`npm test takes only --force (re-run every task instead of replaying turbo's cache), not ${unknown.join(' ')}: ` +
      'to run one package, use `pnpm --filter <package> test` with the toolchain on PATH (docs/contributing.md)');
  }
  // Three tasks at a time: the integration suites each run an API server and time real requests, and the
  // machines have two cores; more parallel tasks only make every suite slower and flakier.
  return ['run', ...TASKS, '--continue', '--output-logs=full', '--log-order=grouped', '--ui=stream', '--concurrency=3',
    ...(args.includes('--force') ? ['--force'] : [])];
}

/** The arguments of `turbo run` for `npm start`'s build of the op command and what it depends on. */
export const BUILD_ARGS = ['run', 'build', '--filter=@opkit/cli...', '--output-logs=full', '--log-order=grouped', '--ui=stream'];

/** The counts of a package's vitest report, as `N passed, N failed`, or undefined without a report. */
export function reportCounts(packageDir) {
  const file = join(packageDir, 'reports', 'vitest.json');
  if (!existsSync(file)) return undefined;
  try {
    const json = JSON.parse(readFileSync(file, 'utf8'));
    const skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    return `${json.numPassedTests ?? 0} passed, ${json.numFailedTests ?? 0} failed${skipped ? `, ${skipped} skipped` : ''}`;
  } catch {
    return 'unreadable report';
  }
}

/**
 * A line-by-line reader of turbo's grouped output. Lines of a task (`pkg:task: …`, `pkg#task: …`) are kept
 * until the task's block ends (another task's line, turbo's closing summary, or `end()`), then one line is
 * written for it: `✓`/`✗`, the task, `(cached)` for a replay, the test counts for a test task, and the whole
 * block when it failed. turbo's own lines (the header and the closing summary) pass through, unless `quiet`
 * (then only task lines, failures and "still working" lines are written). With `cachedLines: false` a
 * replayed task gets no line of its own (`end()` counts them): a build that is all cache hits stays short.
 * `tick()` (call it every few seconds) writes a "still working" line when nothing was written for `quietMs`.
 * @param {{ write: (text: string) => void, counts: (pkg: string) => string | undefined, now?: () => number,
 *   quiet?: boolean, cachedLines?: boolean, quietMs?: number }} io
 */
export function createProgress({ write: output, counts, now = Date.now, quiet = false, cachedLines = true, quietMs = 15_000 }) {
  const started = now();
  let current; // the task whose block is being read: { pkg, task, lines, failed, cached }
  const reported = new Map(); // `pkg task` → the task once its line is written
  let lastWrite = started;
  const write = (text) => {
    lastWrite = now();
    output(text);
  };
  const stamp = () => `[${`${Math.round((now() - started) / 1000)}s`.padStart(5)}]`;
  const writeTask = ({ pkg, task, lines, failed, cached }) => {
    if (cached && !failed && !cachedLines) return;
    const detail = task === 'test' ? counts(pkg) : undefined;
    write(`${stamp()} ${failed ? '✗' : '✓'} ${`${pkg} ${task}`.padEnd(40)}${cached ? ' (cached)' : ''}${detail ? `  ${detail}` : ''}${failed ? '  FAILED' : ''}\n`);
    if (failed) for (const line of lines) write(`    ${line}\n`);
  };
  const flush = () => {
    if (!current) return;
    reported.set(`${current.pkg} ${current.task}`, current);
    writeTask(current);
    current = undefined;
  };
  return {
    /** Feed one line of turbo's output (without its newline). */
    line(text) {
      const m = TASK_LINE.exec(text);
      if (!m) {
        flush();
        if (text.trim() && !quiet) write(`${text}\n`);
        return;
      }
      const [, pkg, separator, task, rest = ''] = m;
      const failure = separator === '#' && /\b(ERROR|command finished with error)\b/.test(rest);
      const done = reported.get(`${pkg} ${task}`);
      if (done && (!current || current.pkg !== pkg || current.task !== task)) {
        // turbo repeats a failure at the end of the run; a task already written stays written, unless this is
        // the first word of its failure (its block was flushed while idle, before the failure line came).
        if (failure && !done.failed) {
          done.failed = true;
          writeTask(done);
        }
        return;
      }
      if (!current || current.pkg !== pkg || current.task !== task) {
        flush();
        current = { pkg, task, lines: [], failed: false, cached: false };
      }
      if (failure) current.failed = true;
      else if (/^cache hit, replaying/.test(rest)) current.cached = true;
      else if (separator === ':' && !/^cache (miss|hit|bypass)/.test(rest)) current.lines.push(rest);
    },
    /** Nothing came for a while: the block being read is complete (grouped output comes in one piece). */
    idle() {
      flush();
    },
    /** A moment passed: after `quietMs` without a line, say that the run is still working, and for how long. */
    tick() {
      if (now() - lastWrite < quietMs) return;
      const finished = reported.size;
      write(`${stamp()} … still working (${finished} task${finished === 1 ? '' : 's'} finished so far)\n`);
    },
    /** The stream ended: write the last task's line. Returns how many tasks finished, failed and were replayed from the cache. */
    end() {
      flush();
      const all = [...reported.values()];
      return { finished: all.length, failed: all.filter((t) => t.failed).length, cached: all.filter((t) => t.cached).length };
    },
  };
}

/**
 * Run `turbo` with `args` (which must include `--log-order=grouped`) from `cwd`, its output turned into
 * progress lines by {@link createProgress} (`options` are passed on); Ctrl+C reaches turbo through the
 * terminal's process group and this waits for it to stop its tasks.
 * @param {string[]} args
 * @param {{ cwd: string, write: (text: string) => void, counts?: (pkg: string) => string | undefined,
 *   quiet?: boolean, cachedLines?: boolean, quietMs?: number }} options
 * @returns {Promise<{ ok: boolean, finished: number, failed: number, cached: number }>}
 */
export function runTurboWithProgress(args, { cwd, write, counts = () => undefined, ...options }) {
  const progress = createProgress({ write, counts, ...options });
  return new Promise((resolve) => {
    const child = spawn('turbo', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let idle;
    const ticker = setInterval(() => progress.tick(), 1000);
    const feed = (stream) => {
      const lines = createInterface({ input: stream, crlfDelay: Infinity });
      lines.on('line', (line) => {
        progress.line(line);
        // A grouped block arrives in one piece: a pause in the output means the block is complete.
        clearTimeout(idle);
        idle = setTimeout(() => progress.idle(), 250);
      });
    };
    feed(child.stdout);
    feed(child.stderr);
    const onSigint = () => undefined;
    process.on('SIGINT', onSigint);
    let settled = false;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      clearTimeout(idle);
      clearInterval(ticker);
      process.off('SIGINT', onSigint);
      resolve({ ok, ...progress.end() });
    };
    child.on('error', (error) => {
      write(`could not start turbo: ${error.message}\n`);
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}
