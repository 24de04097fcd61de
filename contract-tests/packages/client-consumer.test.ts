// The provider client as issue 31 asks for it, in a fresh consumer: the
// runtime and two provider packages as `blockwright publish` put them on the
// packages project's Verdaccio registry on loopback (global-setup.ts),
// installed (npm's install is the set-up's, copied: npm-consumer.ts), and the
// issue's snippet — importing only `@blockwright/books` — compiled with
// `tsc --strict` and run against a loopback upstream, which
// records the requests it gets. The lines that must not compile are checked
// twice: under `@ts-expect-error` in the snippet, and one by one (with their
// error codes) in a file without it. The same files are compiled and run in
// consumers installed by pnpm (strict: isolated, nothing hoisted, so a package
// that imports what it does not declare fails there) and by yarn (4,
// node_modules), from the same registry. The npm consumer type-checks with
// TypeScript 5.9 and with the newest (7, the native compiler: devDependency
// typescript-newest); so does a CommonJS consumer (no `"type": "module"`;
// `module` nodenext, and node16 under the newest), which also runs the snippet compiled to
// `require` calls (each distinct output once). The npm consumer also compiles executeTool's consumer code
// (consumer/typed/: correct code, and a wrong line in each other file) under
// node16 and bundler resolution; that code and the pnpm and yarn consumers are
// compiled by the newest TypeScript (WHOLE), whose build of them cost a
// seventh of 5.9's. Each TypeScript builds its consumers in one
// `tsc --build` (one process reads the library files once); no consumer has
// an error but the lines that must not compile, the packages' declarations
// checked too (skipLibCheck off; TypeScript's own lib files in the npm
// consumer; not yarn's copies of the npm consumer's files). The client's bundle (no OAuth code for a provider without
// flows) is measured with esbuild.
import { build } from "esbuild";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type Received, server } from "../../test-support/runtime/loopback-server.js";
import {
  CJS,
  CJS_MODULES_OF,
  CONSUMER,
  FIXTURES,
  installConsumers,
  PNPM_CONSUMER,
  TS_VERSIONS,
  type TsVersion,
  TYPED,
  WHOLE,
  WRONG,
  WRONG_FIRST_LINE,
  WRONG_TYPED,
  YARN_CONSUMER,
} from "./consumers.js";
import { type Finished, node, runOk } from "./processes.js";
import { ROOT } from "./root.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

