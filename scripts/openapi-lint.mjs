// `pnpm lint:openapi`: writes the OpenAPI document exactly as the API builds it (with and without its own
// tokens, since POST /token exists only with JWT_SECRET) and lints both with Redocly's recommended rules.
// No ignore file: an error or a warning fails.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiRequire = createRequire(path.join(root, 'apps/api/package.json'));
// tsx (the API's dev runner) loads the TypeScript source, so the document is the one the API serves.
// (Its ESM entry: createRequire would resolve the CommonJS one.)
const tsxDir = path.dirname(apiRequire.resolve('tsx/package.json'));
const { tsImport } = await import(pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href);
const { buildOpenApiDocument } = await tsImport(path.join(root, 'apps/api/src/modules/openapi/openapi.ts'), import.meta.url);

const out = fs.mkdtempSync(path.join(os.tmpdir(), 'book-warehouse-openapi-'));
const files = [true, false].map((apiTokens) => {
  const file = path.join(out, `openapi${apiTokens ? '' : '-without-api-tokens'}.json`);
  fs.writeFileSync(file, `${JSON.stringify(buildOpenApiDocument({ apiTokens }), null, 2)}\n`);
  return file;
});

const require = createRequire(import.meta.url);
const redocly = require.resolve('@redocly/cli/bin/cli.js');
const { status } = spawnSync(process.execPath, [redocly, 'lint', '--extends', 'recommended', '--max-problems', '1000', ...files], {
  stdio: 'inherit',
  cwd: out,
  // Offline-friendly and quiet: no usage report, no update check.
  env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
});
fs.rmSync(out, { recursive: true, force: true });
process.exit(status ?? 1);
