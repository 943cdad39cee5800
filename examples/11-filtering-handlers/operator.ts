// Filters: handlers that run only for objects whose labels, annotations, field values or a
// predicate match — and a daemon that runs only while a field has a value.
import { ABSENT, on, PRESENT } from '@opkit/core';
import type { HandlerContext } from '@opkit/core';

function sayYes(value: unknown, { spec }: Partial<HandlerContext>): boolean {
  return value === 'somevalue' && spec?.field !== undefined;
}

function sayNo(value: unknown, { spec }: Partial<HandlerContext>): boolean {
  return value === 'somevalue' && spec?.field === 'not-this-value-for-sure';
}

on.create('kopfexamples', function create_with_labels_matching({ logger }) {
  logger.info('Label is matching.');
}, { labels: { somelabel: 'somevalue' } });

on.create('kopfexamples', function create_with_labels_present({ logger }) {
  logger.info('Label is present.');
}, { labels: { somelabel: PRESENT } });

on.create('kopfexamples', function create_with_labels_absent({ logger }) {
  logger.info('Label is absent.');
}, { labels: { nonexistent: ABSENT } });

on.create('kopfexamples', function create_with_labels_callback_matching({ logger }) {
  logger.info('Label callback matching.');
}, { labels: { somelabel: sayYes } });

on.create('kopfexamples', function create_with_annotations_matching({ logger }) {
  logger.info('Annotation is matching.');
}, { annotations: { someannotation: 'somevalue' } });

on.create('kopfexamples', function create_with_annotations_present({ logger }) {
  logger.info('Annotation is present.');
}, { annotations: { someannotation: PRESENT } });

on.create('kopfexamples', function create_with_annotations_absent({ logger }) {
  logger.info('Annotation is absent.');
}, { annotations: { nonexistent: ABSENT } });

on.create('kopfexamples', function create_with_annotations_callback_matching({ logger }) {
  logger.info('Annotation callback mismatch.');
}, { annotations: { someannotation: sayNo } });

on.create('kopfexamples', function create_with_filter_satisfied({ logger }) {
  logger.info('Filter satisfied.');
}, { when: () => true });

on.create('kopfexamples', function create_with_filter_not_satisfied({ logger }) {
  logger.info('Filter not satisfied.');
}, { when: () => false });

on.create('kopfexamples', function create_with_field_value_satisfied({ logger }) {
  logger.info('Field value is satisfied.');
}, { field: 'spec.field', value: 'value' });

on.create('kopfexamples', function create_with_field_value_not_satisfied({ logger }) {
  logger.info('Field value is not satisfied.');
}, { field: 'spec.field', value: 'something-else' });

on.create('kopfexamples', function create_with_field_presence_satisfied({ logger }) {
  logger.info('Field presence is satisfied.');
}, { field: 'spec.field', value: PRESENT });

on.create('kopfexamples', function create_with_field_presence_not_satisfied({ logger }) {
  logger.info('Field presence is not satisfied.');
}, { field: 'spec.inexistent', value: PRESENT });

on.update('kopfexamples', function update_with_field_change_satisfied({ logger }) {
  logger.info('Field change is satisfied.');
}, { field: 'spec.field', old: 'value', new: 'changed' });

on.daemon('kopfexamples', async function daemon_with_field({ stopped, logger }) {
  while (!stopped.isSet) {
    logger.info('Field daemon is satisfied.');
    await stopped.wait(1);
  }
}, { field: 'spec.field', value: 'value' });
