// holdUntil: values wait, in order, until the promise resolves; then they pass straight through.
import { lastValueFrom, of, Subject } from 'rxjs';
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

  it('passes later values straight through, and delivers nothing after unsubscription', async () => {
    const source = new Subject<number>();
    const seen: number[] = [];
    const opened = Promise.resolve();
    const subscription = source.pipe(holdUntil(opened)).subscribe((value) => seen.push(value));
    source.next(1);
    await opened;
    await Promise.resolve();
    source.next(2);
    expect(seen).toEqual([1, 2]);
    subscription.unsubscribe();
    source.next(3);
    expect(seen).toEqual([1, 2]);
  });
});
