// GET and LIST. A list answers `XList` with the global resourceVersion; with `limit` it answers one page
// plus an opaque `continue` token that reads the rest of the same snapshot (kept ~5 minutes; an expired
// token gets 410). Tables for kubectl come from the table module through the adapter.
import { randomUUID } from 'node:crypto';
import { Statuses } from '../errors.js';
import { apiVersionOf } from '../resources/types.js';
import type { KubeObject, ResourceType } from '../resources/types.js';
import type { ObjectStore } from '../storage/index.js';
import { parseResourceVersion, tooLargeResourceVersion } from './resourceVersion.js';

interface Snapshot {
  items: KubeObject[];
  resourceVersion: string;
  expires: number;
  storageKey: string;
}

/** How long a continue token stays valid. */
export const CONTINUE_TTL_MS = 5 * 60_000;
const MAX_SNAPSHOTS = 200;

/** The result of one list page (served objects). */
export interface ListPage {
  items: KubeObject[];
  resourceVersion: string;
  continueToken?: string;
  remainingItemCount?: number;
}

/**
 * Keeps list snapshots for continue tokens.
 *
 * @example
 * const lister = new Lister(store);
 * lister.list(type, 'default', undefined, { limit: 500 }, served);
 */
export class Lister {
  private readonly snapshots = new Map<string, Snapshot>();

  constructor(
    private readonly store: ObjectStore,
    private readonly now: () => number = Date.now,
  ) {}

  /** One page of a list. `served` converts stored → served; `matches` filters served objects. */
  list(
    type: ResourceType,
    namespace: string | undefined,
    matches: ((obj: KubeObject) => boolean) | undefined,
    query: { limit?: number; continueToken?: string; resourceVersion?: string; resourceVersionMatch?: string },
    served: (obj: KubeObject) => KubeObject,
  ): ListPage {
    this.expire();
    let items: KubeObject[];
    let offset = 0;
    let resourceVersion: string;
    let snapshotId: string | undefined;
    if (query.continueToken) {
      const decoded = decodeToken(query.continueToken);
      if (!decoded) throw Statuses.badRequest(`continue key is not valid: ${query.continueToken}`);
      const snap = this.snapshots.get(decoded.id);
      if (!snap || snap.storageKey !== type.storageKey) {
        throw Statuses.expired('The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter.');
      }
      items = snap.items;
      offset = decoded.offset;
      resourceVersion = snap.resourceVersion;
      snapshotId = decoded.id;
    } else {
      const current = this.store.resourceVersion;
      const n = parseResourceVersion(query.resourceVersion);
      if (n !== undefined) {
        if (n > current) throw tooLargeResourceVersion(n, current);
        if (query.resourceVersionMatch === 'Exact' && n !== current) {
          throw Statuses.expired(`too old resource version: ${n} (${current})`);
        }
      }
      items = [];
      for (const stored of this.store.list(type.storageKey, type.namespaced ? namespace : undefined)) {
        const obj = served(stored);
        if (!matches || matches(obj)) items.push(obj);
      }
      resourceVersion = String(current);
    }
    const limit = query.limit && query.limit > 0 ? query.limit : undefined;
    if (!limit) return { items: offset ? items.slice(offset) : items, resourceVersion };
    const page = items.slice(offset, offset + limit);
    const next = offset + page.length;
    if (next >= items.length) {
      if (snapshotId) this.snapshots.delete(snapshotId);
      return { items: page, resourceVersion };
    }
    if (!snapshotId) {
      snapshotId = randomUUID();
      this.snapshots.set(snapshotId, { items, resourceVersion, expires: this.now() + CONTINUE_TTL_MS, storageKey: type.storageKey });
      while (this.snapshots.size > MAX_SNAPSHOTS) {
        const oldest = this.snapshots.keys().next().value;
        if (oldest === undefined) break;
        this.snapshots.delete(oldest);
      }
    }
    return { items: page, resourceVersion, continueToken: encodeToken(snapshotId, next), remainingItemCount: items.length - next };
  }

  private expire(): void {
    const now = this.now();
    for (const [id, snap] of this.snapshots) if (snap.expires < now) this.snapshots.delete(id);
  }

  /** Drops every snapshot. */
  clear(): void {
    this.snapshots.clear();
  }
}

function encodeToken(id: string, offset: number): string {
  return Buffer.from(JSON.stringify({ v: 1, id, offset })).toString('base64url');
}

/** The snapshot and offset a continue token names, or undefined when it is not one of this server's tokens. */
export function decodeToken(token: string): { id: string; offset: number } | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
    if (typeof parsed?.id === 'string' && Number.isInteger(parsed.offset)) return { id: parsed.id, offset: parsed.offset };
  } catch {
    // fall through
  }
  return undefined;
}

/** The `XList` body for a page. */
export function listBody(type: ResourceType, page: ListPage): KubeObject {
  const metadata: Record<string, any> = { resourceVersion: page.resourceVersion };
  if (page.continueToken) metadata.continue = page.continueToken;
  if (page.remainingItemCount !== undefined) metadata.remainingItemCount = page.remainingItemCount;
  return listEnvelope(type, metadata, page.items);
}

/**
 * A list object in the order kube writes it: a typed list (built-in kinds) as its struct (kind,
 * apiVersion, ListMeta's resourceVersion/continue/remainingItemCount, items); a custom resource list is
 * a map, so every key is in byte order (apiVersion, items, kind, metadata{continue, …, resourceVersion}).
 */
export function listEnvelope(type: ResourceType, metadata: Record<string, any>, items: KubeObject[]): KubeObject {
  if (type.builtin) return { kind: type.listKind, apiVersion: apiVersionOf(type), metadata, items };
  const meta: Record<string, any> = {};
  for (const key of Object.keys(metadata).sort()) meta[key] = metadata[key];
  return { apiVersion: apiVersionOf(type), items, kind: type.listKind, metadata: meta };
}
