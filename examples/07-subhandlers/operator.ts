// Sub-handlers: the create handler registers one sub-handler per item of spec.items (ids
// create_fn/item1, create_fn/item2), each with its own stored progress; the parent is done when all are.
import { on, subhandler } from '@opkit/core';

on.create('kopfexamples', function create_fn({ spec }) {
  for (const item of (spec.items ?? []) as string[]) {
    subhandler(function create_item_fn({ logger }) {
      logger.info(`=== Handling creation for ${item}. ===`);
    }, { id: item });
  }
});