// Books' client bundled 29.1 KB gzip with the OAuth code (jose, token requests), 20.8 KB without it
// (none without flows); issue 29's credential kinds (basic, cookie, combinations,
// alternatives) made it 22.1 KB; file uploads and downloads (issue 29: multipart, file inputs from bytes,
// paths or addresses, download outputs) to 24.4 KB. The runtime's support (runtime/call/support.ts: JSON
// parameters, formats, cross-field rules, form encoding, next-page addresses, a request rate, files, OAuth
// each bundled only by a package whose provider declares them) made it 19.0 KB, validateOutputs' type
// check to 19.3 KB; a client's methods without the merging of all pages (their pages come from `.items`) to
// 18.9 KB; the OAuth sending moved into the OAuth support (call/token-send.ts) to 18.6 KB (18,692 bytes). Then
// more of it became parts of the support, none of which books declares: request bodies (requestBodies), enums,
// patterns, formats and lists (stringRules), requests other than GET and idempotency keys (writeSafety), credentials
// beyond one sent as it is (credentialKinds: basic, cookies, several, alternatives) and the request-head bound
// (requestSizeCheck); query arrays and objects went to the form support, and the call path lost duplicates: 16.9 KB
// (16,894 bytes; 52.1 → 45.4 KB minified; executeTool 17.6 → 15.9 KB). A package's client and executeTool
// then went without the per-call check of their parts (createPackageClient, createPackageExecutor: the generator
// chose them), and three more parts left books' bundle: following a next page's address (links), a 429's wait by
// resetHeader or pauseMs (waits), RFC 9457 problem reading (problems, for operations that declare problem+json);
// a download's answer and a basic user id's check went to their parts: 15.9 KB (15,953 bytes; 42.4 KB minified;
// executeTool 14,930 bytes). Issue 31 asks for 14 KB: not reached. What is left is what every books call runs
// (input checks, the call with its retries and deadline, paging, redaction of secrets in every encoding, the
// client's hooks and errors, validateOutputs' check) and the tools' own data, 1.2 KB gzip (leaving out every field
// at its default would save 0.1 KB, less than the code that would fill them in). The check that a by-hand caller
// has every part its tools need moved ahead of the values' check and covers every part, so the places a part is
// used keep a short refusal; an instance address parameter became a part (addresses): 15.6 KB (15,623 bytes);
// a header credential's prefix (auth.prefix), which every provider's credential placing reads: 15,638 bytes.
// Redaction became one regular expression per secret, matching its forms in the text as written (no decoding
// with positions mapped back), and the client's hooks stopped passing each secret's URL form besides: 15,206
// bytes. What is left is as above; outcomes, failureWhen, routes and constants as parts would take 0.2 KB more.
// Each tool of a package became its call and its description (runtime/spec/tool-description.ts), the client
// holding the calls only: no titles, descriptions, placeholders, visibility, operation ids or mock examples in
// its bundle: 14,647 bytes (40.3 → 38.7 KB minified). Routes, constants and outcomes (with failureWhen) became
// parts, the wording of a page past the pages' shared bound went to collectPages, each deadline got a timer of its
// own (no faster shared, `npm run bench -- call`), the choice of a credential beyond one sent as it is went to the
// parts that give more (credentialKinds, oauthFlows), and a few refusals got shorter: 13,965 bytes (36.8 KB
// minified), under issue 31's 14 KB. A secret's expression made only when a text can hold it: 13,964 bytes.
// Issues 54 and 61 brought it back over (14,653 bytes): typed quota details (a daily quota said only in a
// QuotaFailure, which Google Books' document declares, so books keeps them), a failure's request id from the
// common headers, withOptions, the User-Agent. What a reply tells of the next page (a cursor, pagination.more,
// pagination.total) became a part (cursors), which books, paging by offset until an empty page, does not
// declare; typed details read in fewer lines: 14,559 bytes; where a token's answer names the address, said by the
// credential's choosing (the parts that choose): 14,530 bytes. Main's request judge (RFC 3986 encoding, styled
// and multi-segment path values) then added 0.2 KB: 14,696 bytes. More went to parts books does not declare: a
// list with no items read as not given (strings), the Accept an operation asks for (constants), a path value
// spanning segments (form), a boolean parameter's check (boolean): 14,579 bytes. Still over: what is left is what
// every books call runs, as above, with the typed quota details (Google's errors carry them: 0.4 KB) and the
// client's hooks, logger and withResponse (0.6 KB), which a bundler cannot leave out while they are options.
// After the merge of this round's branches: 14,643 bytes. Issue 31's 14 KB is not met this round; the ceiling
// below holds the client where it is (no further growth unnoticed) until a decision on the two pieces above
// (typed quota details as an opt-in, the hooks as an import of their own) or on shorter refusal texts brings it
// back under 14,000 bytes.
// The rounds after (each in this file's history): a stream's items and cookie parameters as parts, a path's literal
// text, a retry's wait kept to the clock, the observation of each call an observer of its own (client/observe.ts,
// 806 bytes off), the typed client's signature in a module apart, a list counted by `total`: 14,697 → 15,028 bytes.
// The 28th round: a tool's plan, made once per tool (runtime/validate/tool-plan.ts), so that a call looks only
// at the parameters its input gives and those with a default or required: 15,032 → 15,309 bytes, for docgen's call
// 1.42 → 1.23× openapi-fetch (performance.md); and a number sent as text in plain
// decimal notation (`0.0000001`, not `1e-7`, which a decimal reader refuses): 15,495 bytes with both; the ceiling
// 15,600. The 29th round: a call's result without an extra promise turn (15,533 bytes), then an optional
// credential (a document's `{}` beside its requirements: sent when given, none when not) and a credential a header
// cannot carry as its text (a bearer token or header key past ASCII) refused before any request, naming the rule:
// 15,934 bytes; the ceiling 16,000. 30th (a string's check made once per tool and parameter; crm's call 0.91×):
// 16,066; 16,100. 31st (`%2f`, not `%2%46`): 16,120; 16,150. 33rd (plain text at once): 16,190; 16,200. 35th (a path
// link): 16,297; 16,300. 36th (a CSV answer as text; a query object writing nothing not given): 16,611; 16,700.
// 44th–57th (each in this file's history: a query's names and nulls, an exclusive bound's words, short secrets,
// outputs from the first of several places, each output held to its kind, one credential sent to two places, an
// instance address joined once): 16,702 → 17,816; 17,850.
// 59th (a CSV answer of records read as records: the RFC 4180 row reader, 975 bytes minified and 604 gzip alone, on
// every call's path): 18,304; 18,350. 61st (a tool that names no type asks for JSON, +77; the CSV reader a part of
// its own, csvRecords, bundled only by a package with a CSV answer: −423, measured in the worktree): 17,958; 18,000.
// 78th (a JSON value's inner secret withheld, its walk a part books bundles not: +33): 18,019; 18,050. 83rd (other
// connection values: +52): 18,071; 18,100. 84th (a list in one string at a place styled as a list written as the
// style writes a list, its delimiters literal: +43): 18,114; 18,150. 86th (a number's text read in decimal, a long
// text counted in its own characters, +110; a secret looked for under four layers of percent-encoding, in hex and
// through its base64 tail, +386): 18,610; 18,650. 89th (a request's pairs by name kept in records without Object's
// members, a route's wire and a body field read and set as own keys: a `__proto__` pair sent, +46): 18,656; 18,700.
// 90th (a walk given no maxPages that reaches the default cap with more pages left ends with PAGE_LIMIT, not quietly
// short, +133; an answer in another form failing outputs that read only JSON fields, a label path list's lone "."
// refused, an allowReserved list's item comma encoded, a delimited form list's item holding its delimiter refused,
// +74): 18,863; 18,900. A multipart part's headers (`partHeaders`, `in: part`) placed by field and written in the
// part's head (+69): 18,932; with the reserved expansion's bytes checked as UTF-8 and a delimited item's list or object
// refused (+31): 18,963; 19,000. 97th: a reply header's output read as the number or boolean its document types it
// (runtime/http/header-values.ts, the JSON number grammar; +~110), a secret number withheld by its place rather than
// by its value (+~30): 19,110; 19,150.
const ISSUE_31_GZIP_BYTES = 14_000;
const MAX_CLIENT_GZIP_BYTES = 19_150;
const KEY = "zq-widgets-key-0123456789";

