/**
 * Zod compiles object schemas with `new Function` when it may; the Content-Security-Policy forbids eval
 * (docs/rules.md F10). Zod reads this flag when a schema is made, so main.tsx imports this module first: the entry's
 * own code runs before any chunk that holds zod, which the app only ever reaches through `import()` (B1). A module
 * of the entry rather than a script of its own in index.html, which would hold up the first paint.
 */
const zodConfig = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The object zod keeps as its own config: amended, not replaced.
Object.assign((zodConfig.__zod_globalConfig ??= {}), { jitless: true });

export {};
