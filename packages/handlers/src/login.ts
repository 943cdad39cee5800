// Login handlers, as in Kopf: `on.login` activities run when the operator connects ("Initial
// authentication"), and again whenever the API server answers 401 or the credentials expire
// ("Re-authentication"); what they return (a ConnectionInfo: server, TLS, credentials) is what the
// operator's client uses. @opkit/kube calls the function made here (ConnectOptions.login).
import type { ConnectionInfo, LoginFn } from '@opkit/kube';
import type { ActivityDeps } from './activities.js';
import { runActivities } from './activities.js';
import { OperatorError } from './operatorError.js';

/**
 * A login function running the registry's login activities: the result with the highest `priority` (the
 * first registered on a tie) is used.
 *
 * @throws OperatorError `login-failed` (from the returned function) when no login handler returned a ConnectionInfo.
 * @example
 * ```ts
 * const client = await connect({ login: loginWithActivities(deps, { signal }) });
 * ```
 */
export function loginWithActivities(deps: ActivityDeps, options: { readonly signal: AbortSignal }): LoginFn {
  return async (reason) => {
    const title = reason === 'initial' ? 'Initial authentication' : 'Re-authentication';
    deps.logger.info(`${title} has been initiated.`);
    const results = await runActivities(deps, 'login', { signal: options.signal });
    const infos: ConnectionInfo[] = [];
    for (const [id, result] of results) {
      if (result === undefined || result === null) continue;
      if (typeof result !== 'object' || typeof (result as ConnectionInfo).server !== 'string') {
        deps.logger.warn(`Login handler '${id}' returned no ConnectionInfo (an object with a server); ignoring it.`);
        continue;
      }
      infos.push(result as ConnectionInfo);
    }
    if (infos.length === 0) {
      deps.logger.warn(`${title} has failed: no credentials were retrieved from the login handlers.`);
      throw new OperatorError('login-failed', 'Ran out of valid credentials: no login handler returned a ConnectionInfo.');
    }
    deps.logger.info(`${title} has finished.`);
    return infos.reduce((best, info) => ((info.priority ?? 0) > (best.priority ?? 0) ? info : best));
  };
}
