import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The API the dev server forwards /api to; `npm run dev` at the root starts it on API_PORT. */
const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
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
        // Libraries change less often than the app: separate files stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
            // Charts stay with the pages that draw them, so the first screen does not load them.
            { name: 'mantine', test: /node_modules[\\/]@mantine[\\/](core|hooks|form)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
