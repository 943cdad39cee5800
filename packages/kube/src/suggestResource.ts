// Why this file exists: a typo in a resource name ('kopfexampels') resolves to nothing, and "no
// served resource matches" alone sends the user looking for a missing CRD. This finds the closest
// name the server does serve (plural, singular, kind or short name), written in the selector's own
// form, so that every command can say "did you mean 'kopfexamples'?".

import { identityOf } from './discovery.js';
import type { ResourceSelector } from './discovery.js';
import type { Resource } from './resource.js';

const VERSION = /^v\d+((alpha|beta)\d+)?$/;

/** Edit distance with adjacent transpositions counting as one edit (optimal string alignment). */
function distance(a: string, b: string): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) rows.push([i, ...Array<number>(b.length).fill(0)]);
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

function namesOf(resource: Resource): string[] {
  return [resource.plural, resource.singular ?? '', resource.kind, ...(resource.shortNames ?? [])].filter(Boolean);
}

/** Every spelling of every served resource in the same form as `text` (name, name.group, group/version/name, …). */
function candidatesLike(text: string, all: readonly Resource[]): string[] {
  const parts = text.split('/');
  const out: string[] = [];
  for (const resource of all) {
    for (const name of namesOf(resource)) {
      if (parts.length === 3) {
        const group = resource.group === '' ? (parts[0] === 'core' ? 'core' : '') : resource.group;
        out.push(`${group}/${resource.version}/${name}`);
      } else if (parts.length === 2) {
        if (VERSION.test(parts[0]!)) { if (resource.group === '') out.push(`${resource.version}/${name}`); } else if (resource.group !== '') out.push(`${resource.group}/${name}`);
      } else if (text.includes('.')) {
        if (resource.group === '') continue;
        out.push(/^[^.]*\.v\d+((alpha|beta)\d+)?\./.test(text) ? `${name}.${resource.version}.${resource.group}` : `${name}.${resource.group}`);
      } else {
        out.push(name);
      }
    }
  }
  return out;
}

/**
 * The served name closest to a selector that resolved to nothing — written the way the selector was
 * (`'kopfexampels.kopf.dev'` → `'kopfexamples.kopf.dev'`) — or `undefined` when no name is close
 * (at most 1 edit for short names, at most 3 for long ones; a swap of two letters is one edit).
 * Names are plurals, singulars, kinds and short names; only string selectors and queries that name
 * a resource get a suggestion.
 *
 * @example
 * ```ts
 * suggestResource(await client.discovery.resources(), 'kopfexampels'); // 'kopfexamples'
 * ```
 */
export function suggestResource(all: readonly Resource[], selector: ResourceSelector): string | undefined {
  let text: string;
  let pool = all;
  if (typeof selector === 'string') text = selector.trim();
  else if (typeof selector === 'object' && selector !== null && identityOf(selector) === undefined) {
    const named = selector.plural ?? selector.name ?? selector.singular ?? selector.kind ?? selector.shortName;
    if (named === undefined) return undefined;
    text = named;
    pool = all.filter((resource) => selector.group === undefined || resource.group === selector.group);
  } else return undefined;
  if (!text) return undefined;
  const wanted = text.toLowerCase();
  const limit = Math.min(3, Math.max(1, Math.floor(wanted.length / 4)));
  let best: { name: string; distance: number; exact: number } | undefined;
  for (const candidate of candidatesLike(text, pool)) {
    const d = distance(wanted, candidate.toLowerCase());
    if (d === 0 || d > limit) continue;
    // On a tie, the spelling closest in case too ('KopfExampel' → the kind, 'kopfexampel' → the singular).
    const exact = distance(text, candidate);
    if (best === undefined || d < best.distance || (d === best.distance && exact < best.exact)) best = { name: candidate, distance: d, exact };
  }
  return best?.name;
}
