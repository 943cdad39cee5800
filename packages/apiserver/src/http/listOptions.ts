// Why this file exists: kube-apiserver validates the ListOptions of every list and watch before it reads
// anything (apimachinery's ValidateListOptions), and clients rely on its answers: a client that asks for a
// WatchList stream (`sendInitialEvents`) learns from the 422 that the server cannot give one and falls back
// to a paged list. The rules, their order and their messages are kube's, one 422 Invalid ListOptions
// naming every broken rule as a cause.
import { Statuses } from '../errors.js';
import type { StatusCause } from '../errors.js';
import type { QueryParams } from './query.js';

/** The one resourceVersionMatch a watch takes (with sendInitialEvents). */
const NOT_OLDER_THAN = 'NotOlderThan';

function forbidden(field: string, detail: string): StatusCause {
  return { reason: 'FieldValueForbidden', field, message: `Forbidden: ${detail}` };
}

function notSupported(field: string, value: string, supported: string[]): StatusCause {
  return { reason: 'FieldValueNotSupported', field, message: `Unsupported value: ${JSON.stringify(value)}: supported values: ${supported.map((s) => JSON.stringify(s)).join(', ')}` };
}

/**
 * Checks a list's or a watch's options as kube-apiserver does, and throws its 422 (Invalid ListOptions) when
 * a rule is broken. `watchList` says whether the server serves WatchList streams (kube's WatchList feature
 * gate): without it, `sendInitialEvents` is refused on a watch too.
 *
 * @example
 * validateListOptions(query, true, true); // watch=true&sendInitialEvents=true without resourceVersionMatch: throws 422
 */
export function validateListOptions(query: QueryParams, watch: boolean, watchList: boolean): void {
  const match = query.string('resourceVersionMatch') ?? '';
  const resourceVersion = query.string('resourceVersion') ?? '';
  const continueToken = query.string('continue') ?? '';
  const sendInitialEvents = query.has('sendInitialEvents');
  const causes: StatusCause[] = [];
  if (watch) {
    if (sendInitialEvents) {
      if (match !== NOT_OLDER_THAN) causes.push(forbidden('resourceVersionMatch', `sendInitialEvents requires setting resourceVersionMatch to ${NOT_OLDER_THAN}`));
      if (!watchList) causes.push(forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled'));
    }
    if (match !== '') {
      if (!sendInitialEvents) causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
      if (match !== NOT_OLDER_THAN) causes.push(notSupported('resourceVersionMatch', match, [NOT_OLDER_THAN]));
      if (continueToken !== '') causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    }
  } else {
    if (match !== '') {
      if (resourceVersion === '') causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
      if (continueToken !== '') causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
      if (match !== 'Exact' && match !== NOT_OLDER_THAN) causes.push(notSupported('resourceVersionMatch', match, ['Exact', NOT_OLDER_THAN, '']));
      if (match === 'Exact' && resourceVersion === '0') causes.push(forbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
    }
    if (sendInitialEvents) causes.push(forbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  }
  if (causes.length > 0) throw Statuses.invalid('ListOptions', 'meta.k8s.io', '', causes);
}
