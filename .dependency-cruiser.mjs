// The layers of the code and what each may import (ARCHITECTURE.md explains
// them). dependency-cruiser checks every import, type-only ones included, in
// `npm run lint` and in src/layers.test.ts. Bottom to top:
//
//   runtime/                     what generated packages run on
//   generated/<p>/               one package per provider
//   helpers                      src/common/, src/vendor/
//   loading                      src/load/        manifests and OpenAPI documents, read with positions
//   model                        src/model/       the IR, the surface format, names and shapes
//   link                         src/link/        manifest × OpenAPI → IR, one module per concept
//   emit                         src/emit/        IR → files (the generator's last stage)
//   tools over the generator     src/{changes,mocks,registry,contract,judge,verify,upstream,import,publish,
//                                agents,workflow,serve}/
//   faces                        src/cli/ and src/cli.ts (the command), src/index.ts (the library),
//                                scripts/bench/, scripts/build/, scripts/corpus/, scripts/docs/
//
// A layer imports only from layers below it; no file or folder imports itself in a circle.
// Every folder of src/ is named here: a module in a folder no rule names may import nothing
// (`not-in-allowed`), so a new folder is placed in a layer before it is used.

const TESTS = "\\.test\\.ts$|/__fixtures__/|^contract-tests/|^test-support/";
// test-support/ is in the cruise, in two parts: test-support/runtime/, what the runtime's tests may use (it stands
// on the runtime alone), and the rest, the generator's part (the registry, the linker, the CLI harness...).
// The runtime's own tests are held to that part by their own cruise (.dependency-cruiser.runtime-tests.mjs: a cruise
// of tests here would join their folders in cycles the code does not have); tests, fixtures and test-support/'s own
// fixtures, stubs and platform workspace stay out.
export const TEST_SUPPORT = "^test-support/";
export const TEST_SUPPORT_RUNTIME = "^test-support/runtime/";
const NOT_CRUISED = `${TESTS.replace("|^test-support/", "")}|^test-support/(fixtures|stubs|platforms)/`;
// src/vendor/: the entry points of libraries the build bundles into dist/vendor/ (Prism, openapi-typescript with
// TypeScript, Handlebars' runtime); they stand where node_modules would, so any layer may import them.
const HELPERS = "^src/(common|vendor)/";
const LOAD = "^src/load/";
const MODEL = "^src/model/";
const LINK = "^src/link/";
const EMIT = "^src/emit/";
const TOOLS = "^src/(changes|mocks|registry|contract|judge|verify|upstream|import|publish|agents|workflow|serve)/";
const CLI = "^src/cli/|^src/cli\\.ts$";
const FACES = `${CLI}|^src/index\\.ts$|^scripts/(bench|build|corpus|docs)/|^bin/`;
const RUNTIME_ENTRIES = [
  "^runtime/index\\.ts$",
  "^runtime/internal\\.ts$",
  "^runtime/internal-generate\\.ts$",
  "^runtime/observe\\.ts$",
  "^runtime/workflow/index\\.ts$",
  "^runtime/adapters/(ai-sdk|langchain|openai-agents)\\.ts$",
  "^runtime/package\\.json$",
];
// The agent-framework adapters (runtime/adapters/, each its own subpath) import their framework, an optional peer
// dependency.
const ADAPTER_FRAMEWORKS = ["^node_modules/ai/", "^node_modules/@langchain/core/", "^node_modules/@openai/agents/"];
const OUTSIDE = ["^node_modules/", "^package\\.json$"];

/** A layer's modules may import its own folder, the layers named, the runtime's entries and packages. */
const layer = (comment, from, below) => ({
  comment,
  from: { path: from },
  to: { path: [from, ...below, ...RUNTIME_ENTRIES, ...OUTSIDE] },
});

