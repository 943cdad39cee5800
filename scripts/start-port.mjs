// The port of `npm start`'s embedded API server: the same one every start (so a kubeconfig, a browser tab or
// a shell alias pointing at it keeps working across restarts), unless it is taken, then any free port.
// OPKIT_PORT, when set, is used as it is (0: any free port).
import { createServer } from 'node:net';

/** The port `npm start` asks for first (6443 is the usual Kubernetes API port; 6445 stays clear of a local cluster's). */
export const DEFAULT_PORT = 6445;

/** Whether `port` can be listened on at 127.0.0.1, where the embedded API server listens. */
export function portIsFree(port, host = '127.0.0.1') {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/**
 * The port to start on and what to tell the user about it.
 * @param {NodeJS.ProcessEnv} env the environment (OPKIT_PORT)
 * @param {number} [preferred] the stable default
 * @returns {Promise<{ port: number, message: string }>}
 */
export async function choosePort(env, preferred = DEFAULT_PORT) {
  const given = env.OPKIT_PORT;
  if (given !== undefined && given !== '') {
    const port = Number(given);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      throw new Error(`OPKIT_PORT must be a port number from 0 to 65535 (0: any free port), not ${JSON.stringify(given)}`);
    }
    return { port, message: port === 0 ? 'OPKIT_PORT=0: the API server takes any free port' : `the API server listens on port ${port} (OPKIT_PORT)` };
  }
  if (await portIsFree(preferred)) return { port: preferred, message: `the API server listens on port ${preferred} (set OPKIT_PORT to choose another)` };
  return { port: 0, message: `port ${preferred} is in use, so the API server takes a free port this time (set OPKIT_PORT to choose one)` };
}
