// Peers the benches measure Beckon against on the same page and in the same run (bench/network.mjs):
// their code is the npm packages (devDependencies of this workspace), bundled here when a bench
// starts and served by its site; none of it is committed.
import * as esbuild from "esbuild";
import { fileURLToPath } from "node:url";

/**
 * react-floating-whatsapp (its WhatsApp button and chat box) on a React 18 root, as a site would
 * ship it: one script, built for production and minified.
 */
export async function reactFloatingWhatsApp() {
  const built = await esbuild.build({
    stdin: {
      contents: `import { createElement } from "react";
import { createRoot } from "react-dom/client";
import { FloatingWhatsApp } from "react-floating-whatsapp";
const root = document.createElement("div");
document.body.appendChild(root);
createRoot(root).render(createElement(FloatingWhatsApp, { phoneNumber: "31612345678", accountName: "Shop", avatar: "data:image/gif;base64,R0lGODlhAQABAAAAACw=" }));`,
      resolveDir: fileURLToPath(new URL("..", import.meta.url)),
    },
    bundle: true,
    minify: true,
    format: "iife",
    define: { "process.env.NODE_ENV": '"production"' },
    write: false,
    logLevel: "error",
  });
  return built.outputFiles[0].text;
}
