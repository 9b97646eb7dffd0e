// One ESLint config for the whole workspace (`pnpm lint` runs it with --max-warnings 0).
// The layering of CONTRIBUTING.md is enforced here, in the "Boundaries" section below.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const web = 'apps/web/src';
const api = 'apps/api/src';

/** The folders of a directory, so a new feature or module is covered without editing this file. */
const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Files type-checked with the tsconfig beside them: every .ts/.tsx, and the JavaScript bench/tsconfig.json
 * checks. scripts/ has no tsconfig of its own (bench's takes in node24.mjs, but the project service looks
 * for the nearest one), so its files get the plain JavaScript rules.
 */
const TYPED = ['**/*.ts', '**/*.tsx', 'bench/**/*.mjs'];

const webZones = [
  // Features do not import each other: a page in app/ composes them.
  ...folders(`${web}/features`).map((feature) => ({
    target: `${web}/features/${feature}`,
    from: `${web}/features`,
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in a page under app/.',
  })),
  { target: `${web}/features`, from: `${web}/app`, message: 'Features do not import app/: app/ composes features, not the reverse.' },
  // Shared code sits below the features.
  ...['components', 'lib', 'config'].map((shared) => ({
    target: `${web}/${shared}`,
    from: [`${web}/features`, `${web}/app`],
    message: `${shared}/ is shared code: it imports no feature and nothing from app/.`,
  })),
];

const apiZones = [
  {
    target: [`${api}/lib`, `${api}/middleware`, `${api}/config`],
    from: `${api}/modules`,
    message: 'lib/, middleware/ and config/ sit below the modules: they import none (move the shared piece down instead).',
  },
  ...folders(`${api}/modules`).map((module) => ({
    target: `${api}/modules/${module}/**`,
    from: `${api}/modules/**`,
    // Glob exceptions are matched against the resolved, absolute path of the import.
    except: [
      path.join(root, api, 'modules', module, '**'),
      // Another module's service (its types, its service interface) and its endpoint declarations (which the
      // OpenAPI document is built from) are its public face.
      path.join(root, api, 'modules/*/*.service.ts'),
      path.join(root, api, 'modules/*/*.endpoints.ts'),
    ],
    message:
      "A module imports only another module's *.service.ts or *.endpoints.ts, never its repository, routes or helpers; app.ts composes modules.",
  })),
];

/**
 * What an API file may not import: the driver (only the data layer talks to MongoDB; `types` lets a
 * composition root name its types) and another module's service as a value (its types only: app.ts builds
 * the services and hands them over).
 */
const apiImports = (mongodb) => [
  'error',
  {
    paths:
      mongodb === 'allowed'
        ? []
        : [
            {
              name: 'mongodb',
              allowTypeImports: mongodb === 'types',
              message: 'Only *.repository.ts files (and lib/database*.ts, lib/mongo.ts) talk to MongoDB: go through a repository.',
            },
          ],
    patterns: [
      {
        group: ['../*/*.service'],
        allowTypeImports: true,
        message: "Another module's service is imported for its types only; shared code belongs in lib/ or packages/types.",
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/',
      '**/dist/',
      '**/dist-ssr/',
      '**/coverage/',
      '.data/',
      'apps/web/e2e/artifacts/',
      'apps/web/test-results/',
      'apps/web/playwright-report/',
      'bench/results/',
      'bench/.node24/',
    ],
  },
  // A disable comment names its rule and says why after "--"; one that no longer silences anything fails.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  comments.recommended,
  {
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
    },
  },

  // Every file: ESLint's recommended rules, Node's globals for the scripts.
  js.configs.recommended,
  { files: ['**/*.{js,mjs,cjs}'], languageOptions: { globals: globals.node } },
  { files: ['**/*.cjs', 'apps/api/jest.config.js'], languageOptions: { sourceType: 'commonjs' } },

  // TypeScript, and the bench's checked JavaScript: typescript-eslint's type-checked rules, with the tsconfig
  // that includes each file (projectService finds it). The scripts outside bench/ have no tsconfig and get
  // the plain JavaScript rules above: type-aware rules would have no types to work with there.
  ...tseslint.configs.recommendedTypeChecked.map((config) => ({ ...config, files: TYPED })),
  {
    files: TYPED,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      // `_name` marks a value kept on purpose (a destructured-away field, an unused callback argument).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // `declare global { namespace Express { ... } }` is how Express's own types are augmented (req.user);
      // a namespace written for any other reason is still refused.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
    },
  },
  {
    files: ['apps/web/**/*.tsx'],
    rules: {
      // React ignores what an event handler returns, and react-router's navigate() answers `void | Promise<void>`:
      // an async onClick/onSubmit is the normal shape here, and each one catches its own failure (it toasts).
      // Promises passed anywhere else (timers, arguments) are still checked, and so are unawaited calls.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },

  // The web app: hooks and accessibility.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: { globals: globals.browser },
  },
  { files: ['apps/web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },

  // Boundaries: the layering of CONTRIBUTING.md.
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json'], noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...webZones, ...apiZones] }],
      // A cycle means two files each hold half of something: move the shared piece down a layer.
      'import-x/no-cycle': 'error',
    },
  },
  { files: [`${api}/**/*.ts`], rules: { '@typescript-eslint/no-restricted-imports': apiImports('refused') } },
  {
    // The composition roots hand the connection (a `Db`) to the repositories they build; they may name its
    // type but make no driver call of their own.
    files: [`${api}/app.ts`, `${api}/server.ts`, `${api}/modules/seed/seed.ts`],
    rules: { '@typescript-eslint/no-restricted-imports': apiImports('types') },
  },
  {
    files: [
      `${api}/**/*.repository.ts`,
      // The data layer itself: the connection (database.ts) and the embedded mongod launcher (mongo.ts).
      `${api}/lib/database*.ts`,
      `${api}/lib/mongo.ts`,
      // Migrations write stored documents directly, below the repositories they change.
      `${api}/migrations/**`,
      // Tests read the stored state directly, to check what a refused write left behind.
      `${api}/**/*.test.ts`,
    ],
    rules: { '@typescript-eslint/no-restricted-imports': apiImports('allowed') },
  },
  {
    // The seed fills an empty database through the books and reviews repositories, and a test may reach into
    // any module (the access matrix walks the OpenAPI document, search tests sign API tokens): both work
    // across modules, like app.ts, rather than inside one.
    files: [`${api}/modules/seed/**`, `${api}/**/*.test.ts`],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
