// Why this file exists: a watch body is newline-delimited JSON. Unlike client-node's Watch we do not
// drop lines we cannot parse (that hides a broken stream) and we impose no silence timeout of our own
// (the watching layer owns liveness); a bad line ends the stream with a protocol error.

import { parseJson } from '@opkit/json';
import { KubeNetworkError } from '../errors.js';
import type { TransportStream } from './transport.js';
import { translate } from './transport.js';

/** One raw watch event as the server sent it. */
export interface RawWatchEvent<T = Record<string, unknown>> {
  type: 'ADDED' | 'MODIFIED' | 'DELETED' | 'BOOKMARK' | 'ERROR';
  object: T;
}

const TYPES = new Set(['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR']);

function parseLine(line: string, where: string): RawWatchEvent {
  let value: unknown;
  try {
    value = parseJson(line);
  } catch (error) {
    throw new KubeNetworkError(`${where}: a watch line is not JSON: ${line.slice(0, 120)}`, { cause: error, code: 'protocol' });
  }
  const event = value as Partial<RawWatchEvent>;
  if (typeof event !== 'object' || event === null || !TYPES.has(event.type as string) || typeof event.object !== 'object' || event.object === null) {
    throw new KubeNetworkError(`${where}: a watch line is not a watch event: ${line.slice(0, 120)}`, { code: 'protocol' });
  }
  return event as RawWatchEvent;
}

/**
 * Yield the events of a watch response until the server ends it. Breaking out of the loop, an
 * error, or the request's signal closes the connection.
 */
export async function* watchEvents(stream: TransportStream, where: string, signal?: AbortSignal): AsyncGenerator<RawWatchEvent> {
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for await (const chunk of stream.body) {
      buffer += decoder.decode(chunk as Buffer, { stream: true });
      let start = 0;
      for (let end = buffer.indexOf('\n', start); end >= 0; end = buffer.indexOf('\n', start)) {
        const line = buffer.slice(start, end).trim();
        start = end + 1;
        if (line) yield parseLine(line, where);
      }
      buffer = buffer.slice(start);
    }
    const rest = (buffer + decoder.decode()).trim();
    if (rest) yield parseLine(rest, where);
  } catch (error) {
    if (error instanceof KubeNetworkError) throw error;
    throw translate(error, { method: 'GET', path: where.replace(/^GET /, ''), signal });
  } finally {
    stream.close();
  }
}
