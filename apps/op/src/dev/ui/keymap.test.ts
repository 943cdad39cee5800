// The keymap is the one source of the router, the footer, the `?` overlay and the docs' key table.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Key } from 'ink';
import { actionFor, helpLines, hints, KEYMAP, keymapMarkdown, keyName } from './keymap.js';

const key = (overrides: Partial<Key>): Key => ({
  upArrow: false, downArrow: false, leftArrow: false, rightArrow: false, pageDown: false, pageUp: false, home: false, end: false,
  return: false, escape: false, ctrl: false, shift: false, tab: false, backspace: false, delete: false, meta: false,
  super: false, hyper: false, capsLock: false, numLock: false, ...overrides,
});

describe('KEYMAP', () => {
  it('binds each key once per scope', () => {
    const seen = new Set<string>();
    for (const binding of KEYMAP) {
      for (const name of binding.keys) {
        const id = `${binding.scope} ${name}`;
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
      }
    }
  });

  it('routes a key by scope, the focused one first', () => {
    expect(actionFor('j', ['objects', 'global'])).toBe('down');
    expect(actionFor('/', ['logs', 'main', 'global'])).toBe('search');
    expect(actionFor('/', ['objects', 'global'])).toBe('filter');
    expect(actionFor('?', ['main', 'global'])).toBe('help');
    expect(actionFor('z', ['objects', 'global'])).toBeUndefined();
  });

  it('names key presses as a terminal sends them', () => {
    expect(keyName('c', key({ ctrl: true }))).toBe('ctrl+c');
    expect(keyName('', key({ tab: true, shift: true }))).toBe('shift+tab');
    expect(keyName('', key({ downArrow: true }))).toBe('down');
    expect(keyName('', key({ escape: true }))).toBe('esc');
    expect(keyName('G', key({ shift: true }))).toBe('G');
  });

  it('generates the footer, the help overlay and the table in docs/op.md', () => {
    expect(hints(['objects', 'global'])).toContain('/ filter');
    expect(helpLines()).toContainEqual(expect.stringMatching(/^ {2}d +delete the object/));
    const docs = readFileSync(new URL('../../../../../docs/op.md', import.meta.url), 'utf8');
    expect(docs).toContain(keymapMarkdown());
  });
});
