// Peering: the operator itself is trivial (one creation handler); the point is what several of its
// processes do together — the same priority pauses them all, a `--dev` one (priority 666) pauses the
// others until it exits, and `op freeze` / `op resume` do the same by hand.
import { on } from '@opkit/core';

on.create('kopfexamples', function create_fn({ logger }) {
  logger.info(`Handled by ${process.env.POD_ID ?? 'this operator'}.`);
});