const CATALOG = ["v1", "v2", "v3", "v4", "v5", "v6", "v7"].map((id) => ({ id, volumeInfo: { title: `Dune ${id}` } }));

/** The upstream: a search over CATALOG paged by startIndex and maxResults; every volume is missing. */
function answer(req: Received) {
  const url = new URL(req.url, "http://127.0.0.1");
  if (url.pathname === "/books/v1/volumes") {
    const start = Number(url.searchParams.get("startIndex") ?? 0);
    const size = Number(url.searchParams.get("maxResults") ?? 10);
    return {
      status: 200,
      body: JSON.stringify({
        kind: "books#volumes",
        totalItems: CATALOG.length,
        items: CATALOG.slice(start, start + size),
      }),
    };
  }
  return {
    status: 404,
    headers: { "x-request-id": "zq-req-404" },
    body: JSON.stringify({
      error: {
        code: 404,
        message: "The volume ID could not be found.",
        status: "NOT_FOUND",
        errors: [{ reason: "notFound", domain: "global" }],
      },
    }),
  };
}

let work: string;
let upstream: Awaited<ReturnType<typeof server>> | undefined;
let consumer: string;
let cjsConsumer: string;
/**
 * Each TypeScript's build of its consumer projects (WHOLE's: all; the other's: the npm consumer's ESM and CommonJS
 * ones).
 */
