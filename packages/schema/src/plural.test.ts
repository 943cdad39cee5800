// pluralize: the English rules and the irregular table, on the last word of a CamelCase kind.
import { describe, expect, it } from 'vitest';
import { pluralize } from './plural.js';

describe('pluralize', () => {
  it('follows the regular English rules on the lower-cased kind', () => {
    expect(pluralize('Greeting')).toBe('greetings');
    expect(pluralize('Policy')).toBe('policies');
    expect(pluralize('Gateway')).toBe('gateways');
    expect(pluralize('Ingress')).toBe('ingresses');
    expect(pluralize('Box')).toBe('boxes');
    expect(pluralize('Batch')).toBe('batches');
    expect(pluralize('Mesh')).toBe('meshes');
    expect(pluralize('Status')).toBe('statuses');
    expect(pluralize('Analysis')).toBe('analyses');
    expect(pluralize('Photo')).toBe('photos');
  });

  it('uses the irregular and uncountable table on the last word of a CamelCase kind', () => {
    expect(pluralize('Person')).toBe('people');
    expect(pluralize('ClusterPerson')).toBe('clusterpeople');
    expect(pluralize('ChildResource')).toBe('childresources');
    expect(pluralize('DatabaseIndexLeaf')).toBe('databaseindexleaves');
    expect(pluralize('Fish')).toBe('fish');
    expect(pluralize('TrainingData')).toBe('trainingdata');
    expect(pluralize('DNSRecord')).toBe('dnsrecords');
    expect(pluralize('ABCPerson')).toBe('abcpeople');
    expect(pluralize('Route53Proxy')).toBe('route53proxies');
  });
});
