// Posting Kubernetes events about the handled object: any type, the Normal/Warning shortcuts, and
// an Error event about an exception (its text appended to the message).
import { events, on } from '@opkit/core';

on.create('kopfexamples', function create_fn({ body }) {
  events.event(body, { type: 'SomeType', reason: 'SomeReason', message: 'Some message' });
  events.info(body, { reason: 'SomeReason', message: 'Some message' });
  events.warn(body, { reason: 'SomeReason', message: 'Some message' });
  try {
    throw new Error('Exception text.');
  } catch (error) {
    events.exception(body, { reason: 'SomeReason', message: 'Some exception:', error });
  }
});