let builds: Record<TsVersion, Finished>;

beforeAll(async () => {
  const shared = inject("packagesRegistry");
  work = mkdtempSync(join(runScratch(), "blockwright-client-"));
  upstream = await server(answer);
  const generated = (p: string) => join(ROOT, "generated", p, "package.json");
  const version = (p: string) => (JSON.parse(readFileSync(generated(p), "utf8")) as { version: string }).version;
  ({ consumer, cjsConsumer, builds } = await installConsumers(work, shared, new URL(upstream.url).port, version));
});

afterAll(async () => {
  await upstream?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * The CommonJS snippet's compiled output, run in the CommonJS project: once per distinct text. The builds' outputs sit
 * side by side (out-<module>-<version>/, one folder deep, so a require resolves alike from each), and TypeScript
 * versions and `module` settings that emit the same bytes would run the same program again (each run 0.15 s of CPU).
 */
const cjsRuns = new Map<string, Promise<Finished>>();
const runCjs = (compiledText: string, out: string) => {
  if (!cjsRuns.has(compiledText)) cjsRuns.set(compiledText, runOk(node, [out], cjsConsumer, { BOOKS_KEY: KEY }));
  return cjsRuns.get(compiledText)!;
};

/** The errors of a build, each with its file (from the work folder), line and code. */
const errors = (build: Finished) =>
  [...build.stdout.matchAll(/^(\S[^(\n]*)\((\d+),\d+\): error (TS\d+):/gm)].map((m) => ({
    file: m[1]!,
    line: Number(m[2]),
    code: m[3],
  }));
/** The lines and codes of the errors in `file`. */
const errorsIn = (file: string, build: Finished) =>
  errors(build).flatMap((e) => (e.file === file ? [{ line: e.line, code: e.code }] : []));
/** The files with errors among those whose path starts with one of `prefixes`. */
const filesWithErrors = (build: Finished, ...prefixes: string[]) =>
  [...new Set(errors(build).map((e) => e.file))].filter((f) => prefixes.some((p) => f.startsWith(p)));

describe("issue 31's snippet in a fresh consumer of the packed packages", () => {
  it.each(TS_VERSIONS)(
    "compiles under tsc --strict of TypeScript %s, the lines that must not compile included under @ts-expect-error",
    (v) => {
      expect(errorsIn(`${CONSUMER}/src/snippet.ts`, builds[v]), builds[v].stdout + builds[v].stderr).toEqual([]);
      // Nothing fails in the whole build but the files meant to: the packages' declarations and TypeScript's lib files
      // are checked too.
      const meantToFail = [
        `${CONSUMER}/src/wrong.ts`,
        ...(v === WHOLE ? TYPED.flatMap(([, , dir]) => WRONG_TYPED.map((f) => `${CONSUMER}/${dir}${f}`)) : []),
      ];
      expect(filesWithErrors(builds[v], "").sort(), builds[v].stdout).toEqual(meantToFail.sort());
    },
  );

  it.each(TS_VERSIONS)(
    "compiles the README's example of the client, its errors and paging under TypeScript %s",
    (v) => {
      const example = readFileSync(join(consumer, "src/readme.ts"), "utf8");
      for (const part of ["createBooks(", "UpstreamError", ".items("]) expect(example).toContain(part);
      expect(errorsIn(`${CONSUMER}/src/readme.ts`, builds[v]), builds[v].stdout).toEqual([]);
    },
  );

  it("shows the client, errors, paging and an agent adapter in at most 40 lines of code in the README", () => {
    // Every TypeScript block of the README as the package ships it; the adapter's needs its framework (not installed
    // here).
    const readme = readFileSync(join(consumer, "node_modules/@blockwright/books/README.md"), "utf8");
    const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? "");
    expect(blocks.join("")).toMatch(/from "@blockwright\/books\/(ai-sdk|langchain|openai-agents)"/);
    expect(blocks.join("").trim().split("\n").length).toBeLessThanOrEqual(40);
  });

  it.each(TS_VERSIONS)("refuses each line that must not compile, on its own, under TypeScript %s", (v) => {
    const errors = errorsIn(`${CONSUMER}/src/wrong.ts`, builds[v]);
    expect(
      errors.map((e) => e.line),
      builds[v].stdout,
    ).toEqual(WRONG.map((_, i) => WRONG_FIRST_LINE + i));
    // Missing property (as an argument), no overload matches, no such property (did you mean…) twice, not assignable,
    // no overload.
    expect(errors.map((e) => e.code)).toEqual(["TS2345", "TS2769", "TS2551", "TS2561", "TS2322", "TS2769"]);
  });

  it("runs against a loopback upstream, sending the client's header, credential and query", async () => {
    const before = upstream!.received.length;
    const { stdout } = await runOk(node, ["out-5.9/snippet.js"], consumer, { BOOKS_KEY: KEY });
    expect(stdout.trim().split("\n")).toEqual([String(CATALOG.length), "v1", "v2", "v3", "v4", "v5", "404 true"]);
    const seen = upstream!.received
      .slice(before)
      .map((r) => ({ url: new URL(r.url, "http://127.0.0.1"), trace: r.headers["x-trace"] }));
    const query = (u: URL) => Object.fromEntries(u.searchParams);
    expect(seen.map((s) => [s.url.pathname, query(s.url), s.trace])).toEqual([
      ["/books/v1/volumes", { q: "dune", maxResults: "2", key: KEY }, "t1"],
      ["/books/v1/volumes", { q: "dune", maxResults: "5", key: KEY }, "t1"],
      ["/books/v1/volumes/x", { key: "k".repeat(20) }, undefined],
    ]);
  });

  it(
    "takes the credential from the environment, says who calls, copies a client withOptions and throws a 404 as " +
      "a NotFoundError with its request id (issue 61)",
    async () => {
      expect(errorsIn(`${CONSUMER}/src/environment.ts`, builds[WHOLE]), builds[WHOLE].stdout).toEqual([]);
      const before = upstream!.received.length;
      const { stdout } = await runOk(node, ["out-5.9/environment.js"], consumer, { BOOKS_API_KEY: KEY });
      expect(stdout.trim().split("\n")).toEqual([String(CATALOG.length), "404 zq-req-404 UpstreamError"]);
      const seen = upstream!.received.slice(before);
      const version = (dir: string) =>
        (JSON.parse(readFileSync(join(consumer, "node_modules", dir, "package.json"), "utf8")) as { version: string })
          .version;
      expect(
        seen.map((r) => [new URL(r.url, "http://127.0.0.1").searchParams.get("key"), r.headers["user-agent"]]),
      ).toEqual(
        Array(2).fill([KEY, `blockwright/${version("@blockwright/runtime")} books/${version("@blockwright/books")}`]),
      );
    },
  );

  it.each([
    ["pnpm, strict (isolated, nothing hoisted)", PNPM_CONSUMER],
    ["yarn 4 (node_modules)", YARN_CONSUMER],
  ])("installs under %s: the snippet and the README's example compile, and the snippet runs", async (_, dir) => {
    const compiled = builds[WHOLE];
    expect(errorsIn(`${dir}/src/snippet.ts`, compiled), compiled.stdout).toEqual([]);
    expect(errorsIn(`${dir}/src/readme.ts`, compiled), compiled.stdout).toEqual([]);
    if (dir === PNPM_CONSUMER)
      expect(readFileSync(join(work, dir, "src/agents.ts"), "utf8")).toContain("llmCallParams(");
    // Nor anywhere else in it: under pnpm a declaration importing what its package does not declare fails here.
    expect(filesWithErrors(compiled, `${dir}/`), compiled.stdout).toEqual([]);
    const { stdout } = await runOk(node, ["out/snippet.js"], join(work, dir), { BOOKS_KEY: KEY });
    expect(stdout.trim().split("\n")).toEqual([String(CATALOG.length), "v1", "v2", "v3", "v4", "v5", "404 true"]);
  });

  it.each(TS_VERSIONS.flatMap((v) => CJS_MODULES_OF[v].map((module) => [module, v] as const)))(
    "in a CommonJS project (no type: module), compiles under module %s with TypeScript %s (no TS1479) to " +
      "require calls that run",
    async (module, v) => {
      // Its snippet, and the packages' declarations it uses (the npm consumer's: an error there fails every test of
      // it).
      const compiled = builds[v];
      expect(
        filesWithErrors(compiled, `${CJS}/${module}/`, `${CONSUMER}/node_modules/`),
        compiled.stdout + compiled.stderr,
      ).toEqual([]);
      const out = `out-${module}-${v}/snippet.js`;
      const compiledText = readFileSync(join(cjsConsumer, out), "utf8");
      expect(compiledText).toContain('require("@blockwright/books")');
      const { stdout } = await runCjs(compiledText, out);
      expect(stdout.trim().split("\n")).toEqual([String(CATALOG.length), "v1", "v2", "v3", "v4", "v5", "404 true"]);
    },
  );

  it(`bundles books' client in at most ${MAX_CLIENT_GZIP_BYTES / 1000} KB gzip`, async () => {
    const bundle = async (names: string) => {
      const result = await build({
        stdin: { contents: `export { ${names} } from "@blockwright/books";`, resolveDir: consumer, loader: "js" },
        bundle: true,
        minify: true,
        platform: "browser",
        format: "esm",
        write: false,
        logLevel: "silent",
      });
      const bytes = result.outputFiles[0]!.contents;
      return { min: bytes.length, gzip: gzipSync(bytes).length };
    };
    const client = await bundle("createBooks, UpstreamError");
    const executor = await bundle("executeTool");
    const over = client.gzip - ISSUE_31_GZIP_BYTES;
    process.stdout.write(
      `[packages] books' client: ${(client.min / 1000).toFixed(1)} KB minified, ` +
        `${(client.gzip / 1000).toFixed(1)} KB gzip (${client.gzip} bytes); executeTool: ` +
        `${(executor.min / 1000).toFixed(1)} KB, ${(executor.gzip / 1000).toFixed(1)} KB ` +
        `gzip${over > 0 ? `; the client is ${over} bytes over issue 31's ${ISSUE_31_GZIP_BYTES}` : ""}\n`,
    );
    expect(client.gzip).toBeLessThanOrEqual(MAX_CLIENT_GZIP_BYTES);
    // The package re-exports the observer a browser's client with hooks is given: its code comes in only when
    // imported.
    const observed = await bundle("createBooks, UpstreamError, observeCalls");
    expect(observed.gzip).toBeGreaterThan(client.gzip + 200);
  });
});

describe.each(TYPED)("executeTool under tsc --strict, moduleResolution %s", (_, __, dir) => {
  const build = () => builds[WHOLE];
  const typedErrorsIn = (file: string) => errorsIn(`${CONSUMER}/${dir}${file}`, build());

  it("compiles correct consumer code, the outputs' own properties included", () => {
    expect(typedErrorsIn("correct.ts"), build().stdout).toEqual([]);
    // Every error tsc reported in this project is in a file that is meant to fail.
    const files = filesWithErrors(build(), `${CONSUMER}/${dir}`).map((f) => f.slice(`${CONSUMER}/${dir}`.length));
    expect(files.sort()).toEqual([...WRONG_TYPED].sort());
  });

  it.each(WRONG_TYPED)("rejects %s on the marked line", (file) => {
    const lines = readFileSync(join(FIXTURES, "typed", file), "utf8").split("\n");
    const marked = lines.findIndex((l) => /\/\/ expected: TS\d+/.test(l));
    // One code, or codes that TypeScript versions differ on (`TS2741 or TS2345`).
    const codes = /\/\/ expected: (TS\d+(?: or TS\d+)*)/.exec(lines[marked]!)![1]!.split(" or ");
    expect(typedErrorsIn(file)).toEqual([{ line: marked + 1, code: expect.toBeOneOf(codes) }]);
  });
});
