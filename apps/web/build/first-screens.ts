/**
 * docs/rules.md B8: the pages a visit starts on get an index.html of their own, `first-screens/<path>.html`, that
 * asks for the page's code and styles along with the app's entry. With index.html alone the browser learns of a
 * page's chunks only once the entry has downloaded and run and the router has matched the address: one more round
 * trip on a school's connection, and on `/home` two (the page's chunks, then the contracts they import). The server
 * answers a path with its own copy when there is one (apps/server/src/http/web-app.ts).
 *
 * B9: a screen that shows the same to everyone (`static`: the sign-in screen) also has its HTML in the page,
 * rendered from its components at build (build/render-first-screens.ts), so it is painted before the JavaScript
 * arrives.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { build, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

export interface FirstScreen {
  /** The address, as the router spells it (src/config/paths). */
  path: string;
  /** The modules the router loads for it (app/router.tsx), relative to apps/web. */
  modules: readonly string[];
  /** B9: rendered at build (src/app/static-first-screen.tsx names its component). */
  static?: boolean;
}

/** Where the build writes the copy of index.html for a first screen's address; the server looks there. */
export const firstScreenFile = (address: string) => `first-screens${address}.html`;

export function firstScreens(screens: readonly FirstScreen[]): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'readalong:first-screens',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the build wrote index.html, before the precompress plugin's closeBundle compresses every page.
    async writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const loadedByEntry = staticClosure(
        chunks.filter((chunk) => chunk.isEntry),
        bundle,
      );
      const index = await readFile(path.join(outDir, 'index.html'), 'utf8');
      const markup = await renderStaticScreens(
        root,
        screens.filter((screen) => screen.static).map((screen) => screen.path),
      );
      const styleText = (file: string) => readFile(path.join(outDir, file), 'utf8');
      await Promise.all(
        screens.map(async (screen) => {
          const own = screen.modules.map((module) => chunkOf(chunks, path.resolve(root, module)));
          const scripts = [...staticClosure(own, bundle)].filter((chunk) => !loadedByEntry.has(chunk));
          const styles = stylesOf(scripts);
          const html = firstScreenPage(index, {
            markup: markup[screen.path],
            inline: await Promise.all([...stylesOf([...loadedByEntry]), ...styles].map(styleText)),
            styles,
            scripts,
          });
          const target = path.join(outDir, firstScreenFile(screen.path));
          await mkdir(path.dirname(target), { recursive: true });
          await writeFile(target, html);
        }),
      );
    },
  };
}

/**
 * A first screen's page: every rule its first paint needs in a <style>, so no stylesheet request holds it up (on
 * HTTP/1.1 each took one of the six connections its scripts wait for), and B9, its screen's HTML in #root when the
 * build rendered it, so the document alone paints it; that screen needs none of its scripts to be seen, so they
 * are asked for at low priority, and on a slow connection the browser gives it to what is needed first.
 */
function firstScreenPage(
  index: string,
  page: {
    markup: string | undefined;
    inline: readonly string[];
    styles: readonly string[];
    scripts: readonly OutputChunk[];
  },
): string {
  const entryStyles = [...index.matchAll(STYLESHEET)].map((link) => link[1]!);
  const html = index
    .replace(STYLESHEET, '')
    .replace(
      HEAD_END,
      () => `    <style>${page.inline.join('\n')}</style>\n${preloads(page.scripts)}${HEAD_END}`,
    )
    .replace(ROOT, () => `<div id="root">${page.markup ?? ''}</div>`)
    .replace(BODY_END, () => `${inlinedStylesheets([...entryStyles, ...page.styles])}${BODY_END}`);
  if (!page.markup) return html;
  return html.replaceAll(
    /<(script type="module"|link rel="modulepreload") crossorigin/g,
    '<$1 fetchpriority="low" crossorigin',
  );
}

const HEAD_END = '  </head>';
const BODY_END = '  </body>';
/** A stylesheet link Vite wrote into index.html (the entry's CSS), with its file. */
const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="\/([^"]+)">/g;
const ROOT = '<div id="root"></div>';
const run = promisify(execFile);

/** B9: `{ address: markup of #root }` for the static screens, rendered in a process of its own. */
async function renderStaticScreens(
  root: string,
  addresses: readonly string[],
): Promise<Record<string, string>> {
  if (addresses.length === 0) return {};
  const script = path.join(root, 'build/render-first-screens.ts');
  const { stdout } = await run(process.execPath, ['--import', 'tsx', script, ...addresses], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, string>;
}

/** The chunk holding a route's module (B10: with others); a first screen naming a module the app lost fails the build. */
function chunkOf(chunks: readonly OutputChunk[], module: string): OutputChunk {
  const chunk = chunks.find((candidate) => candidate.moduleIds.includes(module));
  if (!chunk) throw new Error(`first screens: no chunk is loaded for ${module} (see app/router.tsx)`);
  return chunk;
}

/**
 * The chunks and every chunk they import statically, each after what it imports: the order Vite's loader links
 * their stylesheets in, so a component's own rules come after its parts' (Button's after UnstyledButton's) and win
 * where both set the same property.
 */
function staticClosure(start: readonly OutputChunk[], bundle: OutputBundle): Set<OutputChunk> {
  const seen = new Set<OutputChunk>();
  const closure = new Set<OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported?.type === 'chunk') visit(imported);
    }
    closure.add(chunk);
  };
  start.forEach(visit);
  return closure;
}

