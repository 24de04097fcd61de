// The layers of the code and what each may import (ARCHITECTURE.md explains
// them). dependency-cruiser checks every import, type-only ones included, in
// `npm run lint` and in scripts/layers.test.ts. Bottom to top:
//
//   runtime/                     what generated packages run on
//   generated/<p>/               one package per provider
//   helpers                      scripts/{hash,canonical-json,paths,targets,github-actions}.ts, scripts/yaml/
//   generator                    scripts/codegen/
//   tools over the generator     scripts/{surface,contract,verify,upstream,import,publish,agents,workflow}/, scripts/{registry,mocks}.ts
//   faces                        scripts/cli/ and scripts/cli.ts (the command), scripts/index.ts (the library),
//                                scripts/bench/, scripts/build/
//
// A layer imports only from layers below it; no file or folder imports itself in a circle.

const TESTS = "\\.test\\.ts$|/__fixtures__/|^contract-tests/";
// scripts/vendor/: the entry points of libraries the build bundles into dist/vendor/ (Prism,
// Handlebars' runtime); they stand where node_modules would, so any layer may import them.
const HELPERS = "^scripts/(hash|canonical-json|paths|targets|github-actions)\\.ts$|^scripts/yaml/|^scripts/vendor/";
const CLI = "^scripts/cli/|^scripts/cli\\.ts$";

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  forbidden: [
    {
      name: "runtime-imports-only-itself",
      comment:
        "The runtime runs inside every generated package, in browsers and edge runtimes: it imports its own files and its dependencies (openapi-fetch; jose, for signing OAuth 2 JWT assertions with WebCrypto, which browsers and Node both have), and no Node module, YAML parser or schema compiler.",
      severity: "error",
      from: { path: "^runtime/" },
      to: { pathNot: ["^runtime/", "^node_modules/openapi-fetch/", "^node_modules/jose/"] },
    },
    {
      name: "generated-imports-only-the-runtime",
      comment: "A generated package imports its own files and @blockwright/runtime, nothing else (not another provider's package).",
      severity: "error",
      from: { path: "^generated/([^/]+)/" },
      to: { pathNot: ["^generated/$1/", "^runtime/index\\.ts$", "^runtime/workflow/index\\.ts$"] },
    },
    {
      name: "runtime-through-its-entries",
      comment: "Outside the runtime, the runtime is @blockwright/runtime or @blockwright/runtime/workflow (what its package exports), never one of its files.",
      severity: "error",
      from: { pathNot: "^runtime/" },
      to: { path: "^runtime/", pathNot: ["^runtime/index\\.ts$", "^runtime/workflow/index\\.ts$", "^runtime/package\\.json$"] },
    },
    {
      name: "nothing-imports-generated",
      comment: "The tools read generated packages as data (scripts/registry.ts loads them by path at run time), never by import.",
      severity: "error",
      from: { pathNot: "^generated/" },
      to: { path: "^generated/" },
    },
    {
      name: "helpers-import-only-helpers",
      comment: "File, hash, JSON and YAML helpers sit under the generator: they import each other and the runtime.",
      severity: "error",
      from: { path: HELPERS },
      to: { path: "^scripts/", pathNot: HELPERS },
    },
    {
      name: "generator-imports-helpers",
      comment: "The generator (scripts/codegen/) imports the runtime, its own files and the helpers; the tools over it import it, not the other way round.",
      severity: "error",
      from: { path: "^scripts/codegen/" },
      to: { path: "^scripts/", pathNot: ["^scripts/codegen/", HELPERS] },
    },
    {
      name: "only-the-cli-imports-the-cli",
      comment: "The command line is the top layer: surface, contract, upstream, agents and workflow code must not depend on it (it would drag usage errors and process handling into libraries).",
      severity: "error",
      from: { pathNot: CLI },
      to: { path: CLI },
    },
    {
      name: "nothing-imports-an-entry",
      comment: "The library entry (scripts/index.ts), the benchmark and the build step are faces of the package: nothing imports them.",
      severity: "error",
      from: { pathNot: "^scripts/(bench|build)/" },
      to: { path: ["^scripts/index\\.ts$", "^scripts/bench/", "^scripts/build/"] },
    },
    {
      name: "no-file-cycles",
      comment: "Files that import each other (even for types) can only be understood, tested and changed together.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-folder-cycles",
      comment: "Folders that import each other are one layer in two places.",
      severity: "error",
      scope: "folder",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Tests and their fixtures may reach into any layer to exercise it; dist/ folders are builds.
    exclude: { path: ["^(runtime/)?dist/", TESTS] },
    doNotFollow: { path: "(^|/)node_modules/" },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count: a cycle of types is still two files that cannot be read apart.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"] },
  },
};
