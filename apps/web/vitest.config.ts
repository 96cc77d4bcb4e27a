import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default defineConfig(async (env) =>
  mergeConfig(await viteConfig(env), {
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      // A guard against a hang, not a measure of speed: a journey through a whole screen (the insights page, a quiz
      // of eight questions) clicks a lot, and took 17 s alone and over 20 s on a machine at load 11.
      testTimeout: 60_000,
    },
  }),
);