/** The CSS files the chunks bring, each once. */
function stylesOf(chunks: readonly OutputChunk[]): string[] {
  return [...new Set(chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))];
}

/**
 * The stylesheets whose rules the page carries inline, each named by a disabled link, which the browser does not
 * fetch: Vite's loader, which adds the stylesheets a chunk needs (and waits for them) unless a link names them,
 * finds them there; and the inline rules, first in the head, stay below those it adds for the next pages.
 */
function inlinedStylesheets(files: readonly string[]): string {
  return files.map((file) => `    <link rel="stylesheet" href="/${file}" disabled>\n`).join('');
}

/** The page's scripts, fetched now and run when the router imports them. */
function preloads(chunks: readonly OutputChunk[]): string {
  return chunks
    .map((chunk) => `    <link rel="modulepreload" crossorigin href="/${chunk.fileName}">\n`)
    .join('');
}

/** Set while the build plans its first screens' files (B10): that build only looks, it writes nothing. */
export const PLANNING_FIRST_SCREENS = 'READALONG_PLANNING_FIRST_SCREENS';

/**
 * B10: the code of the first screens in a few files, not the dozens of small chunks (a Mantine component, a hook)
 * that splitting by route leaves: a school's connection, six requests at a time over HTTP/1.1, spends a round trip
 * on every few. The build first runs once without writing, to see which chunks each first screen loads beyond the
 * entry's (what tree-shaking keeps of a library is known only then); every module of those chunks is then named
 * after the set of first screens that load it, so each screen loads only what it did before, in a few files, and
 * later pages find them cached; B12: with the small groups joined to larger ones (`mergeSmallGroups`). The chunks
 * of `namedGroups` (the build's own groups: zod, the contracts, the icons) are left as they are. `{ module id: chunk
 * name }`, for `firstScreenChunkGroup`.
 */
export async function planFirstScreenChunks(
  root: string,
  screens: readonly FirstScreen[],
  namedGroups: readonly string[] = [],
): Promise<Map<string, string>> {
  const bundle = await planningBuild(root);
  const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
  const loadedByEntry = staticClosure(
    chunks.filter((chunk) => chunk.isEntry),
    bundle,
  );
  const routeChunks = new Map(
    screens.map((screen) => [
      screen,
      screen.modules.map((module) => chunkOf(chunks, path.resolve(root, module))),
    ]),
  );
  const screensOf = new Map<OutputChunk, string[]>();
  for (const [screen, own] of routeChunks) {
    for (const chunk of staticClosure(own, bundle)) {
      if (!loadedByEntry.has(chunk))
        screensOf.set(chunk, [...(screensOf.get(chunk) ?? []), screenName(screen)]);
    }
  }
  // What other pages load too goes apart from what only the first screens load: a student's "My work" that shares
  // a table with the teacher's home loads that, not the teacher's home.
  const firstScreenRoutes = new Set([...routeChunks.values()].flat());
  const loadedElsewhere = staticClosure(
    chunks.filter((chunk) => chunk.isDynamicEntry && !firstScreenRoutes.has(chunk)),
    bundle,
  );
  // A chunk of a group of its own (zod, the contracts) stays as the build's groups make it; a small group joins a
  // larger one only where each screen that would load it loads what it imports already.
  const importsOf = (start: readonly OutputChunk[]) =>
    [...staticClosure(start, bundle)]
      .filter((chunk) => !start.includes(chunk) && !loadedByEntry.has(chunk))
      .map((chunk) => chunk.fileName);
  const groups = mergeSmallGroups(
    [...screensOf]
      .filter(([chunk]) => !namedGroups.includes(chunk.name))
      .map(([chunk, names]) => ({
        screens: names,
        shared: loadedElsewhere.has(chunk),
        bytes: chunk.code.length,
        moduleIds: chunk.moduleIds,
        imports: importsOf([chunk]),
      })),
    new Map(
      [...routeChunks].map(([screen, own]) => [
        screenName(screen),
        [...staticClosure(own, bundle)].map((chunk) => chunk.fileName),
      ]),
    ),
  );
  return new Map(
    groups.flatMap((group) =>
      group.moduleIds.map((id) => [id, `screens-${group.screens.join('-')}${group.shared ? '-shared' : ''}`]),
    ),
  );
}

