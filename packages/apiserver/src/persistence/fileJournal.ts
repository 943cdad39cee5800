// Persistence for `--data-dir`: every acknowledged write must survive `kill -9`, and a restart must
// restore the objects and the resourceVersion counter. An append-only journal (one JSON line per
// change, written synchronously before the server answers) plus a periodically compacted snapshot
// (written beside, fsync'd, then renamed into place) gives both without a database. Lines are written
// with @opkit/json (int64 values with every digit, maps in byte order) and read back with bigints.
import { chmodSync, closeSync, existsSync, fchmodSync, fdatasyncSync, fsyncSync, ftruncateSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseJson, stringifyJson } from '@opkit/json';
import { ApiServerError } from '../errors.js';
import { readLines } from './lines.js';
import { acquireLock } from './lock.js';
import { dataDirFailure, ensureDataDir } from './dataDir.js';
import { JOURNAL_RECORD_SHAPE, SNAPSHOT_RECORD_SHAPE, journalRecordProblem, snapshotRecordProblem } from './records.js';
import type { JournalRecord } from './records.js';

/** One persisted change: the object stored under `key` at `resourceVersion`, or `null` when deleted. */
export interface JournalEntry {
  resourceVersion: number;
  key: string;
  object: unknown;
}

/** What a data directory held when it was opened. */
export interface JournalState {
  /** The highest resourceVersion ever persisted (0 for a new directory). */
  resourceVersion: number;
  /** Live objects by key. */
  entries: Map<string, unknown>;
}

/** Options of {@link FileJournal.open}. */
export interface FileJournalOptions {
  /**
   * `never`: each change is written with one `write(2)` before the server answers, so it survives the
   * process being killed (the kernel holds it); `always`: also `fdatasync(2)` per change, so it survives
   * a machine crash too, at the cost of a disk flush per write. @defaultValue 'never'
   */
  fsync?: 'always' | 'never';
  /** Journal size after which {@link FileJournal.needsCompaction} turns true. @defaultValue 32 MiB */
  compactAfterBytes?: number;
}

const SNAPSHOT = 'snapshot.ndjson';
/** The mode of the journal and the snapshot: they hold every object, Secrets included, so only their owner reads them. */
const FILE_MODE = 0o600;
const JOURNAL = 'journal.ndjson';
const FORMAT = 1;

function persistenceError(message: string, cause?: unknown): ApiServerError {
  return new ApiServerError('Persistence', message, cause === undefined ? undefined : { cause });
}

/**
 * The data directory: `snapshot.ndjson` (a header line `{"format":1,"resourceVersion":N}`, then one
 * `[key, object]` line per live object) and `journal.ndjson` (one `{"rv":N,"key":…,"object":…|null}`
 * line per change after the snapshot).
 *
 * Guarantees: `append` returns only after the line reached the kernel (and the disk with
 * `fsync: 'always'`); a torn last journal line (a kill mid-write) is cut off on open; journal lines at
 * or below the snapshot's resourceVersion (a crash between snapshot rename and journal truncation) are
 * skipped. A `LOCK` file holding the owner's pid keeps a second server off the directory (a lock left by a
 * killed process is taken over). Caveats: all methods are synchronous and block the
 * event loop while they run (compaction writes every object).
 *
 * @example
 * const journal = await FileJournal.open('/tmp/data');
 * const { resourceVersion, entries } = journal.load();
 * journal.append({ resourceVersion: resourceVersion + 1, key: '/api/v1/namespaces/default/configmaps/a', object: cm });
 * if (journal.needsCompaction) journal.compact(store.entries(), currentRv);
 * journal.close();
 */
export class FileJournal {
  private fd: number | undefined;
  private bytes: number;
  private state: JournalState | undefined;

  private constructor(
    private readonly dir: string,
    private readonly fsync: 'always' | 'never',
    private readonly compactAfterBytes: number,
    fd: number,
    bytes: number,
    state: JournalState,
    private readonly releaseLock: () => void,
  ) {
    this.fd = fd;
    this.bytes = bytes;
    this.state = state;
  }

  /** Opens (creating it when absent) a data directory and reads what it holds. */
  static async open(dir: string, options: FileJournalOptions = {}): Promise<FileJournal> {
    const fsync = options.fsync ?? 'never';
    if (fsync !== 'always' && fsync !== 'never') throw persistenceError(`fsync must be 'always' or 'never', got ${JSON.stringify(fsync)}`);
    const compactAfterBytes = options.compactAfterBytes ?? 32 * 1024 * 1024;
    let release: (() => void) | undefined;
    try {
      ensureDataDir(dir);
      try {
        release = acquireLock(dir);
      } catch (error) {
        if (error instanceof ApiServerError) throw error;
        throw dataDirFailure(dir, join(dir, 'LOCK'), error); // the directory is not writable
      }
      rmSync(join(dir, `${SNAPSHOT}.tmp`), { force: true });
      const entries = new Map<string, unknown>();
      const snapshotRv = readSnapshot(join(dir, SNAPSHOT), entries);
      if (existsSync(join(dir, SNAPSHOT))) chmodSync(join(dir, SNAPSHOT), FILE_MODE);
      const journalPath = join(dir, JOURNAL);
      const { resourceVersion, validBytes } = replayJournal(journalPath, snapshotRv, entries);
      const fd = openSync(journalPath, 'a', FILE_MODE);
      fchmodSync(fd, FILE_MODE); // a journal written by an older version (0644) is made private too
      ftruncateSync(fd, validBytes); // cut a torn tail so the next append starts on a fresh line
      return new FileJournal(dir, fsync, compactAfterBytes, fd, validBytes, { resourceVersion, entries }, release);
    } catch (error) {
      release?.();
      if (error instanceof ApiServerError) throw error;
      throw persistenceError(`cannot open the data directory ${dir}: ${(error as Error).message}`, error);
    }
  }

