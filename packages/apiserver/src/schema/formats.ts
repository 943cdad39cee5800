// The string formats a CRD schema may name and kube-apiserver checks (kube-openapi's registry):
// date-time, date, uuid, byte, ipv4, ipv6, cidr, mac, hostname, email, uri, duration, hexcolor,
// rgbcolor. Unknown formats and numeric formats (int32, int64, float, double) are not checked.

import { isIP } from 'node:net';
import { timeValid } from '../validation/microTime.js';

const HOSTNAME = /^(?=.{1,255}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const UUID = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MAC = /^(?:[0-9A-Fa-f]{2}([:-]))(?:[0-9A-Fa-f]{2}\1){4}[0-9A-Fa-f]{2}$|^(?:[0-9A-Fa-f]{4}\.){2}[0-9A-Fa-f]{4}$/;
const DURATION = /^(?:[-+]?(?:\d+(?:\.\d*)?|\.\d+)\s*(?:ns|us|µs|ms|s|m|h|d|w)\s*)+$/;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

function dateValid(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return mo >= 1 && mo <= 12 && d >= 1 && d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

function cidrValid(text: string): boolean {
  const slash = text.indexOf('/');
  if (slash < 0) return false;
  const ip = text.slice(0, slash);
  const bits = text.slice(slash + 1);
  const family = isIP(ip);
  if (family === 0 || !/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

const CHECKS: Record<string, (text: string) => boolean> = {
  'date-time': timeValid,
  datetime: timeValid,
  date: dateValid,
  uuid: (t) => UUID.test(t),
  uuid3: (t) => UUID.test(t) && t.replace(/-/g, '').charAt(12) === '3',
  uuid4: (t) => UUID.test(t) && t.replace(/-/g, '').charAt(12) === '4',
  uuid5: (t) => UUID.test(t) && t.replace(/-/g, '').charAt(12) === '5',
  byte: (t) => BASE64.test(t),
  ipv4: (t) => isIP(t) === 4,
  ipv6: (t) => isIP(t) === 6,
  cidr: cidrValid,
  mac: (t) => MAC.test(t),
  hostname: (t) => HOSTNAME.test(t),
  email: (t) => EMAIL.test(t),
  uri: (t) => URL.canParse(t),
  duration: (t) => DURATION.test(t),
  hexcolor: (t) => /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(t),
  rgbcolor: (t) => /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/.test(t),
};

/**
 * Whether `text` satisfies `format`; formats kube does not check are always satisfied.
 *
 * @example
 * stringFormatValid('date-time', '2026-01-02T03:04:05Z'); // true
 */
export function stringFormatValid(format: string, text: string): boolean {
  const check = CHECKS[format];
  return check === undefined || check(text);
}