/** @type {import("dependency-cruiser").IConfiguration} */
export default {
  // Every import of src/ and scripts/ must match one of these; anything else is `not-in-allowed`.
  allowed: [
    {
      comment: "runtime",
      from: { path: "^runtime/" },
      to: {
        path: [
          "^runtime/",
          "^node_modules/openapi-fetch/",
          "^node_modules/jose/",
          "^node_modules/aws4fetch/",
          "^(runtime/)?node_modules/ipaddr\\.js/",
          "^node_modules/re2js/",
        ],
      },
    },
    { comment: "agent adapters", from: { path: "^runtime/adapters/" }, to: { path: ADAPTER_FRAMEWORKS } },
    {
      comment: "generated",
      from: { path: "^generated/" },
      to: { path: ["^generated/", ...RUNTIME_ENTRIES, "^node_modules/"] },
    },
    { comment: "builtins", from: {}, to: { dependencyTypes: ["core"] } },
    layer("helpers", HELPERS, []),
    layer("loading", LOAD, [HELPERS]),
    layer("model", MODEL, [LOAD, HELPERS]),
    layer("link", LINK, [MODEL, LOAD, HELPERS]),
    layer("emit", EMIT, [LINK, MODEL, LOAD, HELPERS]),
    layer("tools", TOOLS, [TOOLS, EMIT, LINK, MODEL, LOAD, HELPERS]),
    layer("faces", FACES, ["^src/", "^runtime/index\\.ts$"]),
    // scripts/build/ir-fixtures.ts writes the IR fixtures the runtime's tests read: the fixtures' table and edits are
    // test support's.
    {
      comment: "the IR fixtures' build",
      from: { path: "^scripts/build/ir-fixtures\\.ts$" },
      to: { path: TEST_SUPPORT },
    },
    {
      comment: "test support, the runtime's part",
      from: { path: TEST_SUPPORT_RUNTIME },
      to: { path: [TEST_SUPPORT_RUNTIME, ...RUNTIME_ENTRIES, ...OUTSIDE] },
    },
    {
      comment: "test support, the generator's part",
      from: { path: TEST_SUPPORT, pathNot: TEST_SUPPORT_RUNTIME },
      to: { path: [TEST_SUPPORT, "^src/", "^scripts/", ...RUNTIME_ENTRIES, ...OUTSIDE] },
    },
  ],
  allowedSeverity: "error",
  forbidden: [
    {
      name: "runtime-imports-only-itself",
      comment:
        "The runtime runs inside every generated package, in browsers and edge runtimes: " +
        "it imports its own files and its dependencies (openapi-fetch; jose, " +
        "for signing OAuth 2 JWT assertions with WebCrypto, which browsers and Node both have; aws4fetch, for " +
        "AWS Signature Version 4 over WebCrypto; ipaddr.js, for the IP ranges a model's file address may not " +
        "reach; re2js, RE2's linear-time matching for the patterns JavaScript's engine may take exponential time " +
        "on), " +
        "and no Node module, YAML parser or schema compiler.",
      severity: "error",
      from: { path: "^runtime/", pathNot: "^runtime/adapters/" },
      to: {
        pathNot: [
          "^runtime/",
          "^node_modules/openapi-fetch/",
          "^node_modules/jose/",
          "^node_modules/aws4fetch/",
          "^(runtime/)?node_modules/ipaddr\\.js/",
          "^node_modules/re2js/",
        ],
      },
    },
    {
      name: "test-support-runtime-part-on-the-runtime",
      comment:
        "test-support/runtime/ is what the runtime's tests may use: it imports the runtime's entries and " +
        "packages, nothing of src/, scripts/ or the rest of test-support/.",
      severity: "error",
      from: { path: TEST_SUPPORT_RUNTIME },
      to: { path: ["^src/", "^scripts/", TEST_SUPPORT], pathNot: TEST_SUPPORT_RUNTIME },
    },
    {
      name: "benchmarks-import-no-test-helper",
      comment:
        "A benchmark measures the code as users run it: it imports no test helper, " +
        "test or fixture (what a benchmark and tests share lives in scripts/bench/, " +
        "and tests import it there).",
      severity: "error",
      from: { path: "^scripts/bench/", pathNot: "\\.test\\.ts$" },
      to: { path: [TEST_SUPPORT, "\\.test\\.ts$", "/__fixtures__/"] },
    },
    {
      name: "adapters-import-their-framework",
      comment:
        "An agent-framework adapter imports the runtime and its own framework (an optional peer dependency), " +
        "never a Node module.",
      severity: "error",
      from: { path: "^runtime/adapters/", pathNot: TESTS },
      to: { pathNot: ["^runtime/", ...ADAPTER_FRAMEWORKS] },
    },
    {
      name: "generated-imports-only-the-runtime",
      comment:
        "A generated package imports its own files and @blockwright/runtime (its adapter and observe subpaths " +
        "included), " +
        "nothing else (not another provider's package).",
      severity: "error",
      from: { path: "^generated/([^/]+)/" },
      to: {
        pathNot: [
          "^generated/$1/",
          "^runtime/index\\.ts$",
          "^runtime/observe\\.ts$",
          "^runtime/workflow/index\\.ts$",
          "^runtime/adapters/(ai-sdk|langchain|openai-agents)\\.ts$",
        ],
      },
    },
    {
      name: "runtime-through-its-entries",
      comment:
        "Outside the runtime, the runtime is @blockwright/runtime, @blockwright/runtime/workflow or, " +
        "for the tools, @blockwright/runtime/internal or /internal/generate (what its package exports), never one " +
        "of its files.",
      severity: "error",
      from: { pathNot: "^runtime/" },
      to: { path: "^runtime/", pathNot: RUNTIME_ENTRIES },
    },
    {
      name: "nothing-imports-generated",
      comment:
        "The tools read generated packages as data (src/registry/ loads them by path at run time), never by import.",
      severity: "error",
      from: { pathNot: "^generated/" },
      to: { path: "^generated/" },
    },
    {
      name: "generator-below-the-tools",
      comment:
        "The generator (src/load, model, link, emit) imports the runtime, the helpers and the stages before " +
        "it; the tools over it import it, not the other way round.",
      severity: "error",
      from: { path: [LOAD, MODEL, LINK, EMIT, HELPERS] },
      to: { path: [TOOLS, FACES] },
    },
    {
      name: "only-the-cli-imports-the-cli",
      comment:
        "The command line is the top layer: surface, contract, upstream, agents and workflow code must not " +
        "depend on it (it would drag usage errors and process handling into libraries). The docs generator, " +
        "a face beside it, reads the commands' help texts; the tests' CLI harness runs it.",
      severity: "error",
      from: { pathNot: `${CLI}|^scripts/docs/|^test-support/cli-harness\\.ts$` },
      to: { path: CLI },
    },
    {
      name: "nothing-imports-an-entry",
      comment:
        "The library entry (src/index.ts), the benchmark, the corpus run, the docs generator and the build " +
        "step are faces of the package: nothing imports them. What the build shares with test support lives in " +
        "scripts/build/shared/ (the key of a list of files, by which the build keeps its vendor bundles and the " +
        "tests their Prism bundle), a plain module the build runs before anything is compiled, and test support " +
        "imports it there.",
      severity: "error",
      from: { pathNot: "^scripts/" },
      to: { path: ["^src/index\\.ts$", "^scripts/"], pathNot: "^scripts/build/shared/" },
    },
    {
      name: "only-generate-and-diff-load-the-emitters",
      comment:
        "A command loads only what it does: the generator's pipeline (src/emit/generate-all.ts, with every " +
        "emitter, template and platform target) is generate's and diff's; a command or tool that only links " +
        "(the mocks, test, emit, upstream, add) takes src/emit/link-provider.ts. Every process of those paid for " +
        "the emitters' modules at its start (serve's mocks: 0.06 s of CPU).",
      severity: "error",
      from: { path: [CLI, TOOLS], pathNot: "^src/cli/(generate|diff)\\.ts$|^src/cli\\.ts$|^src/changes/" },
      to: { path: "^src/emit/generate-all\\.ts$", reachable: true },
    },
    {
      name: "workflows-read-without-the-linker",
      comment:
        "A workflow is read (src/workflow/) against the generated packages (src/registry/) by every serve, run, " +
        "validate and call: none of that needs the linker or an emitter. A re-export of them in the surface's " +
        "module (changes/surface.ts) had every serve --live load 110 modules more (the whole of src/link/, " +
        "fast-check, regexpp), about 0.04 s of CPU a process on Node 20. diff's reading of workflows against a " +
        "change (workflow/impact.ts) is diff's, which loads the generator anyway.",
      severity: "error",
      from: { path: "^src/(workflow|registry)/", pathNot: "^src/workflow/impact\\.ts$" },
      to: { path: "^src/(link|emit)/", reachable: true },
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
    // Tests and their fixtures may reach into any layer to exercise it (the runtime's tests and test-support/ are
    // cruised, above); dist/ folders are builds.
    exclude: { path: ["^(runtime/)?dist/", NOT_CRUISED] },
    doNotFollow: { path: "(^|/)node_modules/" },
    tsConfig: { fileName: "tsconfig.json" },
    // Type-only imports count: a cycle of types is still two files that cannot be read apart.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    // `npm run lint` and src/layers.test.ts cruise the same tree with these options: a cruise of files
    // whose contents (checksums, not git's metadata: a CI clone is shallow) are unchanged is read back
    // rather than done again (4.0 → 0.9 s of CPU, medians of three pairs run in turn); any change cruises anew.
    cache: { folder: "node_modules/.cache/dependency-cruiser", strategy: "content" },
  },
};
