// The smallest operator: one creation handler whose return value becomes the object's status.
import { on } from '@opkit/core';

on.create('kopfexamples', function create_fn({ spec, logger }) {
  logger.info(`And here we are! Creating: ${JSON.stringify(spec)}`);
  return { message: 'hello world' }; // will be the new status: status.create_fn.message
});
