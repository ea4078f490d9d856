import path from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { routeChunkGroups } from './build/route-chunks';
import { routePreloads } from './build/route-preloads';

// What /dashboard loads first: its lazy modules, translation namespaces (besides 'common') and API reads. The
// route renders once all of its modules are in (router.tsx), the two slots included: left out, their chunks were only
// asked for once the router ran, and the first render waited 40-110 ms for them (traces of 2026-12-07).
const dashboard = {
  modules: [
    'src/app/protected-layout.tsx',
    'src/app/app-nav.tsx',
    'src/app/host-tools-slot.tsx',
    'src/app/fleet-overview-slot.tsx',
    'src/features/dashboard/dashboard-page.tsx',
    'src/features/dashboard/api/prefetch-dashboard.ts',
  ],
  namespaces: ['dashboard', 'account'],
  api: ['/vms', '/hosts', '/stats'],
};

// react-router's package exports always name its development build (remix-run/react-router#14102), whose
// warnings cost time on every start (a console.warn and a thrown Error each); builds use the production one.
const reactRouterProduction = path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    routePreloads(import.meta.dirname, {
      '/': { modules: ['src/features/marketing/pages/landing-page.tsx'], namespaces: ['marketing'] },
      '/dashboard': dashboard,
      // Its reads wait for the person's zone and the page's tab: only the code and strings are started early.
      '/automation': {
        modules: [
          'src/app/protected-layout.tsx',
          'src/app/app-nav.tsx',
          'src/app/automation-slots.tsx',
          'src/features/automation/automation-page.tsx',
        ],
        namespaces: ['automation', 'account'],
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: path.resolve(import.meta.dirname, 'src') },
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://localhost:8080' } },
  build: {
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // /dashboard in six files instead of nineteen (build/route-chunks.ts).
          groups: routeChunkGroups(import.meta.dirname, {
            route: 'dashboard',
            routeRoots: dashboard.modules,
            sharedRoots: ['src/app/protected-layout.tsx', 'src/app/app-nav.tsx'],
            namespaces: dashboard.namespaces,
            publicDirs: ['src/features/marketing', 'src/features/auth'],
          }),
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['./vitest.setup.ts'],
  },
}));
