import { stringifyJson } from '@opkit/json';
import { describe, expect, it } from 'vitest';
import { formatPeer, formatPeers, isDead, peerRecord, pythonRepr, readPeer, readPeers } from './peer.js';

const NOW = Date.parse('2020-12-31T23:59:59.123Z') * 1000 + 456; // Kopf's tests freeze time here

describe('readPeer', () => {
  it('fills Kopf\'s defaults: priority 0, lifetime 60, seen now', () => {
    const peer = readPeer('id', {}, NOW);
    expect(peer).toMatchObject({ identity: 'id', priority: 0, lifetime: 60, lastseen: { micros: NOW, offsetMinutes: 0 } });
    expect(peer.deadline).toBe(NOW + 60_000_000);
  });

  it('is alive until lastseen + lifetime and dead from then on', () => {
    const alive = readPeer('id', { lifetime: 10, lastseen: '2020-12-31T23:59:50.123456' }, NOW);
    expect(alive.deadline).toBe(Date.parse('2021-01-01T00:00:00.123Z') * 1000 + 456);
    expect(isDead(alive, NOW)).toBe(false);
    const dead = readPeer('id', { lifetime: 10, lastseen: '2020-12-31T23:59:49.123456' }, NOW);
    expect(isDead(dead, NOW)).toBe(true); // 10 seconds before "now" sharp
  });

  it('reads Opkit\'s extension and ignores unknown fields', () => {
    expect(readPeer('id', { priority: 5, opkit: { group: 'ns/op', message: 'upgrade' }, future: 1 }, NOW)).toMatchObject({ priority: 5, group: 'ns/op', message: 'upgrade' });
  });

  it('rejects records that are not objects', () => {
    expect(() => readPeer('id', 'x', NOW)).toThrow(/The peering record of "id" must be an object; got "x"/);
  });
});

describe('readPeers', () => {
  it('skips nulls and unreadable records', () => {
    const peers = readPeers({ a: { priority: 1 }, b: null, c: 'junk', d: { lastseen: 'never' } }, NOW);
    expect(peers.map((peer) => peer.identity)).toEqual(['a']);
    expect(readPeers(undefined, NOW)).toEqual([]);
  });
});

describe('peerRecord', () => {
  it('writes Kopf\'s three fields in Kopf\'s order, byte for byte', () => {
    expect(stringifyJson(peerRecord({ priority: 0, lifetime: 60, nowMicros: NOW }))).toBe('{"priority":0,"lifetime":60,"lastseen":"2020-12-31T23:59:59.123456+00:00"}');
  });

  it('adds the extension only when there is something to say', () => {
    expect(peerRecord({ priority: 1, lifetime: 5, nowMicros: 0, group: 'ns/op' })).toEqual({ priority: 1, lifetime: 5, lastseen: '1970-01-01T00:00:00+00:00', opkit: { group: 'ns/op' } });
  });
});

describe('formatPeer', () => {
  it('prints a peer as Kopf\'s repr does', () => {
    expect(formatPeer(readPeer('some-id', {}, NOW))).toBe("<Peer some-id: priority=0, lifetime=60, lastseen='2020-12-31T23:59:59.123456+00:00'>");
    const naive = readPeer('b', { priority: 666, lifetime: 60, lastseen: '2020-12-31T23:59:59' }, NOW);
    expect(formatPeers([naive, readPeer('c', { priority: 1 }, NOW)])).toBe(
      "[<Peer b: priority=666, lifetime=60, lastseen='2020-12-31T23:59:59+00:00'>, <Peer c: priority=1, lifetime=60, lastseen='2020-12-31T23:59:59.123456+00:00'>]",
    );
    expect(formatPeers([])).toBe('[]');
  });

  it('quotes strings as Python\'s repr', () => {
    expect(pythonRepr('default')).toBe("'default'");
    expect(pythonRepr("it's")).toBe('"it\'s"');
    expect(pythonRepr('a\'b"c\n')).toBe("'a\\'b\"c\\n'");
  });
});
