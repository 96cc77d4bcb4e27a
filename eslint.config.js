// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';

/** The server's modules (apps/server/src/modules/<area>/): no module imports another's repository. */
const SERVER = './apps/server/src';
const serverModules = readdirSync(new URL('apps/server/src/modules', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** The web app's layers (docs/architecture.md): app/ → features/ → shared/ → components/, lib/ and config/. */
const WEB = './apps/web/src';
const webFolders = (layer) =>
  readdirSync(new URL(`apps/web/src/${layer}`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
/**
 * The other shared/ folders each one may import: the shared layer runs one way too, passage/ at the bottom and
 * reader/ at the top. A folder not named here imports no other.
 */
const SHARED_IMPORTS = {
  quiz: ['passage'],
  'read-aloud': ['passage'],
  reader: ['passage', 'read-aloud'],
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/.data/**',
      'apps/server/drizzle/**',
      '**/coverage/**',
      '**/.stryker-tmp*/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify handlers and hooks are async by contract even when a body needs no await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  {
    // The server's import graph runs one way (docs/architecture.md): no cycles; platform/ and domain/ never
    // import the edge (http/) or the modules; a module reaches another through its service, never its repository.
    files: ['apps/server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${SERVER}/platform`,
              from: [`${SERVER}/http`, `${SERVER}/modules`],
              message: 'platform/ is below http/ and the modules: it never imports them.',
            },
            {
              target: `${SERVER}/domain`,
              from: [`${SERVER}/http`, `${SERVER}/modules`, `${SERVER}/platform`],
              message: 'domain/ (Actor, errors) imports nothing of the server.',
            },
            ...serverModules.map((area) => ({
              target: `${SERVER}/modules/${area}`,
              from: `${SERVER}/modules/!(${area})/*.repository.ts`,
              message: "A module never imports another module's repository: call its service.",
            })),
          ],
        },
      ],
    },
  },
  {
    // The web app's import graph runs one way (docs/architecture.md): no cycles; app/ wires features into routes; a
    // feature never imports another, only shared/ and below; nothing below features/ imports them or app/.
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: [`${WEB}/shared`, `${WEB}/components`, `${WEB}/lib`, `${WEB}/config`],
              from: [`${WEB}/features`, `${WEB}/app`],
              message:
                'shared/, components/, lib/ and config/ are below the features and app/: they never import them.',
            },
            {
              target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/config`],
              from: `${WEB}/shared`,
              message: 'components/, lib/ and config/ are below shared/: they never import it.',
            },
            ...webFolders('features').map((area) => ({
              target: `${WEB}/features/${area}`,
              from: `${WEB}/features`,
              except: [`./${area}`],
              message: 'A feature never imports another feature: what two features use lives in shared/.',
            })),
            ...webFolders('shared').map((folder) => ({
              target: `${WEB}/shared/${folder}`,
              from: `${WEB}/shared`,
              except: [folder, ...(SHARED_IMPORTS[folder] ?? [])].map((allowed) => `./${allowed}`),
              message: `shared/${folder}/ imports only ${(SHARED_IMPORTS[folder] ?? []).join(', ') || 'no other shared/ folder'} (SHARED_IMPORTS).`,
            })),
          ],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
