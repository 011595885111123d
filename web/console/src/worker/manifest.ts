// The console's web app manifest (built to dist/manifest.json by vite.config.ts): installed, the
// console opens at /console/ in a window of its own. The colours are the console's
// (src/styles.css: --panel for its top bar, --bg behind the screens); the icons are drawn from
// public/icons/beckon.svg by scripts/icons.mjs.
import type { ManifestOptions } from "vite-plugin-pwa";

export const manifest: Partial<ManifestOptions> = {
  id: "/console/",
  name: "Beckon",
  short_name: "Beckon",
  description: "Answer your visitors' chats and set up your Beckon buttons.",
  lang: "en",
  start_url: "/console/",
  scope: "/console/",
  display: "standalone",
  theme_color: "#ffffff",
  background_color: "#f6f7f9",
  icons: [
    { src: "icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
  ],
};
