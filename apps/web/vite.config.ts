import { defineConfig, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// The Fastify server (apps/server) listens on 5001 by default and owns /api, /uploads and
// /socket.io; the dev server and `vite preview` forward those so the SPA talks to it same-origin.
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:5001';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/uploads': { target: API_TARGET, changeOrigin: false },
  '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Hashed file names: the server can cache everything under /assets/ forever.
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // The form kit every sign-in and sign-up screen renders with, as one file instead of six:
        // /login fetches 6 files after the entry's, not 11 (docs/decisions/053-lean-login-route.md).
        // Only modules that pages without a form do not import: shared/messages.ts, for one, would
        // bring react-hook-form to every screen that shows a message.
        codeSplitting: {
          // Only the modules named below: by default a group also takes their dependencies (React,
          // the API client), and the entry would then load the form kit with them.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'form-kit',
              test: /node_modules[\\/]react-hook-form[\\/]|[\\/]src[\\/]components[\\/](form-field|password-field|submit-button)\.tsx$|[\\/]src[\\/]lib[\\/](bind-fields|failure-message|split-field-props)\.ts$/,
            },
          ],
        },
      },
    },
  },
});
