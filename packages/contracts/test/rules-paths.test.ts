/**
 * Every file docs/rules.md names exists, so a rule never points at a file that moved. A backticked token is a path
 * when it starts with a top-level folder of the repository or ends with a source file's extension; it is looked up
 * from the repository's root, then from each source root (`apps/server/src/modules/auth/…` may be written
 * `modules/auth/…`). A bare file name (`common.ts`, continuing the row's earlier paths) must exist somewhere in
 * the repository's source; a `*` matches any name within one folder.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const sourceRoots = [
  '',
  'apps/server/src/',
  'apps/web/src/',
  'packages/contracts/src/',
  'apps/server/',
  'apps/web/',
];
const topFolders = ['apps/', 'packages/', 'docs/', 'scripts/', 'e2e/', 'content/', '.ci/'];
const sourceExtension = /\.(ts|tsx|mts|mjs|js|json|md|css|sql|ya?ml)$/;
const skipped = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report']);

/** The backticked tokens of a text that name a file or folder of the repository. */
function pathTokens(text: string): string[] {
  const tokens = [...text.matchAll(/`([^`\s]+)`/g)].map((match) => match[1]!);
  return tokens.filter(
    (token) =>
      !token.startsWith('/') &&
      /^[\w.*/@-]+$/.test(token) &&
      (topFolders.some((folder) => token.startsWith(folder)) || sourceExtension.test(token)) &&
      !/^\.\w+$/.test(token),
  );
}

function exists(path: string): boolean {
  if (!path.includes('*')) return existsSync(path);
  const folder = dirname(path);
  const pattern = new RegExp(`^${basename(path).replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
  return existsSync(folder) && readdirSync(folder).some((name) => pattern.test(name));
}

function resolves(token: string, everyName: () => Set<string>): boolean {
  if (!token.includes('/')) return everyName().has(token);
  return sourceRoots.some((prefix) => exists(join(root, prefix, token)));
}

describe('docs/rules.md', () => {
  it('names only files that exist', () => {
    const rules = readFileSync(join(root, 'docs/rules.md'), 'utf8');
    const tokens = [...new Set(pathTokens(rules))];
    let names: Set<string> | undefined;
    const everyName = () => (names ??= new Set(allFileNames(root)));
    expect(tokens.length).toBeGreaterThan(50);
    expect(tokens.filter((token) => !resolves(token, everyName))).toEqual([]);
  });

  it('tells a path from other code', () => {
    expect(
      pathTokens('`apps/server/src/http/route.ts`, `common.ts` `Text`, `GET /v1/classes`, `.eml`'),
    ).toEqual(['apps/server/src/http/route.ts', 'common.ts']);
  });
});

function allFileNames(folder: string, names: string[] = []): string[] {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    if (entry.isDirectory()) allFileNames(join(folder, entry.name), names);
    else names.push(entry.name);
  }
  return names;
}
