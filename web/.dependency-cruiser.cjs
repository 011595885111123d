// The import rules of the widget and the console (docs/architecture.md "Parts": dependencies run
// one way), checked by dependency-cruiser: `npm run lint` in web/, part of `make lint`.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "An import cycle: modules that need each other. Move what both use into a leaf file (e.g. widget/src/loader/contract.ts, version.ts).",
      from: {},
      to: { circular: true },
    },
    {
      name: "loader-not-app",
      severity: "error",
      comment:
        "The loader runs on every page view and never imports the app (the chunk loaded on first need). What both use lives in widget/src/shared/ (the words both say: shared/words.ts).",
      from: { path: "^widget/src/loader/" },
      to: { path: "^widget/src/app/" },
    },
    {
      name: "app-through-loader-contract",
      severity: "error",
      comment: "Of the loader, the app imports only its contract (widget/src/loader/contract.ts, types). Code both run goes in widget/src/shared/.",
      from: { path: "^widget/src/app/" },
      to: { path: "^widget/src/loader/", pathNot: "^widget/src/loader/contract[.]ts$" },
    },
    {
      name: "shared-is-a-leaf",
      severity: "error",
      comment: "widget/src/shared/ is imported by the loader and the app, and imports neither.",
      from: { path: "^widget/src/shared/" },
      to: { path: "^widget/src/(loader|app)/" },
    },
    {
      name: "widget-not-console",
      severity: "error",
      comment: "The console uses the widget, never the other way round.",
      from: { path: "^widget/" },
      to: { path: "^console/" },
    },
    {
      name: "console-through-widget-entries",
      severity: "error",
      comment: "The console imports the widget only through its package entries (@beckon/widget, @beckon/widget/config, @beckon/widget/wire: widget/package.json \"exports\", widget/src/console-api.ts), never by a relative path into widget/.",
      from: { path: "^console/" },
      to: { path: "^widget/", dependencyTypes: ["local"] },
    },
    {
      name: "wire-types-through-api-types",
      severity: "error",
      comment: "The console takes its wire types from one file, console/src/api/types.ts (HTTP shapes from schema.gen.ts, realtime frames from the widget's wire.gen.ts): only console/src/api/ imports the generated files.",
      from: { path: "^console/", pathNot: "^console/src/api/" },
      to: { path: "^console/src/api/schema[.]gen[.]ts$|^widget/.*wire[.]gen[.]ts$" },
    },
    {
      name: "pages-not-shell",
      severity: "error",
      comment: "console/src/app/ is the shell (App.tsx, Shell.tsx) and only main.tsx imports it; what pages share lives below them: components and hooks in console/src/ui/, the rest (the router, the service worker's page side) in console/src/lib/.",
      from: { path: "^console/", pathNot: "^console/src/(app/|main[.]tsx$)" },
      to: { path: "^console/src/app/" },
    },
    {
      name: "shared-below-pages",
      severity: "error",
      comment: "console/src/ui/ and console/src/lib/ are shared by the pages and import none of them (agent/, owner/, auth/, canned/, the shell).",
      from: { path: "^console/src/(ui|lib)/" },
      to: { path: "^console/src/(agent|owner|auth|canned|app)/" },
    },
    {
      name: "lib-without-react",
      severity: "error",
      comment: "console/src/lib/ is logic without React (unit-tested in node); hooks and components go in console/src/ui/.",
      from: { path: "^console/src/lib/" },
      to: { path: "^node_modules/react(-dom)?/" },
    },
    {
      name: "worker-stands-alone",
      severity: "error",
      comment: "The console's service worker (console/src/worker/) runs without the page: it imports only its own files (and workbox). Pages may import its pure parts (contract.ts).",
      from: { path: "^console/src/worker/" },
      to: { path: "^(console|widget)/", pathNot: "^console/src/worker/" },
    },
  ],
  options: {
    // Type-only imports count: a cycle of types is still a cycle for whoever reads the code.
    tsPreCompilationDeps: true,
    // react and react-dom are kept in the graph (as leaves) for "lib-without-react".
    includeOnly: "^(widget|console)/|^node_modules/react(-dom)?/",
    doNotFollow: { path: "node_modules" },
    // Resolve @beckon/widget through its package.json "exports", as Vite and tsc do.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
  },
};
