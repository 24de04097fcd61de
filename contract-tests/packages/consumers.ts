// The consumers of the packed packages that client-consumer.test.ts checks (its header says what and why): in a
// work folder, an npm consumer (ESM, with a CommonJS project in it using its node_modules and the executeTool
// consumer's files of consumer/typed/: a copy of the set-up's npm install, npm-consumer.ts), a pnpm one (strict:
// isolated, nothing hoisted) and a yarn one (4, node_modules), installed from the packages project's registry; issue
// 31's snippet, the lines that must not compile, issue 61's client and the README's example written into them; and
// each TypeScript's build of its projects, in one `tsc --build`.
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { lessEagerOptimiser } from "../../src/common/v8-flags.js";
import type { SharedRegistry } from "./global-setup.js";
import { copyNpmConsumer } from "./npm-consumer.js";
import { type Finished, node, run, runOk } from "./processes.js";
import { ROOT } from "./root.js";

// What the pnpm and yarn consumers install; the npm consumer (npm-consumer.ts) has them and docgen, which the
// executeTool consumer's files (consumer/typed/) import.
const PROVIDERS = ["books", "directory"];
export const FIXTURES = join(ROOT, "contract-tests/packages/consumer");
/** The executeTool consumer's projects: node16 and bundler resolution. */
export const TYPED = [
  ["node16", "tsconfig.node16.json", "typed/"],
  ["bundler", "bundler/tsconfig.bundler.json", "bundler/typed/"],
] as const;
// Each file under consumer/typed/ but correct.ts marks its one wrong line with `// expected: TS<code>`.
export const WRONG_TYPED = [
  "wrong-param-name.ts",
  "missing-param.ts",
  "missing-credential.ts",
  "wrong-value-type.ts",
  "unknown-operation.ts",
  "not-an-output-property.ts",
];
// The TypeScript versions the consumers are checked with: the repository's 5.9, and the newest (devDependency
// typescript-newest, an alias of typescript@latest, with its compiler binary for this platform).
const TYPESCRIPTS = { "5.9": "typescript", newest: "typescript-newest" } as const;
export type TsVersion = keyof typeof TYPESCRIPTS;
export const TS_VERSIONS = Object.keys(TYPESCRIPTS) as TsVersion[];
/**
 * The TypeScript that builds every consumer project; the other builds what issue 31 names for both (the
 * snippet, the README's example, the CommonJS projects). 5.9 building them all cost 7.1 s of CPU, the
 * newest 1.1 s for its three.
 */
export const WHOLE: TsVersion = "newest";
const TSC = (v: TsVersion) => join(ROOT, "node_modules", TYPESCRIPTS[v], "bin/tsc");
// Node.js tuned for tsc's batch of type checks, as bin/blockwright.js is for generate: a larger young generation
// (fewer scavenges) and an optimising compiler 16× less eager (5.9's build: 11.8 → 8.5 s of CPU, medians of three).
const TSC_NODE_FLAGS = ["--max-semi-space-size=32", ...lessEagerOptimiser(16)];
/**
 * Each TypeScript's own options for the build. The native compiler checks on one thread (the same errors, in the same
 * order): its threads cost a fifth more CPU (1.44 against 1.21 s, medians of three), and its build ends before 5.9's
 * anyway.
 */
const TSC_OPTIONS: Record<TsVersion, string[]> = { "5.9": [], newest: ["--singleThreaded"] };
const PNPM = join(ROOT, "node_modules/pnpm/bin/pnpm.cjs");
const YARN = join(ROOT, "node_modules/@yarnpkg/cli-dist/bin/yarn.js");
/** The `module` settings of a CommonJS TypeScript project that runs on Node.js. */
const CJS_MODULES = ["node16", "nodenext"] as const;
/**
 * The `module` settings each TypeScript compiles the CommonJS project under: WHOLE both; 5.9, the oldest
 * supported, nodenext (a program of 5.9's costs a second of CPU; node16 differs from it in what resolution allows,
 * which WHOLE checks).
 */
export const CJS_MODULES_OF: Record<TsVersion, readonly (typeof CJS_MODULES)[number][]> = {
  "5.9": ["nodenext"],
  newest: CJS_MODULES,
};

