// ESLint flat config for the whole workspace. Type-aware rules run on TypeScript sources; every
// package's `lint` script runs ESLint from its own folder and finds this file.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** `any` and the rules that follow it through the code: on everywhere but where UNSAFE_ANY_ALLOWED says. */
const ANY_RULES = ['no-explicit-any', 'no-unsafe-assignment', 'no-unsafe-member-access', 'no-unsafe-argument', 'no-unsafe-call', 'no-unsafe-return'];

/**
 * Where `any` is allowed, and why: code whose data is JSON of a shape only known at run time. Anywhere else an
 * `any` is a type to write (or a line-level `eslint-disable-next-line` with its reason).
 */
const UNSAFE_ANY_ALLOWED = [
  // The embedded API server stores, patches, validates and serves objects of every kind (built-in and custom) as
  // JSON whose shape the request and the CRD schema decide.
  ['packages/apiserver/src/**/*.ts'],
  // The handler vocabulary: as in Kopf, handlers get the object's body, spec, status, meta and memo as free-form
  // JSON they read without casts, and the registry stores handlers of every signature.
  ['packages/handlers/src/**/*.ts'],
  // Kopf's handler progress, finalizers and patches: JSON read back from annotations and status that another
  // operator (Kopf itself) may have written.
  ['packages/state/src/handlerState.ts', 'packages/state/src/handlerStates.ts', 'packages/state/src/finalizers.ts', 'packages/state/src/patch.ts'],
  // The built-in resource catalog and the CRD/RBAC manifests, assembled as plain JSON documents.
  ['packages/manifests/src/catalog.ts', 'packages/manifests/src/generateManifests.ts'],
  // op dev's model of the records that the operator child process sends over IPC (JSON of many record types).
  ['apps/op/src/dev/model/store.ts', 'apps/op/src/dev/plain.ts'],
  // Benchmarks drive the API server with raw JSON bodies and time them; no library code.
  ['apps/bench/src/scenarios/**/*.ts'],
  // Tests read response bodies, watch events and reports as JSON and assert on them: the assertion is the check.
  ['**/test/**/*.{ts,tsx}', '**/*.test.{ts,tsx}'],
];

const noDefaultExport = {
  selector: 'ExportDefaultDeclaration',
  message: 'Use named exports only: default exports make renames and re-exports ambiguous.',
};

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/.toolchain/**', '**/reports/**', '**/coverage/**', 'scripts/fixtures/**', '**/*.d.ts',
      // Rendered projects kept as golden test data: compared byte for byte, never run here.
      'apps/create-operator/testdata/**'],
  },
  js.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/only-throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/unbound-method': 'off',
      'no-restricted-syntax': ['error', noDefaultExport],
    },
  },
  ...UNSAFE_ANY_ALLOWED.map((files) => ({
    files,
    rules: Object.fromEntries(ANY_RULES.map((rule) => [`@typescript-eslint/${rule}`, 'off'])),
  })),
  {
    // Tools' own configuration files must default-export.
    files: ['**/vitest.config.ts', '**/vite.config.ts', '**/*.config.{js,mjs,ts}'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Libraries take a Logger; only apps (and tests) talk to the console.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/bin/**', '**/cli/**'],
    rules: { 'no-console': 'error' },
  },
);