/** The modules some set of first screens loads (and whether other pages load them too), with their code's size. */
interface ScreenGroup {
  screens: readonly string[];
  shared: boolean;
  bytes: number;
  moduleIds: readonly string[];
  /** The chunks of the look-ahead build it imports, directly or not (zod, the contracts, other screens' code). */
  imports: readonly string[];
}

/**
 * B12: a group of modules smaller than this (minified, before compression: about 3 KB as sent) is not a file of its
 * own: over HTTP/1.1's six connections a file of a few hundred bytes costs a first screen a round trip, as a large
 * one does, while a kilobyte more on another first screen costs a few milliseconds of its transfer.
 */
export const MIN_FIRST_SCREEN_FILE_BYTES = 8_000;

/**
 * B12: fewer files for the first screens. The groups of one set of screens go in one file; then each group under
 * MIN_FIRST_SCREEN_FILE_BYTES joins the smallest group whose screens include all of its own, so a few more screens
 * load it: never one that the sign-in screen loads when the group's own screens do not (`/login`, B1, gets no code
 * of the signed-in screens), nor one whose screens do not all load the chunks it imports (`loadedBy`: the screen →
 * the chunks of the look-ahead build it loads), so no screen loads zod and the contracts, or another screen's
 * code, for a kilobyte. What
 * other pages load too (`shared`) and what only first screens load stay apart (B10: a student's later page never
 * loads a staff screen's code), except for code the student's home loads: a later page may then load a kilobyte of
 * the home's that it does not run (cached by then), and every file of it is the student's.
 */
export function mergeSmallGroups(
  groups: readonly ScreenGroup[],
  loadedBy: ReadonlyMap<string, readonly string[]>,
): ScreenGroup[] {
  const bySet = new Map<string, ScreenGroup>();
  const join = (into: ScreenGroup, group: ScreenGroup): ScreenGroup => ({
    screens: into.screens,
    shared: into.shared || group.shared,
    bytes: into.bytes + group.bytes,
    moduleIds: [...into.moduleIds, ...group.moduleIds],
    imports: [...new Set([...into.imports, ...group.imports])],
  });
  for (const group of groups) {
    // A staff screen's own code stays apart from what other pages load too (B10), the student's home's need not.
    const key = `${group.screens.join('-')}${group.shared && !group.screens.includes(STUDENT) ? ' shared' : ''}`;
    const same = bySet.get(key);
    bySet.set(key, same ? join(same, group) : group);
  }
  const merged = [...bySet.values()];
  // The fewest screens first, so a small group joins its superset before that one is itself weighed.
  const order = [...merged.keys()].sort(
    (a, b) => merged[a]!.screens.length - merged[b]!.screens.length || merged[a]!.bytes - merged[b]!.bytes,
  );
  const gone = new Set<number>();
  for (const index of order) {
    const group = merged[index]!;
    if (group.bytes >= MIN_FIRST_SCREEN_FILE_BYTES) continue;
    const includes = (other: ScreenGroup) =>
      (group.screens.includes(STUDENT) || (!group.shared && !other.shared)) &&
      other.screens.length > group.screens.length &&
      group.screens.every((screen) => other.screens.includes(screen)) &&
      (group.screens.includes(LOGIN) || !other.screens.includes(LOGIN)) &&
      other.screens.every((screen) => group.imports.every((name) => loadedBy.get(screen)?.includes(name)));
    const target = [...merged.keys()]
      .filter((other) => !gone.has(other) && includes(merged[other]!))
      .sort(
        (a, b) =>
          merged[a]!.screens.length - merged[b]!.screens.length || merged[b]!.bytes - merged[a]!.bytes,
      )[0];
    if (target === undefined) continue;
    merged[target] = join(merged[target]!, group);
    gone.add(index);
  }
  return merged.filter((_, index) => !gone.has(index));
}

/** The sign-in screen's and the student's home's names among the first screens (`screenName`). */
const LOGIN = 'login';
const STUDENT = 'home';

/** What the build makes, made without writing it (B10's look ahead). */
async function planningBuild(root: string): Promise<OutputBundle> {
  process.env[PLANNING_FIRST_SCREENS] = 'true';
  try {
    const built = await build({ root, logLevel: 'silent', build: { write: false } });
    const files = (Array.isArray(built) ? built : [built]).flatMap((output) =>
      'output' in output ? output.output : [],
    );
    return Object.fromEntries(files.map((file) => [file.fileName, file]));
  } finally {
    delete process.env[PLANNING_FIRST_SCREENS];
  }
}

/** The code-splitting group that puts the first screens' modules where `planFirstScreenChunks` planned them. */
export function firstScreenChunkGroup(plan: ReadonlyMap<string, string>) {
  return {
    debugName: 'first screens',
    name: (id: string) => plan.get(id) ?? null,
    // Each module goes where the plan put it, not with the first module that imports it.
    includeDependenciesRecursively: false,
  };
}

/** `/teacher/students` → `teacher_students`: a chunk's name from a first screen's address. */
const screenName = (screen: FirstScreen) => screen.path.slice(1).replaceAll('/', '_');
