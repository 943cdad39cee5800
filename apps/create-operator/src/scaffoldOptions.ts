// The shapes option resolution works with: the facts and answers it reads, the questions it asks,
// and the options it settles on. Types only, shared by resolution, the prompts, the report and main.
import type { PackageManagerInfo } from './packageManager.js';
import type { ResourceIdentity, Scope, TemplateInfo, WatchMode } from './templates.js';

/** What is at a path. */
export type DirState =
  | { readonly exists: false }
  | { readonly exists: true; readonly isDirectory: boolean; readonly entries: readonly string[] };

/** Answers to the questions asked so far (by the prompts, or a test). */
export interface Answers {
  template?: string;
  dir?: string;
  overwrite?: boolean;
  customize?: boolean;
  kind?: string;
  group?: string;
  version?: string;
  plural?: string;
  scope?: Scope;
  watch?: WatchMode;
  install?: boolean;
  git?: boolean;
}

/** Everything option resolution looks at. */
export interface ResolveInput {
  /** The arguments after the script name. */
  readonly argv: readonly string[];
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Whether stdin and stdout are terminals. */
  readonly tty: { readonly stdin: boolean; readonly stdout: boolean };
  readonly cwd: string;
  readonly templates: readonly TemplateInfo[];
  readonly answers: Readonly<Answers>;
  /** What is at an absolute path (the target directory). */
  readonly inspectDir: (path: string) => DirState;
  /** Whether git is installed, and whether a path lies inside an existing work tree. */
  readonly git: { readonly available: boolean; readonly insideWorkTree: (path: string) => boolean };
  /** The running Node's version (`process.version`). */
  readonly nodeVersion: string;
  /** create-operator's own version. */
  readonly ownVersion: string;
}

/** A question for the user; `default` is what Enter (and non-interactive mode) picks. */
export type Question =
  | { readonly id: 'template'; readonly message: string; readonly choices: readonly Choice[]; readonly default: string }
  | { readonly id: 'dir'; readonly message: string; readonly default: string; readonly validate: (value: string) => string | undefined }
  | { readonly id: 'overwrite'; readonly message: string; readonly default: false }
  | { readonly id: 'customize'; readonly message: string; readonly default: false }
  | {
      readonly id: 'kind' | 'group' | 'version' | 'plural';
      readonly message: string;
      readonly default: string;
      readonly validate: (value: string) => string | undefined;
    }
  | { readonly id: 'scope' | 'watch'; readonly message: string; readonly choices: readonly Choice[]; readonly default: string }
  | { readonly id: 'install' | 'git'; readonly message: string; readonly default: boolean };

/** One choice of a select question. */
export interface Choice {
  readonly value: string;
  readonly label: string;
  readonly hint?: string;
}

/** Everything needed to create the project. */
export interface ScaffoldOptions {
  readonly template: TemplateInfo;
  /** The directory as the user wrote it (for `cd`). */
  readonly dirArg: string;
  /** Absolute target directory. */
  readonly dir: string;
  /** Package, namespace and Deployment name: the directory's basename. */
  readonly projectName: string;
  readonly resource: ResourceIdentity;
  readonly watch: WatchMode;
  readonly pm: PackageManagerInfo;
  readonly install: boolean;
  readonly git: boolean;
  /** Why git is not initialised, when it is not and the user did not say so. */
  readonly gitSkipped?: string;
  /** Entries of the target directory to remove first (`--overwrite`; never `.git`). */
  readonly remove: readonly string[];
  /** Entries already in the target directory that stay (allowlisted, plus `.git`). */
  readonly keep: readonly string[];
  readonly dryRun: boolean;
  readonly json: boolean;
  readonly interactive: boolean;
  /** Range for the template's @opkit dependencies (`--opkit-version`; a bare version becomes `^version`). */
  readonly opkitVersion: string;
  /** create-operator's version, recorded in the project. */
  readonly scaffolderVersion: string;
  /** `CREATE_OPERATOR_PKG_DIR`, absolute. */
  readonly pkgDir?: string;
  /** Notes for the user (e.g. why install is off by default). */
  readonly notes: readonly string[];
}

/** The outcome of {@link resolveOptions}. */
export type Resolution =
  | { readonly type: 'help' }
  | { readonly type: 'version' }
  | { readonly type: 'error'; readonly message: string; readonly json: boolean }
  | { readonly type: 'ask'; readonly question: Question }
  | { readonly type: 'ready'; readonly options: ScaffoldOptions };
