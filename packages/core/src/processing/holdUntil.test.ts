import { lastValueFrom, of } from 'rxjs';
import { toArray } from 'rxjs/operators';
import { describe, expect, it } from 'vitest';
import { holdUntil } from './holdUntil.js';

describe('holdUntil', () => {
  it('holds values until the promise resolves, then lets them through in order', async () => {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => { open = resolve; });
    const seen: number[] = [];
    const done = lastValueFrom(of(1, 2, 3).pipe(holdUntil(opened), toArray()));
    void done.then((values) => seen.push(...values));
    await Promise.resolve();
    expect(seen).toEqual([]);
    open();
    expect(await done).toEqual([1, 2, 3]);
  });
});
