import { describe, expect, it } from 'vitest';
import { HealthError } from './errors.js';
import { parseLivenessUrl } from './livenessUrl.js';

describe('parseLivenessUrl', () => {
  it("takes Kopf's form: host, port and path", () => {
    expect(parseLivenessUrl('http://0.0.0.0:8080/healthz')).toEqual({ host: '0.0.0.0', port: 8080, path: '/healthz' });
    expect(parseLivenessUrl(new URL('http://127.0.0.1:0/live/ness'))).toEqual({ host: '127.0.0.1', port: 0, path: '/live/ness' });
  });

  it('defaults the port to 80 and the path to /, and unbrackets IPv6 hosts', () => {
    expect(parseLivenessUrl('http://localhost')).toEqual({ host: 'localhost', port: 80, path: '/' });
    expect(parseLivenessUrl('http://[::1]:9090/healthz')).toEqual({ host: '::1', port: 9090, path: '/healthz' });
    expect(parseLivenessUrl('http://:8080/healthz')).toEqual({ host: '0.0.0.0', port: 8080, path: '/healthz' });
  });

  it('refuses what it cannot serve, saying what is expected', () => {
    const cases: [string, RegExp][] = [
      ['0.0.0.0:8080', /is not a URL; expected http:\/\/HOST:PORT\/PATH/],
      ['https://0.0.0.0:8080/healthz', /uses https; only http is supported/],
      ['http://0.0.0.0:8080/healthz?x=1', /has credentials, a query or a fragment/],
      ['healthz', /is not a URL/],
    ];
    for (const [input, message] of cases) {
      expect(() => parseLivenessUrl(input), input).toThrow(message);
      expect(() => parseLivenessUrl(input)).toThrow(HealthError);
    }
  });
});
