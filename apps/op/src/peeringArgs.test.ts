import { describe, expect, it } from 'vitest';
import { parseFreezeArgs, parsePeeringArgs } from './peeringArgs.js';

describe('parseFreezeArgs', () => {
  it('takes Kopf\'s flags: lifetime, priority (100 by default, 666 with --dev), id, message, peering, namespaces', () => {
    expect(parseFreezeArgs('freeze', ['--lifetime', '60'])).toEqual({
      kind: 'run', options: { command: 'freeze', id: undefined, message: undefined, lifetime: 60, priority: 100, peering: 'default', namespaces: [], clusterwide: true },
    });
    expect(parseFreezeArgs('freeze', ['-t', '5', '--dev', '-i', 'me', '-m', 'upgrade', '-P', 'team', '-n', 'a,b'])).toMatchObject({
      kind: 'run', options: { lifetime: 5, priority: 666, id: 'me', message: 'upgrade', peering: 'team', namespaces: ['a', 'b'], clusterwide: false },
    });
    expect(parseFreezeArgs('resume', ['-A', '--id', 'me'])).toMatchObject({ kind: 'run', options: { command: 'resume', id: 'me', clusterwide: true, lifetime: undefined } });
    expect(parseFreezeArgs('resume', ['-h'])).toEqual({ kind: 'help' });
  });

  it.each([
    ['freeze', [], '--lifetime is required: for how many seconds to freeze (the record expires then)'],
    ['freeze', ['--lifetime', '0'], '--lifetime must be a whole number of seconds >= 1; got "0"'],
    ['freeze', ['--lifetime', '5', '--priority', 'x'], '--priority must be a whole number; got "x"'],
    ['freeze', ['--lifetime', '5', '--priority', '1', '--dev'], '--dev and --priority exclude each other (--dev is --priority 666)'],
    ['resume', ['-n', 'x', '-A'], '-n/--namespace and -A/--all-namespaces exclude each other'],
  ] as const)('%s rejects %j: %s', (command, argv, message) => {
    expect(parseFreezeArgs(command, argv)).toEqual({ kind: 'error', message });
  });

  it('does not take freeze-only flags for resume', () => {
    expect(parseFreezeArgs('resume', ['--lifetime', '5'])).toMatchObject({ kind: 'error', message: expect.stringMatching(/Unknown option '--lifetime'/) as unknown });
  });
});

describe('parsePeeringArgs', () => {
  it('installs into default unless told', () => {
    expect(parsePeeringArgs(['install'])).toEqual({ kind: 'run', options: { name: 'default', namespaces: ['default'], print: false } });
    expect(parsePeeringArgs(['install', '--name', 'team', '-n', 'a', '-n', 'b', '--print'])).toEqual({ kind: 'run', options: { name: 'team', namespaces: ['a', 'b'], print: true } });
  });

  it('names what is wrong', () => {
    expect(parsePeeringArgs([])).toEqual({ kind: 'error', message: 'name a subcommand: install' });
    expect(parsePeeringArgs(['uninstall'])).toEqual({ kind: 'error', message: "unknown subcommand 'uninstall': expected install" });
  });
});
