// The greeting-operator: every Greeting gets a status message, kept up to date on changes and
// after a restart, and said goodbye to on deletion.
import { on } from '@opkit/core';
import { Greeting } from './api/greeting.ts';

const greetingMessage = (name: string): string => `hello, ${name}`;

on.create(Greeting, ({ spec }) => ({ message: greetingMessage(spec.name) }), { id: 'greet' });
on.update(Greeting, ({ spec }) => ({ message: greetingMessage(spec.name) }), { id: 'regreet' });
on.resume(Greeting, ({ spec }) => ({ message: greetingMessage(spec.name) }), { id: 'resume' });
on.delete(Greeting, ({ logger, name }) => logger.info(`goodbye, ${name}`), { id: 'farewell' });
