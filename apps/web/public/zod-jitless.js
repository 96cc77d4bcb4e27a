// Zod compiles object schemas with `new Function` when it may; the Content-Security-Policy forbids eval
// (docs/rules.md F10). Read by Zod when the app's first schema is made, so loaded before the app's modules.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
