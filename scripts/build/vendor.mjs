// @ts-nocheck -- a plain JavaScript build tool.
// Bundles each src/vendor/<name>.cjs, with every package it requires,
// into dist/vendor/<name>.cjs, and writes dist/vendor/<name>.LICENSES.txt:
// the name, version, license and license text (and NOTICE) of every package
// in the bundle. What the vendor modules require is then a devDependency, not
// a dependency users install: see the comment atop each vendor module for
// what it saves. `npm run build` runs this after tsc.
import { build } from "esbuild";
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { bundlesInPlace, KEY_FILE, vendorInputsKey, vendorNames } from "./vendor-inputs.mjs";

const root = fileURLToPath(new URL("../../", import.meta.url));
const sources = join(root, "src/vendor");
const out = join(root, "dist/vendor");

/**
 * The folder of the package that holds `file` (the deepest node_modules/<name> or node_modules/@scope/<name> in its
 * path).
 */
function packageDir(file) {
  const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file);
  return m ? m[1] : undefined;
}

const LICENSE_FILE = /^(licen[cs]e|copying|mit-licen[cs]e)(\.(md|txt|markdown))?$/i;
// TypeScript names its notice file ThirdPartyNoticeText.txt.
const NOTICE_FILE = /^(notice|thirdpartynoticetext)(\.(md|txt))?$/i;

/** The license section of one bundled package: what its license asks to keep with any copy. */
function licenseSection(dir) {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  const license =
    typeof pkg.license === "string"
      ? pkg.license
      : (pkg.license?.type ?? pkg.licenses?.map((l) => l.type).join(" OR ") ?? "UNKNOWN");
  const files = readdirSync(dir).sort();
  const texts = [...files.filter((f) => LICENSE_FILE.test(f)), ...files.filter((f) => NOTICE_FILE.test(f))].map((f) =>
    readFileSync(join(dir, f), "utf8").trim(),
  );
  if (!texts.length) {
    // A few packages ship none: what their package.json says of the license and its holder stands in.
    const author = typeof pkg.author === "string" ? pkg.author : pkg.author?.name;
    const repository = typeof pkg.repository === "string" ? pkg.repository : pkg.repository?.url;
    texts.push(
      `The package ships no license file. Its package.json declares the license ${license}` +
        `${author ? `, author ${author}` : ""}${repository ? `, repository ${repository}` : ""}.`,
    );
  }
  return `${pkg.name}@${pkg.version} (${license})\n\n${texts.join("\n\n")}\n`;
}

/**
 * Prism's dynamic mocking (a request with `Prefer: dynamic=true`) draws
 * values from faker's default instance, whose locale is English: the
 * English-only build gives the same values without the other 56 locales
 * (5 MB of the bundle). The bare `@faker-js/faker` is replaced by
 * dist/vendor/faker.cjs (src/vendor/faker.cjs: the English build in the shape
 * of the full one, `{ faker, default }`), required at run time, so that the
 * package holds one faker, which the mocks' realistic answers draw from too.
 */
const englishFaker = {
  name: "english-faker",
  setup(b) {
    // Prism's generator takes it through parts/lazy-faker.cjs, which requires it on first use.
    b.onResolve({ filter: /^@faker-js\/faker$/ }, (args) =>
      /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]/.test(args.importer)
        ? { path: join(sources, "parts/lazy-faker.cjs") }
        : { path: "./faker.cjs", external: true },
    );
  },
};

/**
 * How each bundle keeps the names of its functions and classes (error
 * names, stack traces, code that reads constructor.name): esbuild's
 * keepNames wraps every function as it is made, which costs nothing in
 * code that runs once but doubled the CPU of Prism's request validation
 * (ajv builds its validators from thousands of closures): `blockwright test`
 * on the GitHub cut of src/import/__fixtures__/published took 11.3 s of CPU
 * with it, 5.6 s with Prism's identifiers left as written instead (which
 * keeps them, bar a few renamed where two modules share one; 4.8 MB against
 * 4.1 MB).
 */
const AS_WRITTEN = { minifyWhitespace: true, minifySyntax: true, minifyIdentifiers: false, keepNames: false };
/**
 * The same for openapi-typescript's bundle, which is TypeScript's whole
 * compiler: loading it was most of the CPU `generate` spends before its first
 * provider, and with keepNames (a call per function and class made, at load)
 * and short names it cost twice as much with Node's compile cache (0.21 s
 * against 0.10 s, Node 24) and 1.35× without (Node 20). 6.6 MB against 4.1 MB.
 * And Handlebars' runtime, which makes a closure for each block a template
 * runs (each `{{#each}}` and `{{#if}}` of every package's files): keepNames
 * named each with a defineProperty, and its templates took 0.68 ms of a
 * synthetic provider's emit against 0.39 (50 providers' renders in a process).
 */
const NAMES = {
  prism: AS_WRITTEN,
  "openapi-typescript": AS_WRITTEN,
  "handlebars-runtime": AS_WRITTEN,
  // Its reader's functions run once a node of every YAML text read: as written, as Handlebars'.
  "js-yaml": AS_WRITTEN,
};
/** Smaller, and with every function's and class's name kept. */
const DEFAULT_NAMES = { minify: true, keepNames: true };

