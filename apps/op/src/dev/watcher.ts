// Watching the operator's files for `op dev`: the folders that hold them are watched (not the files,
// so that editors that save by renaming a new file into place are seen too), changes are debounced,
// and a save that leaves the content as it was does not reload anything.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Options of {@link FileWatcher}. */
export interface FileWatcherOptions {
  /** Called with the files whose content changed (or that vanished), after a quiet period. */
  readonly onChange: (files: readonly string[]) => void;
  /** The quiet period, in ms. @defaultValue 150 */
  readonly debounceMs?: number;
}

function digest(file: string): string {
  try {
    return existsSync(file) ? createHash('sha1').update(readFileSync(file)).digest('hex') : 'missing';
  } catch {
    return 'unreadable';
  }
}

/**
 * Watches a set of files.
 *
 * @example
 * ```ts
 * const watcher = new FileWatcher({ onChange: (files) => void generations.reload(`${files[0]} changed`, files) });
 * watcher.setFiles(['/project/src/operator.ts']);
 * watcher.close();
 * ```
 */
export class FileWatcher {
  readonly #options: FileWatcherOptions;
  readonly #folders = new Map<string, FSWatcher>();
  readonly #digests = new Map<string, string>();
  readonly #changed = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(options: FileWatcherOptions) {
    this.#options = options;
  }

  /** Watch exactly these files (absolute paths). */
  setFiles(files: readonly string[]): void {
    const wanted = new Set(files);
    for (const file of [...this.#digests.keys()]) if (!wanted.has(file)) this.#digests.delete(file);
    for (const file of wanted) if (!this.#digests.has(file)) this.#digests.set(file, digest(file));
    const folders = new Set([...wanted].map((file) => dirname(file)));
    for (const [folder, watcher] of this.#folders) {
      if (!folders.has(folder)) {
        watcher.close();
        this.#folders.delete(folder);
      }
    }
    for (const folder of folders) {
      if (this.#folders.has(folder) || !existsSync(folder)) continue;
      const watcher = watch(folder, { persistent: false }, (_event, name) => {
        if (!name) return;
        const file = join(folder, basename(name.toString()));
        if (this.#digests.has(file)) this.#touched(file);
      });
      watcher.on('error', () => undefined);
      this.#folders.set(folder, watcher);
    }
  }

  #touched(file: string): void {
    this.#changed.add(file);
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.#flush(), this.#options.debounceMs ?? 150);
  }

  #flush(): void {
    this.#timer = undefined;
    const changed: string[] = [];
    for (const file of this.#changed) {
      const now = digest(file);
      if (now !== this.#digests.get(file)) {
        this.#digests.set(file, now);
        changed.push(file);
      }
    }
    this.#changed.clear();
    if (changed.length > 0) this.#options.onChange(changed);
  }

  /** Stop watching. */
  close(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    for (const watcher of this.#folders.values()) watcher.close();
    this.#folders.clear();
  }
}
