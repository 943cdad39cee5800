// The zoo-operator: every Zebra gets a status message, kept up to date on changes and
// after a restart, and said goodbye to on deletion.
import { on } from '@opkit/core';
import { Zebra } from './api/zebra.ts';

const zebraMessage = (name: string): string => `hello, ${name}`;

on.create(Zebra, ({ spec }) => ({ message: zebraMessage(spec.name) }), { id: 'greet' });
on.update(Zebra, ({ spec }) => ({ message: zebraMessage(spec.name) }), { id: 'regreet' });
on.resume(Zebra, ({ spec }) => ({ message: zebraMessage(spec.name) }), { id: 'resume' });
on.delete(Zebra, ({ logger, name }) => logger.info(`goodbye, ${name}`), { id: 'farewell' });
