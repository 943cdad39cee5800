// The `create-operator` bin (bundled to dist/index.js): runs main() on this process and exits with
// its code. Kept to these lines so the bundle does nothing before main() checks the Node version.
import { main } from './main.js';

const code = await main({
  argv: process.argv.slice(2),
  env: process.env,
  cwd: process.cwd(),
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  nodeVersion: process.version,
});
process.exitCode = code;
