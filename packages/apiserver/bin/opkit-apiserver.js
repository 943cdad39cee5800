#!/usr/bin/env node
// The installed `opkit-apiserver` command. A committed shim, so that package managers can link the
// bin before the package is built; the command itself lives in dist/bin/ (built from src/bin/).
import '../dist/bin/opkit-apiserver.js';
