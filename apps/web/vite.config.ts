import { readFileSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { contractData } from './build/contract-data.ts';
import {
  firstScreenChunkGroup,
  firstScreens,
  planFirstScreenChunks,
  PLANNING_FIRST_SCREENS,
  type FirstScreen,
} from './build/first-screens.ts';

const root = path.dirname(fileURLToPath(import.meta.url));

/** A module of the contracts package that builds zod schemas (B15: the others are plain data). */
const buildsSchemas = (id: string) =>
  /packages[\\/]contracts[\\/]src[\\/].*\.ts$/.test(id) &&
  /^import (?!type )[^;]* from 'zod'/m.test(readFileSync(id, 'utf8'));

/** The API the dev server forwards /api to; `npm run dev` at the root starts it on API_PORT. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text files worth compressing; pictures, fonts and audio are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|ico|map|webmanifest)$/;

/**
 * docs/rules.md B3: every text file of the build gets a brotli (`.br`) and a gzip (`.gz`) copy beside it, at the
 * highest levels (once per build, not per request); the server sends the one the browser accepts
 * (apps/server/src/http/web-app.ts). A copy that would not be smaller is not written.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'readalong:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => path.join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/**
 * A class-names module of Mantine's build: `@mantine/core/esm/…/<Name>.module.mjs` holds the classes of the one
 * stylesheet Mantine publishes as `@mantine/core/styles/<Name>.css`.
 */
const MANTINE_CLASSES = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([\w-]+)\.module\.mjs$/;

/**
 * docs/rules.md B2: Mantine's styles per component (https://mantine.dev/styles/css-files-list), added where a
 * component's code is: each module of class names imports its component's stylesheet, so a page's chunk carries the
 * CSS of the components it uses, and a component's own dependencies' CSS (Button's UnstyledButton) comes before its
 * own, in import order. The `.layer.css` copies put every Mantine rule in the `mantine` layer: chunks load in any
 * order, and the app's own CSS (app/global.css) still wins over Mantine's whatever order they arrive in. Build only:
 * the dev server pre-bundles Mantine without this plugin, and main.tsx loads the whole stylesheet there instead.
 */
function mantineStylesPerComponent(): Plugin {
  return {
    name: 'readalong:mantine-styles-per-component',
    apply: 'build',
    transform: {
      filter: { id: MANTINE_CLASSES },
      handler(code, id) {
        const [, name] = MANTINE_CLASSES.exec(id) ?? [];
        // On the first line, so the module's line numbers do not move.
        return { code: `import '@mantine/core/styles/${name}.layer.css';${code}`, map: null };
      },
    },
  };
}

/**
 * docs/rules.md B8: each role's first screen (budgets.json) and the modules app/router.tsx loads for it, so the
 * page's code is asked for with the entry's; B9: the sign-in screen's HTML is rendered at build.
 */
const FIRST_SCREENS: FirstScreen[] = [
  { path: '/login', modules: ['src/features/auth/login-screen.tsx'], static: true },
  { path: '/home', modules: ['src/app/layouts/student-layout.tsx', 'src/features/student/home-page.tsx'] },
  {
    path: '/teacher/students',
    modules: ['src/app/layouts/staff-layout.tsx', 'src/features/teacher/students-page.tsx'],
  },
  {
    path: '/insights',
    modules: ['src/app/layouts/staff-layout.tsx', 'src/features/insights/insights-page.tsx'],
  },
  {
    path: '/district',
    modules: ['src/app/layouts/staff-layout.tsx', 'src/features/district/overview-page.tsx'],
  },
];

export default defineConfig(async ({ command }): Promise<UserConfig> => ({
  plugins: [
    mantineStylesPerComponent(),
    contractData(root),
    // The planning build (B10) only looks at what the build makes: it writes no pages and compresses nothing.
    ...(process.env[PLANNING_FIRST_SCREENS] ? [] : [firstScreens(FIRST_SCREENS), precompress()]),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiTarget },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Mantine marks its modules "use client" for server components; a browser-only bundle has no use for it.
    rolldownOptions: {
      checks: { moduleLevelDirective: false },
      output: {
        // Libraries change less often than the app: separate files stay cached across releases. Mantine is not
        // grouped: one Mantine file would bring every component to the first screen (docs/rules.md B1, B2), so
        // its components go with the pages that use them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // What index.html loads before any page, in one file rather than a dozen small ones: fewer requests
            // on a school's connection (six at a time over HTTP/1.1).
            { name: 'shell', tags: ['$initial'] },
            // The contracts' schemas (their modules that import zod) in one file: a form or a page that checks
            // something against one brings the rest along instead of loading them one by one. No first screen
            // loads it (B15): their constants and helpers, plain data, go with the pages that use them.
            { name: 'contracts', test: buildsSchemas },
            // Every icon is a file of a few hundred bytes: one file for them all, but the sign-in screen's own
            // (and the helper every icon uses) stay out of it, so that screen does not load the others.
            {
              name: 'icons',
              test: (id: string) =>
                /node_modules[\\/]@tabler[\\/]icons-react[\\/]/.test(id) &&
                !/createReactComponent|defaultAttributes|IconSchool|IconBrandGoogle|IconBrandApple/.test(id),
              includeDependenciesRecursively: false,
            },
            // B10: what the first screens load beyond the entry, in a file per set of screens that load it; B12: the
            // small ones joined to larger ones. The groups above stay as they are.
            ...(command === 'build' && !process.env[PLANNING_FIRST_SCREENS]
              ? [
                  firstScreenChunkGroup(
                    await planFirstScreenChunks(root, FIRST_SCREENS, [
                      'react',
                      'router',
                      'zod',
                      'contracts',
                      'icons',
                    ]),
                  ),
                ]
              : []),
          ],
        },
      },
    },
  },
}));
