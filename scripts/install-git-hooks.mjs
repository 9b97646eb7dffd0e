// `prepare` (run by `pnpm install`): installs the pre-commit hook of package.json ("simple-git-hooks").
// A no-op in CI and outside this project's own git checkout (a tarball, a copy inside another repository),
// so it can never fail an install. SKIP_INSTALL_SIMPLE_GIT_HOOKS=1 skips it too.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const skip = (why) => {
  console.log(`git hooks: not installed (${why})`);
  process.exit(0);
};

if (process.env.CI === 'true') skip('CI');
const top = spawnSync('git', ['rev-parse', '--show-toplevel'], { cwd: root, encoding: 'utf8' });
if (top.status !== 0 || path.resolve(top.stdout.trim()) !== root) skip('not a git checkout of this project');

const require = createRequire(import.meta.url);
const { status } = spawnSync(process.execPath, [require.resolve('simple-git-hooks/cli.js')], { cwd: root, stdio: 'inherit' });
if (status !== 0) console.warn('git hooks: simple-git-hooks failed; commits will not be checked before they are made');