  /** The state found on open: snapshot plus journal replayed. Returns it once (then releases it). */
  load(): JournalState {
    const state = this.state ?? { resourceVersion: 0, entries: new Map() };
    this.state = undefined;
    return state;
  }

  /** Persists one change before the server acknowledges it. */
  append(entry: JournalEntry): void {
    const fd = this.openFd();
    const line = `${stringifyJson({ rv: entry.resourceVersion, key: entry.key, object: entry.object ?? null })}\n`;
    const buffer = Buffer.from(line);
    let written = 0;
    while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
    if (this.fsync === 'always') fdatasyncSync(fd);
    this.bytes += buffer.length;
  }

  /** Current journal size in bytes. */
  get journalBytes(): number {
    return this.bytes;
  }

  /** Whether the journal has outgrown `compactAfterBytes` and `compact()` should run. */
  get needsCompaction(): boolean {
    return this.bytes >= this.compactAfterBytes;
  }

  /**
   * Replaces the snapshot with `snapshot` (every live object at `resourceVersion`) and empties the
   * journal. The new snapshot is complete on disk (fsync'd and renamed) before the journal is cut.
   */
  compact(snapshot: Iterable<[string, unknown]>, resourceVersion: number): void {
    const fd = this.openFd();
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    const out = openSync(tmp, 'w', FILE_MODE);
    try {
      const chunks: string[] = [`${stringifyJson({ format: FORMAT, resourceVersion })}\n`];
      let size = chunks[0]!.length;
      for (const [key, object] of snapshot) {
        const line = `${stringifyJson([key, object])}\n`;
        chunks.push(line);
        size += line.length;
        if (size > 1 << 20) {
          writeAll(out, chunks.join(''));
          chunks.length = 0;
          size = 0;
        }
      }
      writeAll(out, chunks.join(''));
      fsyncSync(out);
    } finally {
      closeSync(out);
    }
    renameSync(tmp, join(this.dir, SNAPSHOT));
    syncDir(this.dir);
    ftruncateSync(fd, 0);
    if (this.fsync === 'always') fsyncSync(fd);
    this.bytes = 0;
  }

  /** Flushes and closes the journal; later appends throw. */
  close(): void {
    if (this.fd === undefined) return;
    try {
      fsyncSync(this.fd);
    } finally {
      closeSync(this.fd);
      this.fd = undefined;
      this.releaseLock();
    }
  }

  private openFd(): number {
    if (this.fd === undefined) throw persistenceError(`the journal in ${this.dir} is closed`);
    return this.fd;
  }
}

function writeAll(fd: number, text: string): void {
  const buffer = Buffer.from(text);
  let written = 0;
  while (written < buffer.length) written += writeSync(fd, buffer, written, buffer.length - written);
}

function syncDir(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on directories; the rename is still atomic.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function readSnapshot(path: string, entries: Map<string, unknown>): number {
  if (!existsSync(path)) return 0;
  let resourceVersion = 0;
  let first = true;
  for (const { text, lineNumber } of readLines(readFileSync(path)).lines) {
    let parsed: unknown;
    try {
      parsed = parseJson(text);
    } catch (error) {
      throw persistenceError(`the snapshot ${path} is corrupt at line ${lineNumber}; restore it or remove the data directory`, error);
    }
    if (first) {
      const header = (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : {}) as { format?: unknown; resourceVersion?: unknown };
      if (header.format !== FORMAT || typeof header.resourceVersion !== 'number') {
        throw persistenceError(`the snapshot ${path} has an unknown header at line ${lineNumber}: ${text.slice(0, 100)}; expected {"format":${FORMAT},"resourceVersion":N}`);
      }
      resourceVersion = header.resourceVersion;
      first = false;
      continue;
    }
    const problem = snapshotRecordProblem(parsed);
    if (problem !== undefined) {
      throw persistenceError(`the snapshot ${path} is corrupt at line ${lineNumber}: ${problem}; expected ${SNAPSHOT_RECORD_SHAPE}; restore it or remove the data directory`);
    }
    const [key, object] = parsed as [string, unknown];
    entries.set(key, object);
  }
  return resourceVersion;
}

function replayJournal(path: string, snapshotRv: number, entries: Map<string, unknown>): { resourceVersion: number; validBytes: number } {
  let resourceVersion = snapshotRv;
  if (!existsSync(path)) return { resourceVersion, validBytes: 0 };
  const { lines, completeBytes } = readLines(readFileSync(path));
  let validBytes = completeBytes;
  for (const [index, { text, lineNumber, start }] of lines.entries()) {
    let parsed: unknown;
    try {
      parsed = parseJson(text);
    } catch (error) {
      if (index === lines.length - 1) {
        validBytes = start; // a torn last line: drop it
        break;
      }
      throw persistenceError(`the journal ${path} is corrupt at line ${lineNumber} (not the last line, so not a torn write); restore it or remove the data directory`, error);
    }
    // Valid JSON of the wrong shape is never a torn write (a cut-off object does not parse), wherever it is.
    const problem = journalRecordProblem(parsed);
    if (problem !== undefined) {
      throw persistenceError(`the journal ${path} is corrupt at line ${lineNumber}: ${problem}; expected ${JOURNAL_RECORD_SHAPE}; restore it or remove the data directory`);
    }
    const entry = parsed as JournalRecord;
    if (entry.rv <= snapshotRv) continue;
    if (entry.object === null) entries.delete(entry.key);
    else entries.set(entry.key, entry.object);
    resourceVersion = Math.max(resourceVersion, entry.rv);
  }
  return { resourceVersion, validBytes };
}
