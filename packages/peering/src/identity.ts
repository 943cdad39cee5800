// Who we are among peers. Kopf's identity is the pod's name (env `POD_ID`, set from the downward API)
// when there is one; otherwise `user@host/<UTC YYYYmmddHHMMSS>/<3 random characters>` for an operator,
// and plain `user@host` for a manual `freeze`/`resume`, so that a resume removes what a freeze wrote.
import { hostname, userInfo } from 'node:os';

/** Options of {@link detectIdentity}. */
export interface IdentityOptions {
  /** The environment to read `POD_ID` and the user's name from (apps pass `process.env`). @defaultValue {} */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** A manual record (`op freeze`/`op resume`): `user@host` without the time and the random part. @defaultValue false */
  readonly manual?: boolean;
  /** The time for the timestamp part, in ms since the epoch. @defaultValue Date.now() */
  readonly now?: number;
  /** Randomness in [0, 1) for the random part. @defaultValue Math.random */
  readonly random?: () => number;
  /** The host name. @defaultValue os.hostname() without `.local`/`.localdomain` */
  readonly host?: string;
}

// Kopf's alphabet for the random part (it has no "g").
const ALPHABET = 'abcdefhijklmnopqrstuvwxyz0123456789';

/** Drop the suffixes that say nothing about which machine this is, as Kopf does. */
function descriptive(host: string): string {
  let name = host;
  for (let changed = true; changed;) {
    changed = false;
    for (const suffix of ['.local', '.localdomain']) {
      if (name.endsWith(suffix)) {
        name = name.slice(0, -suffix.length);
        changed = true;
      }
    }
  }
  return name;
}

function userName(env: Readonly<Record<string, string | undefined>>): string {
  // Python's getpass.getuser(): the first of these variables, then the password database.
  for (const name of ['LOGNAME', 'USER', 'LNAME', 'USERNAME']) {
    const value = env[name];
    if (value) return value;
  }
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}

/**
 * The identity of this operator among its peers: `POD_ID` if set, else `user@host/YYYYmmddHHMMSS/xyz`
 * (or `user@host` for a manual record).
 *
 * @example
 * ```ts
 * detectIdentity({ env: process.env });                 // 'alice@laptop/20261125030405/k2x'
 * detectIdentity({ env: { POD_ID: 'my-operator-7d9f' } }); // 'my-operator-7d9f'
 * detectIdentity({ env: process.env, manual: true });   // 'alice@laptop'
 * ```
 */
export function detectIdentity(options: IdentityOptions = {}): string {
  const env = options.env ?? {};
  const pod = env.POD_ID;
  if (pod !== undefined) return pod;
  const who = `${userName(env)}@${descriptive(options.host ?? hostname())}`;
  if (options.manual) return who;
  const date = new Date(options.now ?? Date.now());
  const stamp = `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}`;
  const random = options.random ?? Math.random;
  let suffix = '';
  for (let i = 0; i < 3; i++) suffix += ALPHABET[Math.min(ALPHABET.length - 1, Math.floor(random() * ALPHABET.length))];
  return `${who}/${stamp}/${suffix}`;
}