/**
 * openapi-typescript's transform requires @redocly/openapi-core's
 * lib/ref-utils.js for two string functions; that module requires Redocly's
 * lib/utils.js, which loads an HTTPS proxy agent and Node's net, tls, http
 * and https. src/vendor/parts/ref-utils.cjs, the two as Redocly writes them,
 * is bundled in its place.
 */
const redoclyRefUtils = {
  name: "redocly-ref-utils",
  setup(b) {
    b.onResolve({ filter: /^@redocly\/openapi-core\/lib\/ref-utils(\.js)?$/ }, () => ({
      path: join(sources, "parts/ref-utils.cjs"),
    }));
  },
};

/**
 * openapi-typescript's createRef (its lib/utils.cjs), as the package writes it, made to call the stand-in's
 * (src/vendor/parts/ref-utils.cjs), which appends a pointer that round-trips as its text instead of parsing and
 * escaping it again at every node: the same pointers (ref-utils.test.ts), the types' step 0.85× (performance.md,
 * genperf7).
 */
const OPENAPI_TS_CREATE_REF = {
  from: [
    "function createRef(parts) {",
    '  let pointer = "#";',
    "  for (const part of parts) {",
    '    if (part === void 0 || part === null || part === "") {',
    "      continue;",
    "    }",
    "    const maybeRef = refUtils_js.parseRef(String(part)).pointer;",
    "    if (maybeRef.length) {",
    "      for (const refPart of maybeRef) {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: openapi-typescript's source text, matched as written
    "        pointer += `/${refUtils_js.escapePointer(refPart)}`;",
    "      }",
    "    } else {",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: openapi-typescript's source text, matched as written
    "      pointer += `/${refUtils_js.escapePointer(part)}`;",
    "    }",
    "  }",
    "  return pointer;",
    "}",
    "",
  ].join("\n"),
  to: "function createRef(parts) {\n  return refUtils_js.createRef(parts);\n}\n",
};
const openapiTsCreateRef = {
  name: "openapi-typescript-create-ref",
  setup(b) {
    b.onLoad({ filter: /[\\/]openapi-typescript[\\/]dist[\\/]lib[\\/]utils\.cjs$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      const at = text.indexOf(OPENAPI_TS_CREATE_REF.from);
      if (at < 0 || text.indexOf(OPENAPI_TS_CREATE_REF.from, at + 1) >= 0)
        throw new Error(`${args.path}: createRef is not as vendor.mjs' openapi-typescript change expects it`);
      return { contents: text.replace(OPENAPI_TS_CREATE_REF.from, OPENAPI_TS_CREATE_REF.to), loader: "js" };
    });
  },
};

/**
 * Prism's reading of a document by file or address (@stoplight/prism-http's utils/operations.js: an old $ref parser,
 * postman-collection and its own faker), which the mocks never call, left out of Prism's bundle:
 * src/vendor/parts/no-spec-reading.cjs stands in its place.
 */
const prismWithoutSpecReading = {
  name: "prism-without-spec-reading",
  setup(b) {
    b.onResolve({ filter: /^\.\/utils\/operations$/ }, (args) =>
      /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]/.test(args.importer)
        ? { path: join(sources, "parts/no-spec-reading.cjs") }
        : undefined,
    );
  },
};

/**
 * What Prism's bundle loads only when it is used (each part says why): its proxy mode, which the mocks never take,
 * left out; node-fetch (a callback's request), json-schema-faker and faker (a dynamic answer) loaded on first use
 * rather than with the bundle, which every command starting a mock loads; of lodash/fp, the two functions Prism calls.
 */
const prismLoadedOnUse = {
  name: "prism-loaded-on-use",
  setup(b) {
    const part = (name) => ({ path: join(sources, "parts", name) });
    const inPrismHttp = (importer) => /[\\/]@stoplight[\\/]prism-http[\\/]dist[\\/]/.test(importer);
    b.onResolve({ filter: /^\.\.?\/forwarder$/ }, (args) =>
      inPrismHttp(args.importer) ? part("no-forwarding.cjs") : undefined,
    );
    b.onResolve({ filter: /^node-fetch$/ }, (args) =>
      inPrismHttp(args.importer) ? part("lazy-node-fetch.cjs") : undefined,
    );
    b.onResolve({ filter: /^json-schema-faker$/ }, (args) =>
      inPrismHttp(args.importer) ? part("lazy-json-schema-faker.cjs") : undefined,
    );
    b.onResolve({ filter: /^lodash\/fp$/ }, (args) =>
      /[\\/]@stoplight[\\/]prism-http(-server)?[\\/]dist[\\/]/.test(args.importer)
        ? part("lodash-fp-used.cjs")
        : undefined,
    );
  },
};

/**
 * js-yaml's reader tries a flow collection (`[…]`, `{…}`) at every node, and made that collection's table of merged
 * keys (`Object.create(null)`, a dictionary-mode object) before it looked at the node's first character: one object for
 * every scalar of a document, thrown away (src/vendor/js-yaml.cjs says what it cost). Made once the character says a
 * flow collection starts; the build fails if the text it changes is not there as written (another js-yaml).
 */
