// Barrel of the `--data-dir` persistence. The server opens one `FileJournal` at start, seeds its store
// and resourceVersion counter from `load()`, calls `append()` for every persisted change before it
// answers the request (and before it emits the watch event), runs `compact(entries, rv)` when
// `needsCompaction` turns true, and `close()`s it in `close()`. The fsync policy is in ./README.md.
export { FileJournal } from './fileJournal.js';
export type { FileJournalOptions, JournalEntry, JournalState } from './fileJournal.js';
export { acquireLock } from './lock.js';
export { readLines } from './lines.js';
export type { FileLine, FileLines } from './lines.js';
