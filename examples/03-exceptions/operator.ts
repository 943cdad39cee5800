// Errors and retries: a permanent failure, a temporary failure that eventually succeeds, an
// arbitrary error retried until its retries are used up, and one that fails at once (errors: permanent).
// The default lifecycle runs one handler per cycle, the one with the fewest retries first.
import { on, PermanentError, TemporaryError } from '@opkit/core';

class MyException extends Error {}

on.create('kopfexamples', function instant_failure_with_only_a_message() {
  throw new PermanentError('Fail once and for all.');
});

on.create('kopfexamples', function eventual_success_with_a_few_messages({ retry }) {
  if (retry < 3) throw new TemporaryError('Expected recoverable error.', { delay: 1 }); // 0, 1, 2, then success
});

on.create('kopfexamples', function eventual_failure_with_tracebacks() {
  throw new MyException('An error that is supposed to be recoverable.');
}, { retries: 3, backoff: 1 });

on.create('kopfexamples', function instant_failure_with_traceback() {
  throw new MyException('An error that is supposed to be recoverable.');
}, { errors: 'permanent', backoff: 1 });
