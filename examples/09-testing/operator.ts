// The operator under test in this example: one create handler that logs a line.
import { on } from '@opkit/core';

on.create('kopfexamples', function create_fn({ logger }) {
  logger.info('Something was logged here.');
});
