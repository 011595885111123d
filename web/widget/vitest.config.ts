import { defineConfig } from "vitest/config";

// Two projects: the loader's and the pure modules' tests (*.test.ts, node by default, happy-dom
// per file where they need a DOM), and the React component tests of the app (*.test.tsx) in
// happy-dom against real React (the embed build maps react onto Beckon's own renderer,
// src/app/runtime/, tested on its own in test/renderer/), with the app's stylesheets (imported
// as `./x.css?raw`) served as their text.
export default defineConfig({
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["test/**/*.test.ts"] } },
      { extends: true, test: { name: "app", include: ["test/**/*.test.tsx"], environment: "happy-dom", css: { include: [/src\/app\/.*\.css/] } } },
    ],
  },
});
