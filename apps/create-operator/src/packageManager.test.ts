// The package manager from npm_config_user_agent, and the commands spelled for each.
import { describe, expect, it } from 'vitest';
import { createCommand, formatCommand, installCommand, parseUserAgent, runScriptCommand, withAgent } from './packageManager.js';

describe('parseUserAgent', () => {
  it.each([
    ['npm/10.9.2 node/v24.11.0 linux x64 workspaces/false', { name: 'npm', version: '10.9.2', agent: 'npm' }],
    ['pnpm/10.20.0 npm/? node/v24.11.0 linux x64', { name: 'pnpm', version: '10.20.0', agent: 'pnpm' }],
    ['pnpm/6.35.1 npm/? node/v16.20.0 darwin arm64', { name: 'pnpm', version: '6.35.1', agent: 'pnpm@6' }],
    ['yarn/1.22.22 npm/? node/v20.11.0 darwin arm64', { name: 'yarn', version: '1.22.22', agent: 'yarn' }],
    ['yarn/4.5.3 npm/? node/v22.11.0 linux x64', { name: 'yarn', version: '4.5.3', agent: 'yarn@berry' }],
    ['bun/1.1.38 npm/? node/v22.6.0 linux x64', { name: 'bun', version: '1.1.38', agent: 'bun' }],
  ])('%s', (ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it.each([undefined, '', 'deno/2.1.0 npm/? deno/2.1.0 linux x86_64', 'cnpm/9.0.0 node/v20.0.0'])('knows no manager in %j', (ua) => {
    expect(parseUserAgent(ua)).toBeUndefined();
  });
});

describe('commands', () => {
  it('installs and runs scripts with each manager', () => {
    expect(formatCommand(installCommand(withAgent('npm')))).toBe('npm i');
    expect(formatCommand(installCommand(withAgent('pnpm', '10.20.0')))).toBe('pnpm i');
    expect(formatCommand(installCommand(withAgent('yarn', '4.5.3')))).toBe('yarn install');
    expect(formatCommand(installCommand(withAgent('bun')))).toBe('bun install');
    expect(formatCommand(runScriptCommand(withAgent('npm'), 'dev'))).toBe('npm run dev');
    expect(formatCommand(runScriptCommand(withAgent('yarn', '1.22.22'), 'test'))).toBe('yarn run test');
  });

  it('puts -- before the flags for npm create only', () => {
    const args = ['my-op', '--template', 'children', '--yes'];
    expect(formatCommand(createCommand(withAgent('npm'), args))).toBe('npm create operator@latest my-op -- --template children --yes');
    expect(formatCommand(createCommand(withAgent('pnpm'), args))).toBe('pnpm create operator my-op --template children --yes');
    expect(formatCommand(createCommand(withAgent('yarn'), args))).toBe('yarn create operator my-op --template children --yes');
    expect(formatCommand(createCommand(withAgent('bun'), args))).toBe('bun create operator my-op --template children --yes');
    expect(formatCommand(createCommand(withAgent('npm'), ['my-op']))).toBe('npm create operator@latest my-op');
  });

  it('quotes words a shell would split', () => {
    expect(formatCommand({ command: 'echo', args: ["it's", 'a b', 'plain'] })).toBe(`echo 'it'\\''s' 'a b' plain`);
  });
});
