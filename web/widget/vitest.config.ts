import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// The loader's and the pure modules' tests (*.test.ts, node by default, happy-dom per file where
// they need a DOM), and the React component tests of the app (*.test.tsx) twice, in happy-dom with
// the app's stylesheets (imported as `./x.css?raw`) served as their text: once on Preact's React
// layer, what the embed ships (app.build.mjs maps react onto preact/compat the same way), and once
// on real React, so the app stays valid React code.
const app = { include: ["test/**/*.test.tsx"], environment: "happy-dom", css: { include: [/src\/app\/.*\.css/] } };
const onPreact = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react-dom\/test-utils$/, replacement: "preact/test-utils" },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: "preact/jsx-runtime" },
  // Testing Library's own imports of react-dom too: its ES module build, inlined (below), so the
  // aliases above reach it (its CommonJS build would require the real react-dom).
  { find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL("../node_modules/@testing-library/react/dist/@testing-library/react.esm.js", import.meta.url)) },
];

export default defineConfig({
  test: {
    // English texts for every test (the catalogue: src/app/i18n).
    setupFiles: ["test/setup.ts"],
    projects: [
      { extends: true, test: { name: "unit", include: ["test/**/*.test.ts"] } },
      { extends: true, test: { name: "app-preact", ...app, server: { deps: { inline: [/@testing-library\/react/] } } }, resolve: { alias: onPreact } },
      { extends: true, test: { name: "app-react", ...app } },
    ],
  },
});
