import { describe, expect, it } from 'vitest';
import { apiError, ConflictError, GoneError, KubeApiError, NotFoundError, ServerError, TooManyRequestsError, UnprocessableError } from './errors.js';

describe('apiError', () => {
  it('maps statuses to subclasses and keeps the Status body', () => {
    const body = JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', message: 'configmaps "x" not found', reason: 'NotFound', code: 404 });
    const error = apiError(404, body, 'GET /api/v1/namespaces/default/configmaps/x');
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toBeInstanceOf(KubeApiError);
    expect(error.code).toBe('api');
    expect(error.status).toBe(404);
    expect(error.reason).toBe('NotFound');
    expect(error.body.message).toBe('configmaps "x" not found');
    expect(error.message).toContain('GET /api/v1/namespaces/default/configmaps/x failed with 404 NotFound');
    expect(apiError(409, '{}', 'x')).toBeInstanceOf(ConflictError);
    expect(apiError(410, '{}', 'x')).toBeInstanceOf(GoneError);
    expect(apiError(422, '{}', 'x')).toBeInstanceOf(UnprocessableError);
  });
  it('carries Retry-After on 429 and 5xx', () => {
    const throttled = apiError(429, '', 'x', 1000);
    expect(throttled).toBeInstanceOf(TooManyRequestsError);
    expect((throttled as TooManyRequestsError).retryAfterMs).toBe(1000);
    expect(apiError(503, 'upstream down', 'x')).toBeInstanceOf(ServerError);
    expect(apiError(503, 'upstream down', 'x').body.message).toBe('upstream down');
  });
});
