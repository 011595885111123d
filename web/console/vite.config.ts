// The console is served by `beckon serve` under /console/ (crates/server/src/api/http/console.rs).
// JSX goes through Vite's own transform (no plugin needed); `npm run dev` proxies the API to a
// running `beckon serve` on :8080.
import { defineConfig } from "vitest/config";
import { VitePWA } from "vite-plugin-pwa";
import { manifest } from "./src/worker/manifest";

export default defineConfig({
  base: "/console/",
  oxc: { jsx: { runtime: "automatic" } },
  // The console is on React 19 while the widget's tests keep React 18 at the workspace root; shared
  // libraries (react-aria-components) must use the console's copy, or hooks see two Reacts.
  resolve: { dedupe: ["react", "react-dom"] },
  plugins: [
    // The console as an installable app: its web app manifest and its service worker (src/worker/sw.ts,
    // built to dist/sw.js with the list of this build's files to keep offline). The page registers the
    // worker itself (src/lib/serviceWorker.ts), in production builds only.
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src/worker",
      filename: "sw.ts",
      injectRegister: false,
      // .json: the server serves it as application/json (a .webmanifest would be octet-stream).
      manifestFilename: "manifest.json",
      manifest,
      includeManifestIcons: false,
      injectManifest: {
        // The app's page, its chunks and styles, its icons (the plugin adds the manifest). Not the
        // API reference (Swagger UI, 1.7 MB; it needs the server anyway) nor the other pages.
        globPatterns: ["index.html", "assets/*.{js,css}", "icons/*.{png,svg}"],
        globIgnores: ["assets/api-docs-*"],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    // The API reference page's one chunk is Swagger UI (about 1.5 MB); the app's chunks stay small.
    chunkSizeWarningLimit: 1600,
    // The app, the page the live preview frames (the real widget renders there), and the API
    // reference the server shows at /api/docs.
    rollupOptions: { input: { main: "index.html", preview: "preview.html", "api-docs": "api-docs.html" } },
  },
  server: {
    proxy: {
      "/api": { target: "http://127.0.0.1:8080", ws: true },
      "/static": "http://127.0.0.1:8080",
      "/d": "http://127.0.0.1:8080",
    },
  },
  test: { include: ["test/**/*.test.ts"], environment: "node" },
});
