// Which Node versions can run a generated project, and what an older one is told.
import { describe, expect, it } from 'vitest';
import { meetsOpkitNode, nodeVersionNotice } from './nodeVersion.js';

describe('nodeVersionNotice', () => {
  it.each(['v22.19.0', 'v22.20.1', 'v23.0.0', 'v24.11.0', 'v30.1.2'])('is quiet on %s', (version) => {
    expect(meetsOpkitNode(version)).toBe(true);
    expect(nodeVersionNotice(version)).toEqual({ level: 'ok' });
  });

  it.each(['v18.0.0', 'v20.11.1', 'v22.18.0', 'v21.7.3'])('warns on %s, naming both versions, and goes on', (version) => {
    const notice = nodeVersionNotice(version);
    expect(notice.level).toBe('warn');
    if (notice.level !== 'ok') {
      expect(notice.message).toContain(`Opkit needs Node ≥ 22.19; you have ${version}.`);
      expect(notice.message).toContain('The project will be created');
    }
  });

  it('refuses to run below Node 18', () => {
    const notice = nodeVersionNotice('v16.20.2');
    expect(notice.level).toBe('error');
    if (notice.level !== 'ok') expect(notice.message).toMatch(/^Opkit needs Node ≥ 22\.19; you have v16\.20\.2\. Install Node 24/);
  });
});
