// Bundles create-operator into one ESM file, dist/index.js, with its dependencies inside (the
// published package has no runtime dependencies, so `npm create operator` installs one package).
// The bundle must load on Node 18 to say which Node Opkit needs, so it targets node18, and imports of
// `node:util`'s `styleText` (Node ≥ 20.12, used by @clack/prompts) go through a shim that falls back
// to plain text where Node lacks it.
import { defineConfig } from 'rolldown';

const UTIL_SHIM = '\0node-util-shim';

/** Redirect bundled code's `node:util` to a module that adds `styleText` where Node lacks it. */
function nodeUtilShim() {
  return {
    name: 'node-util-shim',
    resolveId(source, importer) {
      if ((source === 'node:util' || source === 'util') && importer !== UTIL_SHIM) return UTIL_SHIM;
      return null;
    },
    load(id) {
      if (id !== UTIL_SHIM) return null;
      return [
        "import * as util from 'node:util';",
        "export * from 'node:util';",
        'export default util.default ?? util;',
        'export const styleText = util.styleText ?? ((_format, text) => text);',
        'export const stripVTControlCharacters = util.stripVTControlCharacters ?? ((text) => text.replace(/\\u001b\\[[0-9;]*m/g, ""));',
      ].join('\n');
    },
  };
}

export default defineConfig({
  input: 'src/cli.ts',
  platform: 'node',
  plugins: [nodeUtilShim()],
  transform: { target: 'node18' },
  output: {
    file: 'dist/index.js',
    format: 'esm',
    codeSplitting: false,
    banner: '#!/usr/bin/env node',
  },
});
