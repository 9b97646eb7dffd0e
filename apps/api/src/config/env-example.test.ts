import fs from 'node:fs';
import path from 'node:path';
import { API_VARIABLES, REPO_ROOT } from './env';

// .env.example is the list an operator reads: it must name every variable the code reads, and nothing else.

/** The VITE_ variables the web app reads (its sources and its Vite config). */
function webVariables(): string[] {
  const names = new Set<string>();
  const scan = (file: string) => {
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/\bVITE_[A-Z0-9_]*[A-Z0-9]\b/g)) names.add(match[0]);
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) scan(file);
    }
  };
  walk(path.join(REPO_ROOT, 'apps/web/src'));
  scan(path.join(REPO_ROOT, 'apps/web/vite.config.ts'));
  return [...names];
}

/** The variables .env.example lists, set or commented out (`# NAME=`). */
function listedVariables(): string[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8');
  return [...new Set([...text.matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!))];
}

describe('.env.example', () => {
  it('lists every variable the API and the web app read, and no other', () => {
    const read = [...API_VARIABLES, ...webVariables()].sort();
    expect(read).toEqual(expect.arrayContaining(['PORT', 'MONGODB_URI', 'VITE_FIREBASE_API_KEY', 'VITE_AUTH_EMULATOR_PORT']));
    expect(listedVariables().sort()).toEqual(read);
  });
});
