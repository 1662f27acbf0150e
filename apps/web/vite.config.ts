import fs from 'node:fs';
import path from 'node:path';
import { build, defineConfig, type Plugin, type ProxyOptions, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

// The Fastify server (apps/server) listens on 5001 by default and owns /api, /uploads and
// /socket.io; the dev server and `vite preview` forward those so the SPA talks to it same-origin.
const API_TARGET = process.env.API_TARGET ?? 'http://localhost:5001';

const proxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, changeOrigin: false },
  '/uploads': { target: API_TARGET, changeOrigin: false },
  '/socket.io': { target: API_TARGET, ws: true, changeOrigin: false },
};

/**
 * Screens whose chunks the page opened on their path preloads: the same paths as
 * `PRELOADED_SCREENS` in src/app/router.tsx (the entry renders them without a spinner first).
 */
const ROUTE_SCREENS: Record<string, string> = {
  '/login': 'src/features/accounts/login-page.tsx',
};

// Not the line: the PWA plugin writes its manifest link just before the tag.
const HEAD_END = '</head>';

/**
 * Writes `routes/<path>.html` for each of ROUTE_SCREENS: index.html plus a `modulepreload` link for
 * the screen's chunk (its own, or the group's that holds it) and every chunk it imports that
 * index.html does not preload already. The
 * server answers the path with that page (apps/server/src/plugins/spa.ts), so the browser fetches
 * the screen with the entry instead of after it has run (docs/decisions/053-lean-login-route.md).
 */
function routePreloads(screens: Record<string, string>): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'slotwise:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    writeBundle(options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is Rollup.OutputChunk => file.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (fileName: string, into = new Set<string>()) => {
        if (into.has(fileName)) return into;
        into.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) withImports(imported, into);
        return into;
      };
      const inIndex = new Set<string>();
      for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
        withImports(entry.fileName, inIndex);
      }
      const outDir = options.dir ?? path.join(root, 'dist');
      const indexHtml = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      for (const [route, module] of Object.entries(screens)) {
        const id = path.join(root, module);
        const screen =
          chunks.find((chunk) => chunk.facadeModuleId === id) ??
          chunks.find((chunk) => chunk.moduleIds.includes(id));
        if (!screen) throw new Error(`route-preloads: no chunk for ${module} (${route})`);
        const links = [...withImports(screen.fileName)]
          .filter((fileName) => !inIndex.has(fileName))
          .map(
            (fileName) => `    <link rel="modulepreload" crossorigin href="${base}${fileName}">\n`,
          )
          .join('');
        if (!indexHtml.includes(HEAD_END)) throw new Error('route-preloads: no </head> tag');
        const file = path.join(outDir, 'routes', `${route.slice(1)}.html`);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, indexHtml.replace(HEAD_END, `${links}${HEAD_END}`));
      }
    },
  };
}

/**
 * `/embed.js`, the booking widget's loader for other sites (docs/decisions/076-embed.md): built
 * after the app, on its own, as one small IIFE at the root of the build (no React, no hash: sites
 * reference its fixed URL; the server caches it for an hour, apps/server/src/plugins/spa.ts).
 */
function embedScript(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'slotwise:embed-script',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          minify: true,
          target: 'es2020',
          lib: {
            entry: path.join(root, 'src/embed/embed-script.ts'),
            formats: ['iife'],
            name: 'SlotwiseEmbed',
            fileName: () => 'embed.js',
          },
        },
      });
    },
  };
}

/** The app's indigo (index.html's theme-color, the icons' background). */
const THEME_COLOUR = '#4f46e5';

/**
 * The PWA (docs/product.md §20.1, docs/decisions/073-phones.md): the manifest, and src/sw.ts
 * built to /sw.js with the list of the build's files to precache injected. Nothing under /api
 * is precached or routed to a cache; registration is ours (src/lib/service-worker.ts), after
 * the page has loaded, so the landing page loads no extra script.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  injectManifest: {
    // The shell and every screen's chunk (the offline appointments page needs its own), the
    // icons; not the route pages (a navigation offline gets index.html) nor the .br/.gz copies.
    globPatterns: ['index.html', 'assets/*.{js,css}', 'icons/*.png', 'favicon.svg'],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
  },
  includeAssets: [],
  manifest: {
    name: 'Slotwise',
    short_name: 'Slotwise',
    description: 'Book trusted local service providers and schedule your appointments with ease.',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOUR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
});

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(ROUTE_SCREENS), pwa, embedScript()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    // Every browser the build targets but Safari 16 supports `<link rel="modulepreload">`; there
    // the links are skipped and the chunks load when imported. The polyfill cost every page of
    // the entry 0.5 KB gzipped (docs/decisions/080-page-weight.md).
    modulePreload: { polyfill: false },
    // Hashed file names: the server can cache everything under /assets/ forever.
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // The form kit every sign-in and sign-up screen renders with, as one file instead of six:
        // /login fetches 6 files after the entry's, not 11 (docs/decisions/053-lean-login-route.md).
        // Only modules that pages without a form do not import: shared/texts.ts, for one, would
        // bring react-hook-form to every screen that shows a message.
        codeSplitting: {
          // Only the modules named below: by default a group also takes their dependencies (React,
          // the API client), and the entry would then load the form kit with them.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'form-kit',
              test: /node_modules[\\/]react-hook-form[\\/]|[\\/]src[\\/]components[\\/](form-field|password-field|submit-button)\.tsx$|[\\/]src[\\/]lib[\\/](bind-fields|split-field-props)\.ts$/,
            },
            // What every page runs before its first render, in one file beside the entry: React
            // with React DOM, and the language list and English plural forms the translator
            // reads. Left to the bundler they were four files of their own (react, jsx-runtime,
            // locales, en): every page fetched them as separate requests (decision 080).
            // Small modules most screens share (a failed request's message, `?next=`, the switch
            // between sign-in and sign-up, the account's language, TanStack's useMutation): one
            // file, not five requests of a few hundred bytes each (decision 080).
            {
              name: 'shared',
              test: /[\\/]src[\\/]features[\\/]accounts[\\/]account-locale\.ts$|[\\/]src[\\/]components[\\/]auth-switch-link\.tsx$|[\\/]src[\\/]lib[\\/](next-path|failure-message)\.ts$|[\\/](useMutation|mutationObserver)\.js$/,
            },
            // The login screen and its form (also shown by the email verification and the
            // widget's sign-in): with the two groups above, /login fetches 7 files, not 12.
            {
              name: 'login-page',
              test: /[\\/]src[\\/]features[\\/]accounts[\\/](login-page\.tsx|components[\\/]login-form\.tsx|login-resolver\.ts|use-countdown\.ts|api[\\/](login|resend-verification)\.ts)$/,
            },
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]shared[\\/]src[\\/]locales(\.ts$|[\\/]en[\\/.])/,
            },
          ],
        },
      },
    },
  },
});