const JS_YAML_FLOW_KEYS = {
  from:
    "  const overridableKeys = Object.create(null)\n  let keyNode\n  let keyTag\n  let valueNode\n\n" +
    "  let ch = state.input.charCodeAt(state.position)\n\n  if (ch === 0x5B/* [ */) {",
  to:
    "  let keyNode\n  let keyTag\n  let valueNode\n\n  let ch = state.input.charCodeAt(state.position)\n\n" +
    "  if (ch !== 0x5B && ch !== 0x7B) return false\n  const overridableKeys = Object.create(null)\n\n" +
    "  if (ch === 0x5B/* [ */) {",
};
const jsYamlFlowKeys = {
  name: "js-yaml-flow-keys",
  setup(b) {
    b.onLoad({ filter: /[\\/]js-yaml[\\/]lib[\\/]loader\.js$/ }, (args) => {
      const text = readFileSync(args.path, "utf8");
      const at = text.indexOf(JS_YAML_FLOW_KEYS.from);
      if (at < 0 || text.indexOf(JS_YAML_FLOW_KEYS.from, at + 1) >= 0)
        throw new Error(`${args.path}: readFlowCollection is not as vendor.mjs' js-yaml change expects it`);
      return { contents: text.replace(JS_YAML_FLOW_KEYS.from, JS_YAML_FLOW_KEYS.to), loader: "js" };
    });
  },
};

/** Bundles src/vendor/<file> into <outDir>/<file>. */
function bundleVendor(file, outDir) {
  const name = basename(file, ".cjs");
  return build({
    entryPoints: [join(sources, file)],
    outfile: join(outDir, file),
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    // The license texts go into the LICENSES file, whole; comments in the code are not needed for them.
    legalComments: "none",
    metafile: true,
    logLevel: "warning",
    // jsonc-parser's main module is UMD: it hands `require` to a factory that
    // requires its own files by relative name at run time, which no bundle
    // can serve ("Cannot find module './impl/format'"). Its ESM build has
    // plain imports.
    // whatwg-url requires Node's own punycode module, deprecated since Node 21: every command that loads the mock
    // printed a DeprecationWarning. The userland package of the same name and API is bundled instead.
    alias: { "jsonc-parser": "jsonc-parser/lib/esm/main.js", punycode: "punycode/punycode.js" },
    // js-yaml's change only in its own bundle: a copy another package bundles is that package's, unchanged.
    plugins: [
      englishFaker,
      redoclyRefUtils,
      prismWithoutSpecReading,
      prismLoadedOnUse,
      ...(file === "js-yaml.cjs" ? [jsYamlFlowKeys] : []),
      ...(file === "openapi-typescript.cjs" ? [openapiTsCreateRef] : []),
    ],
    // A dependency of blockwright's own stays a require of the installed package (one copy, shared).
    external: ["@redocly/openapi-core"],
    ...(NAMES[name] ?? DEFAULT_NAMES),
    banner: {
      js:
        `// Bundled by scripts/build/vendor.mjs from src/vendor/${file} and the packages it requires: ` +
        `their licenses are in ${name}.LICENSES.txt.`,
    },
  });
}

/**
 * The build's step: every vendor module bundled into `out` (dist/vendor/), with the licenses of what each bundle
 * holds; nothing when the bundles there were made from the same inputs (vendor-inputs.mjs).
 */
async function bundleAll(out) {
  const key = vendorInputsKey(root);
  if (bundlesInPlace(root, out, key)) return;
  mkdirSync(out, { recursive: true });
  rmSync(join(out, KEY_FILE), { force: true });
  for (const name of vendorNames(root)) {
    const file = `${name}.cjs`;
    const result = await bundleVendor(file, out);
    // Files on disk only: a plugin's module is named `<namespace>:<path>`.
    const files = Object.keys(result.metafile.inputs).filter((input) => !/^[a-z-]+:/.test(input));
    const dirs = [
      ...new Set(files.map((input) => packageDir(join(root, input).split("\\").join("/"))).filter(Boolean)),
    ].sort();
    const sections = dirs.map(licenseSection);
    writeFileSync(
      join(out, `${name}.LICENSES.txt`),
      `Packages bundled into ${file}, with their licenses.\n\n${sections.join(`\n${"-".repeat(72)}\n\n`)}`,
    );
  }
  writeFileSync(join(out, KEY_FILE), key);
}

// `node scripts/build/vendor.mjs`: the build's step. `node scripts/build/vendor.mjs <file> <folder>`: that one module
// bundled as the build bundles it, into the folder, without its licenses: the tests' Prism
// (test-support/run/prism-bundle.ts), so that the mocks a test starts in its own process run the Prism a user's
// command runs, made from the same sources.
// `node scripts/build/vendor.mjs --all <folder>`: the build's step into another folder (its test).
const [only, onlyOut] = process.argv.slice(2);
if (only === "--all" && onlyOut) await bundleAll(onlyOut);
else if (only && onlyOut) await bundleVendor(only, onlyOut);
else await bundleAll(out);
