// Every kind of change handler on one resource: resume (after a restart), create, update, delete
// (mandatory, so a finalizer holds the object until they ran) and a field handler on spec.field.
import { on } from '@opkit/core';

on.resume('kopfexamples', function resume_fn_1({ logger }) {
  logger.info('RESUMED 1st');
});

on.create('kopfexamples', function create_fn_1({ logger }) {
  logger.info('CREATED 1st');
});

on.resume('kopfexamples', function resume_fn_2({ logger }) {
  logger.info('RESUMED 2nd');
});

on.create('kopfexamples', function create_fn_2({ logger }) {
  logger.info('CREATED 2nd');
});

on.update('kopfexamples', function update_fn({ logger }) {
  logger.info('UPDATED');
});

on.delete('kopfexamples', function delete_fn_1({ logger }) {
  logger.info('DELETED 1st');
});

on.delete('kopfexamples', function delete_fn_2({ logger }) {
  logger.info('DELETED 2nd');
});

on.field('kopfexamples', 'spec.field', function field_fn({ old, new: value, logger }) {
  logger.info(`FIELD CHANGED: ${String(old)} -> ${String(value)}`);
});