// The snippet of issue 31's "Done when", as written there (PORT is the loopback upstream's).
const SNIPPET =
  `import { createBooks, UpstreamError } from "@blockwright/books";
declare const process: { env: Record<string, string | undefined> };
const books = createBooks({ apiKey: process.env.BOOKS_KEY!, baseUrl: "http://127.0.0.1:PORT",
  headers: { "x-trace": "t1" }, retries: 0 });
const r = await books.searchVolumes({ q: "dune", maxResults: 2 });
if (r.success) console.log(r.output.metadata.totalItems);
else if (r.error.type === "upstream") { const s: number = r.error.status; }
for await (const v of books.searchVolumes.items({ q: "dune" }, { maxItems: 5 })) console.log(v.id);
` +
  'try { await createBooks({ apiKey: "k".repeat(20), baseUrl: "http://127.0.0.1:PORT", throwOnError: true })' +
  '.getVolume({ volumeId: "x" }); }\n' +
  `catch (e) { if (e instanceof UpstreamError) console.log(e.status, e instanceof Error); }
`;
// What must not compile, each line on its own.
export const WRONG = [
  ["books.searchVolumes({})", "a required input left out"],
  ["createDirectory({})", "a provider whose credential (a token or a flow's parameters) is required"],
  ['books.searchVolume({ q: "x" })', "a misspelt method"],
  ['books.searchVolumes({ q: "x", maxResult: 2 })', "a misspelt input"],
  ['books.searchVolumes({ q: "x", maxResults: "2" })', "an input of the wrong type"],
  ['createDirectory({ accessToken: "t", clientId: "c" })', "a token and a flow's parameter together"],
] as const;
const WRONG_FILE = `import { createBooks } from "@blockwright/books";
import { createDirectory } from "@blockwright/directory";
const books = createBooks({ apiKey: "k".repeat(20) });
${WRONG.map(([code]) => `void ${code};`).join("\n")}
`;
export const WRONG_FIRST_LINE = 4;

// Issue 61's client: the credential from the environment (createBooks() with no options), withOptions, a class of
// one status, and the request id of a 404 the manifest names no header for (PORT is the loopback upstream's).
const ENVIRONMENT_SNIPPET =
  'import { createBooks, NotFoundError, UpstreamError, type BooksApi } from "@blockwright/books";\n' +
  `const books = createBooks();
const strict: BooksApi<true> = books.withOptions({ baseUrl: "http://127.0.0.1:PORT", throwOnError: true, retries: 0 });
const found = await strict.searchVolumes({ q: "dune", maxResults: 1 });
console.log(found.output.metadata.totalItems);
try { await strict.getVolume({ volumeId: "x" }); }
catch (e) { if (e instanceof NotFoundError && e instanceof UpstreamError) console.log(e.status, e.requestId, e.name); }
export {};
`;

/** The consumers, in the work folder: npm (ESM; a CommonJS project in it, using its node_modules), pnpm and yarn. */
export const CONSUMER = "consumer";
export const CJS = "consumer/cjs";
export const PNPM_CONSUMER = "consumer-pnpm";
export const YARN_CONSUMER = "consumer-yarn";

/** The consumers' folders in the work folder, and each TypeScript's build of its projects. */
export interface Consumers {
  consumer: string;
  cjsConsumer: string;
  pnpmConsumer: string;
  yarnConsumer: string;
  /**
   * Each TypeScript's build of its consumer projects (WHOLE's: all; the other's: the npm consumer's ESM and CommonJS
   * ones).
   */
  builds: Record<TsVersion, Finished>;
}

/**
 * The consumers installed in `work` from `shared`, each provider package at `version(provider)` (the one generated/
 * holds, which the registry was given), their snippets calling the loopback upstream at `port`, built.
 */
