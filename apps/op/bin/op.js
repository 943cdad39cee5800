#!/usr/bin/env node
// The installed `op` command. A committed shim, so that package managers can link the bin before the
// package is built (a clean `pnpm install` of the workspace links it into every project that depends on
// @opkit/cli); the command itself lives in dist/bin/ (built from src/bin/).
import '../dist/bin/op.js';
