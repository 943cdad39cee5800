// Where a link that leaves docs/ for the repository goes on the site: an example's directory to the example's page,
// an app's README to the page built from it. Any other link is left as written (VitePress then fails on a dead one).
import { posix } from 'node:path';

/** Repository files outside docs/ that the site has a page for: repository path → site path. */
const PAGES = new Map([
  ['examples', '/examples/'],
  ['examples/README.md', '/examples/'],
  ['apps/bench/README.md', '/bench'],
]);

/**
 * A heading's anchor as GitHub (and the site) makes it: lower case, punctuation dropped, each space a hyphen.
 * @param {string} text
 * @returns {string}
 */
export function githubSlug(text) {
  return text.trim().toLowerCase().replace(/[^\p{L}\p{N}\p{M}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/**
 * The site's address for `href` written in the page `relativePath` (a path inside docs/), or `href` unchanged.
 * @param {string} href
 * @param {string} relativePath
 * @returns {string}
 */
export function rewriteRepositoryLink(href, relativePath) {
  if (/^[a-z][a-z0-9+.-]*:|^#|^\//i.test(href)) return href;
  const [path, hash = ''] = href.split('#');
  const target = posix.normalize(posix.join('docs', posix.dirname(relativePath), path)).replace(/\/$/, '');
  if (target === 'docs' || target.startsWith('docs/')) return href;
  const anchor = hash ? `#${hash}` : '';
  const page = PAGES.get(target);
  if (page) return page + anchor;
  const example = /^examples\/([^/]+)(?:\/(?:README\.md)?)?$/.exec(target);
  if (example) return `/examples/${example[1]}${anchor}`;
  // A file of an example: its page shows each source file under a heading of the file's name.
  const file = /^examples\/([^/]+)\/([^/]+\.(?:ts|ya?ml|py))$/.exec(target);
  if (file) return `/examples/${file[1]}#${githubSlug(file[2])}`;
  const pkg = /^packages\/([^/]+)(?:\/(?:README\.md)?)?$/.exec(target);
  if (pkg) return `/api/@opkit/${pkg[1]}/${anchor}`;
  return href;
}
