// Rendering a template into a project, in memory: copy every file of the template folder, rename
// its names (in paths and contents) with the token map, give npm-unpublishable dotfiles their real
// names, and rewrite package.json for the new project. Nothing touches the disk here, so a dry run,
// the golden tests and a real scaffold all see the same bytes.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PackageManager } from './packageManager.js';
import { transformPackageJson } from './packageJson.js';
import type { ResourceIdentity, TemplateInfo, WatchMode } from './templates.js';
import { buildTokens, compileTokens } from './tokens.js';
import type { ProjectIdentity } from './tokens.js';

/** Folders of a template that are build or run output, never part of a project. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set(['node_modules', 'reports', '.turbo', 'dist', 'coverage', '.opkit']);
/** Files of a template that are local output, never part of a project. */
const SKIPPED_FILES = /(^\.DS_Store$|^Thumbs\.db$|\.tsbuildinfo$|\.tgz$)/;

/**
 * Files shipped under another name: npm never publishes a `.gitignore` (and some tools act on
 * dotfiles inside a template), so templates carry them with a leading underscore.
 */
export const RENAMED_FILES: Readonly<Record<string, string>> = {
  _gitignore: '.gitignore',
  _dockerignore: '.dockerignore',
  _npmrc: '.npmrc',
};

/** One file of a rendered project. */
export interface RenderedFile {
  /** Relative path with `/` separators. */
  readonly path: string;
  readonly content: Buffer;
  /** The file mode bits to create it with (0o644, or 0o755 for an executable). */
  readonly mode: number;
}

/** What to render. */
export interface RenderInput {
  readonly template: TemplateInfo;
  /** The new project's name (its directory's basename). */
  readonly projectName: string;
  readonly resource: ResourceIdentity;
  readonly watch: WatchMode;
  /** create-operator's own version, recorded in package.json#opkit.scaffold.createOperator. */
  readonly scaffolderVersion: string;
  /** The dependency range for the template's `workspace:` dependencies, e.g. `^0.1.0`. */
  readonly opkitRange: string;
  /** Package name → absolute path of its packed tarball (`CREATE_OPERATOR_PKG_DIR`). */
  readonly tarballs?: ReadonlyMap<string, string>;
  /** Which package manager's override field to use with tarballs. */
  readonly pm: PackageManager;
}

/** The relative paths of a template's files, sorted, without build output. */
export function listTemplateFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    const entries = readdirSync(join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path);
      } else if (entry.isFile() && !SKIPPED_FILES.test(entry.name)) {
        out.push(path);
      }
    }
  };
  walk('');
  return out;
}

/** The identity a template is written with. */
export function templateIdentity(template: TemplateInfo): ProjectIdentity {
  return { projectName: template.projectName, ...template.resource };
}

/** A file is text unless it holds a NUL byte (images, archives): only text is renamed inside. */
function isText(content: Buffer): boolean {
  return !content.subarray(0, 8000).includes(0);
}

/**
 * The templates serve all namespaces (`--all-namespaces` in the start script, the Deployment and the
 * image's default command). An own-namespace project serves only the namespace it is deployed in:
 * the Deployment passes its pod's namespace (`POD_NAMESPACE`, from the downward API), and local runs
 * and the image default to the project's namespace. (`op manifests` writes the matching Role.)
 */
export function applyWatchMode(source: string, text: string, watch: WatchMode, namespace: string): string {
  if (watch === 'all') return text;
  const flag = source.startsWith('deploy/') ? '--namespace=$(POD_NAMESPACE)' : `--namespace=${namespace}`;
  return text.replaceAll('--all-namespaces', flag);
}

/**
 * Render `input.template` as the project `input.projectName`, in memory.
 *
 * @returns the files, sorted by path.
 * @throws {Error} when two template files would render to the same path, or a `workspace:` dependency has no tarball.
 */
export function renderTemplate(input: RenderInput): RenderedFile[] {
  const from = templateIdentity(input.template);
  const to: ProjectIdentity = { projectName: input.projectName, ...input.resource };
  const rename = compileTokens(buildTokens(from, to));
  const files = new Map<string, RenderedFile>();
  for (const source of listTemplateFiles(input.template.dir)) {
    const path = source
      .split('/')
      .map((segment) => rename(RENAMED_FILES[segment] ?? segment))
      .join('/');
    const absolute = join(input.template.dir, source);
    let content = readFileSync(absolute);
    if (isText(content)) {
      let text = rename(content.toString('utf8'));
      if (input.template.watch === 'all') text = applyWatchMode(source, text, input.watch, input.projectName);
      if (source === 'package.json') {
        text = transformPackageJson(text, {
          projectName: input.projectName,
          template: input.template.name,
          resource: input.resource,
          watch: input.watch,
          scaffolderVersion: input.scaffolderVersion,
          opkitRange: input.opkitRange,
          ...(input.tarballs ? { tarballs: input.tarballs } : {}),
          pm: input.pm,
        });
      }
      content = Buffer.from(text, 'utf8');
    }
    if (files.has(path)) throw new Error(`template ${input.template.name}: two files render to ${path}; rename one of them in the template`);
    const executable = (statSync(absolute).mode & 0o111) !== 0;
    files.set(path, { path, content, mode: executable ? 0o755 : 0o644 });
  }
  return [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
