// Event spies: called for every watch event of every object (the initial listing too); their
// errors are logged and ignored; nothing is stored on the object.
import { on } from '@opkit/core';

on.event('kopfexamples', function event_fn_with_error() {
  throw new Error('Oops!');
});

on.event('kopfexamples', function normal_event_fn({ event, logger }) {
  logger.info(`Event received: ${JSON.stringify(event)}`);
});