export async function installConsumers(
  work: string,
  shared: SharedRegistry,
  port: string,
  version: (provider: string) => string,
): Promise<Consumers> {
  const [consumer, cjsConsumer, pnpmConsumer, yarnConsumer] = [CONSUMER, CJS, PNPM_CONSUMER, YARN_CONSUMER].map((dir) =>
    join(work, dir),
  ) as [string, string, string, string];
  const dependencies = Object.fromEntries(PROVIDERS.map((p) => [`@blockwright/${p}`, version(p)]));
  const packageJson = (dir: string, manifest: object) => {
    mkdirSync(dir);
    writeFileSync(join(dir, "package.json"), JSON.stringify(manifest, null, 2));
  };
  // npm's install, the set-up's (the same packages from the same registry: one npm install for this file and
  // registry-round-trip.test.ts).
  copyNpmConsumer(shared.npmConsumer, consumer);
  // CommonJS: a package.json without "type": "module" (its packages are the npm consumer's, a folder up).
  packageJson(cjsConsumer, { name: "consumer-cjs", private: true });
  // The executeTool consumer's files: correct code, and files each with one line that must not compile.
  cpSync(join(FIXTURES, "typed"), join(consumer, "typed"), { recursive: true });
  cpSync(join(FIXTURES, "tsconfig.node16.json"), join(consumer, "tsconfig.node16.json"));
  // The bundler's project in a folder of its own, so that the build's errors say which project they are in.
  cpSync(join(FIXTURES, "typed"), join(consumer, "bundler/typed"), { recursive: true });
  cpSync(join(FIXTURES, "tsconfig.bundler.json"), join(consumer, "bundler/tsconfig.bundler.json"));
  // pnpm, strict: each package sees only what it declares (node-linker isolated, hoist=false).
  packageJson(pnpmConsumer, { name: "consumer-pnpm", private: true, type: "module", dependencies });
  const pnpmSettings = [
    "--registry",
    shared.url,
    "--store-dir",
    join(work, "pnpm-store"),
    "--cache-dir",
    join(work, "pnpm-cache"),
    "--config.node-linker=isolated",
    "--config.hoist=false",
    "--config.update-notifier=false",
  ];
  // yarn 4 with node_modules (Plug'n'Play needs an editor SDK for tsc), its caches in the work folder.
  packageJson(yarnConsumer, { name: "consumer-yarn", private: true, type: "module", dependencies });
  const yarnrc = {
    nodeLinker: "node-modules",
    npmRegistryServer: shared.url,
    unsafeHttpWhitelist: ["127.0.0.1"],
    enableTelemetry: false,
    enableGlobalCache: false,
    cacheFolder: join(work, "yarn-cache"),
    globalFolder: join(work, "yarn-global"),
    enableScripts: false,
    // No age gate: yarn quarantines versions published minutes ago, as these are.
    npmMinimalAgeGate: 0,
    // A first install writes its lockfile: yarn forbids that when CI is set, as on our CI.
    enableImmutableInstalls: false,
  };
  writeFileSync(
    join(yarnConsumer, ".yarnrc.yml"),
    `${Object.entries(yarnrc)
      .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      .join("\n")}\n`,
  );
  writeFileSync(join(yarnConsumer, "yarn.lock"), "");
  // The two installs side by side; settled, not raced: neither is left running when one fails.
  const installs = await Promise.allSettled([
    runOk(node, [PNPM, "install", "--ignore-scripts", "--reporter=silent", ...pnpmSettings], pnpmConsumer, {
      npm_config_userconfig: shared.npmrc,
    }),
    runOk(node, [YARN, "install"], yarnConsumer, { YARN_ENABLE_TELEMETRY: "0", YARN_IGNORE_PATH: "1" }),
  ]);
  for (const i of installs) if (i.status === "rejected") throw i.reason;

  mkdirSync(join(consumer, "src"));
  // The lines that must not compile, in a function never called (createDirectory as a type only: the snippet imports
  // books alone).
  const mustNot = WRONG.map(([code, why]) => `  // @ts-expect-error ${why}\n  void ${code};\n`).join("");
  const directory = 'declare const createDirectory: typeof import("@blockwright/directory").createDirectory;\n';
  writeFileSync(
    join(consumer, "src/snippet.ts"),
    `${SNIPPET.replaceAll("PORT", port)}${directory}export function mustNotCompile(): void {\n${mustNot}}\n`,
  );
  writeFileSync(join(consumer, "src/wrong.ts"), WRONG_FILE);
  writeFileSync(join(consumer, "src/environment.ts"), ENVIRONMENT_SNIPPET.replaceAll("PORT", port));
  // The README's example, as the installed package ships it (process.env declared: the consumer has no Node types).
  const readme = readFileSync(join(consumer, "node_modules/@blockwright/books/README.md"), "utf8");
  const example = /^```ts\n([\s\S]*?)^```$/m.exec(readme)?.[1] ?? "";
  writeFileSync(
    join(consumer, "src/readme.ts"),
    `declare const process: { env: Record<string, string | undefined> };\n${example}export {};\n`,
  );
  const options = {
    strict: true,
    module: "nodenext",
    moduleResolution: "nodenext",
    target: "ES2022",
    lib: ["ES2022", "DOM"],
    types: [],
    rootDir: "src",
    skipLibCheck: false,
  };
  // The packages' declarations are checked in every consumer but yarn's; TypeScript's own lib files (the same in each)
  // in the npm one, by WHOLE. Yarn's node_modules holds the same files, hoisted as npm's are, checked under the same
  // options as the npm consumer's project: checking them again cost 1 s of CPU (openapi-fetch's declarations, the most
  // of it) and could find nothing new. pnpm's are checked: there a declaration that imports what its package does not
  // declare fails to resolve.
  const others = { ...options, skipDefaultLibCheck: true };
  const libChecked = { [pnpmConsumer]: others, [yarnConsumer]: { ...others, skipLibCheck: true } };
  const tsconfig = (dir: string, name: string, compilerOptions: object, include: string) =>
    writeFileSync(join(dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, include: [include] }, null, 2));
  // TypeScript's own lib files are checked once, by WHOLE (a clash of the packages' declarations with them is an error
  // in both).
  for (const v of TS_VERSIONS)
    tsconfig(consumer, v, { ...(v === WHOLE ? options : others), outDir: `out-${v}` }, "src/*.ts");
  // The snippet and the README's example, as they are, in the pnpm and yarn consumers; in pnpm's, the agents guide's
  // "In code" example too, which imports only what the provider packages export (issue 61: it imported the runtime,
  // which a strict install does not give a project that does not declare it).
  const agents =
    /^## In code\n\n```ts\n([\s\S]*?)^```$/m.exec(readFileSync(join(ROOT, "docs/guides/agents.md"), "utf8"))?.[1] ?? "";
  for (const other of [pnpmConsumer, yarnConsumer]) {
    mkdirSync(join(other, "src"));
    if (other === pnpmConsumer)
      writeFileSync(
        join(other, "src/agents.ts"),
        `declare const process: { env: Record<string, string | undefined> };\n${agents}export {};\n`,
      );
    for (const file of ["snippet.ts", "readme.ts"])
      writeFileSync(join(other, "src", file), readFileSync(join(consumer, "src", file)));
    tsconfig(other, WHOLE, { ...libChecked[other], outDir: "out" }, "src/*.ts");
  }
  // The snippet as a CommonJS module: its top-level awaits in a function; UpstreamError also through `import =
  // require`. A copy per `module` setting, so that each build's errors name the one they are in.
  const lines = SNIPPET.replaceAll("PORT", port).trimEnd().split("\n");
  // A class of one status answers instanceof alike through either entry (issue 61).
  const body = lines
    .slice(2)
    .join("\n  ")
    .replace(
      "e instanceof UpstreamError",
      "e instanceof UpstreamError && e instanceof required.UpstreamError && e instanceof required.NotFoundError",
    );
  for (const module of CJS_MODULES) {
    mkdirSync(join(cjsConsumer, module));
    writeFileSync(
      join(cjsConsumer, module, "snippet.ts"),
      `${lines.slice(0, 2).join("\n")}\nimport required = require("@blockwright/books");\nasync function ` +
        `main(): Promise<void> {\n  ${body}\n}\nvoid main();\n`,
    );
    for (const v of TS_VERSIONS.filter((v) => CJS_MODULES_OF[v].includes(module)))
      tsconfig(
        cjsConsumer,
        `${module}-${v}`,
        { ...others, module, moduleResolution: module, rootDir: module, outDir: `out-${module}-${v}` },
        `${module}/*.ts`,
      );
  }
  // tsc writes the output even with errors (wrong.ts has them, on purpose): the snippets are run below.
  const projects = (v: TsVersion) => [
    `${CONSUMER}/tsconfig.${v}.json`,
    ...CJS_MODULES_OF[v].map((module) => `${CJS}/tsconfig.${module}-${v}.json`),
    ...(v === WHOLE
      ? [
          `${PNPM_CONSUMER}/tsconfig.${WHOLE}.json`,
          `${YARN_CONSUMER}/tsconfig.${WHOLE}.json`,
          ...TYPED.map(([, config]) => `${CONSUMER}/${config}`),
        ]
      : []),
  ];
  const [five, newest] = await Promise.all(
    TS_VERSIONS.map((v) =>
      run(node, [...TSC_NODE_FLAGS, TSC(v), "--build", ...TSC_OPTIONS[v], ...projects(v), "--pretty", "false"], work),
    ),
  );
  return { consumer, cjsConsumer, pnpmConsumer, yarnConsumer, builds: { "5.9": five!, newest: newest! } };
}
