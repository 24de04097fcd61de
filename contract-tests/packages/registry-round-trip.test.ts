// The publishing path end to end, as a user of the packages meets it: the
// runtime and two provider packages, as `blockwright publish` put them on the
// packages project's Verdaccio registry on loopback (global-setup.ts, with
// the runtime's third-party dependencies from the local node_modules: no
// network), installed into a fresh consumer project from there (by the
// set-up, once for this file and client-consumer.test.ts: npm-consumer.ts;
// one provider alone first, its install measured), and used:
// plain Node ESM and CommonJS calls against a loopback upstream answering
// with the specs' own examples, an esbuild browser bundle, and the install's
// size. (What a consumer's tsc makes of them, executeTool's types included:
// client-consumer.test.ts.) Not against Prism mocks: starting two cost this
// file 1.6 to 2.2 s of CPU (the generator and Prism loaded into its worker),
// and what is checked here is that the installed packages load and call,
// not their requests' conformance (the contract suite's, on the sources).
import { build } from "esbuild";
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import jsYaml from "js-yaml";
import { type Received, server } from "../../test-support/runtime/loopback-server.js";
import { ROOT, SPECS_DIR } from "./root.js";
import { NPM_CONSUMER_PROVIDERS, readyNpmConsumer } from "./npm-consumer.js";
import { node, runOk } from "./processes.js";

// The figures issue 8 sets for one provider package.
const MAX_INSTALL_PACKAGES = 10;
const MAX_INSTALL_BYTES = 6_000_000;
// Issue 22 added jose (16 KB minified, tree-shaken: RS256 signing of OAuth 2 JWT assertions) to the 51 KB bundle;
// issue 19 the checks of formats, JSON items and query styles (71.2 KB measured after both); issue 28 redaction on
// the decoded text, bounded token requests, the token's address, the request-rate limiter (+7 KB: 78.9 KB measured).
// Issue 31: a provider without OAuth flows bundles none of the OAuth code, jose included (54.4 KB measured);
// issue 29's credential kinds (basic, cookie, combinations, alternatives: 58.1 KB measured), then its file uploads
// and downloads (multipart, file inputs, download outputs: 65.8 KB measured). The runtime's support
// (runtime/call/support.ts: JSON parameters, formats, rules, form encoding, next-page addresses, request
// rates, files and OAuth each bundled only where the provider declares them) brought it to 49.1 KB, and
// validateOutputs' type check to 49.9 KB measured. More parts (bodies, strings, writes, credential kinds, the
// request-head bound, a 429's waits, problem reading) and executeTool without the per-call check of its parts
// (createPackageExecutor): 39.5 KB measured. The twenty-seventh round: a list counted by `total` and begun past its
// first page counts the items before it (a request past the last page had failed calls that had every item), and a
// string's places read once per tool: 41,038 bytes measured; the ceiling follows by 100 bytes, said in the round's
// note. The twenty-eighth round: a tool's plan, made once per tool (runtime/validate/tool-plan.ts), so that a call
// looks only at the parameters its input gives and those with a default or required: 41,632 bytes measured, for
// docgen's call 1.42 → 1.23× openapi-fetch (performance.md); and a number sent as text in plain decimal notation
// (`0.0000001`, not `1e-7`; a decimal reader refuses the exponent; a number written without one tested first by its
// size, no string searched): 42,001 bytes with both; the ceiling 42,100. The twenty-ninth round: a call's result
// without an extra promise turn (42,082 bytes), then an optional credential (sent when given, none when not) and a
// credential a header cannot carry as its text refused before any request: 43,245 bytes; the ceiling 43,300. The
// thirtieth round: a string parameter's check made once per tool and parameter (runtime/validate/string-check.ts):
// 43,402 bytes, for the values' check alone 0.58–0.70× main's and the calls' rows 0.91 (crm) to 0.99× main's
// (performance.md); the ceiling 43,450. The thirty-first round: a path value followed by literal text sends that
// text's first character encoded outside its percent-encoded triplets only (`/` before a literal `F` had gone as
// `%2%46`): 43,502 bytes; the ceiling 43,550. The thirty-third round: a string value of printable ASCII checked by one
// test, not five passes over its text, and a call's options merged as a spread and an assign: 43,617 bytes (43,520
// before), for books' call 0.94× main's and docgen's 0.96× (performance.md); the ceiling 43,650. The thirty-fifth: a
// path value that is a link (its writer and refusals in the form part; the core places a whole address and calls the
// part's two checks): 43,873 bytes; the ceiling 43,900. The thirty-sixth: a success answered in another form than
// the one declared (CSV, XML, bytes for a JSON operation) read by the type received, not failed as invalid JSON
// (44,5xx), and a query object that writes nothing counted as not given (44,665 bytes); the ceiling 44,800. The
// forty-second: a secret inside a JSON value withheld from its refusal, overlapping scalar kinds taken, `null` to a
// nullable text, and a base64 core's URL-safe form made without regular expressions (a key new to the process: the
// call ×0.92): 44,816 bytes; the ceiling 44,900. The forty-fifth: a stream's items that echo a credential withheld as
// a JSON answer's output is (they were handed out as read): 44,947 bytes; then a cookie credential sent as its RFC 6265
// cookie-octets, only other characters percent-encoded (a browser's session cookie `s%3A…` had gone as `s%253A…`):
// 45,131 bytes; then an address parameter checked as an address before a pattern beside its format: 45,170 bytes;
// the ceiling 45,200. The forty-seventh: one rule for how much of a rule a refusal prints (rule-words.ts: a long
// enum's first values and those nearest the text given, a pattern's hint, the whole pattern as the error's `expected`),
// a secret list's texts kept to a part of their own (secretLists, which this provider bundles not): 45,201 bytes; the
// ceiling 45,300; then an API key's base64 (auth.encode: the core's key check) and a nullable query parameter's null
// sent as nothing: 45,429 bytes; the ceiling 45,500. The forty-eighth: an exclusive bound refused in the document's
// words (rule-words.ts' boundWords), a label list's dotted item refused, a cookie list or object exploded by default
// (OpenAPI's form), a secret in a body taking any text: 46,220 bytes; the ceiling 46,300. The forty-ninth: a page
// size bounded only by its format not sent, a short secret (a PIN) withheld as a whole token: 47,045; the ceiling
// 47,100. The fiftieth: exclusive bounds kept by the IR (boundWords gone, −104), a JWT signed for each request
// (`auth.signedJwt`'s middleware beside SigV4's, +277): 47,218; the ceiling 47,300. The fifty-second: an output and
// paging's items read from the first of a list of places holding a value of its kind (outputs' `from` as a list):
// 47,452; then pages said to remain with no cursor or address to them ending not complete: 47,563; the ceiling 47,600.
// The fifty-third: each output held to its declared kind on every call, the place and the kind found named: 47,652;
// the ceiling 47,700. The fifty-fourth: an answer in a text type that the outputs read whole as one string kept as
// its text: 48,003; the ceiling 48,050. The fifty-fifth: that reading decided once by the link (a tool's answerText):
// 47,770; the ceiling 47,820. The fifty-sixth: one credential sent to two places (auth.alsoSends), a download
// answered with JSON or HTML refused, a tuple's positions checked: 47,927; the ceiling 47,960. The fifty-seventh: an
// instance address joined once per tool, a JSON error answered to a download read for its message, `about:blank`
// skipped as an error's value, a text/plain answer of a record read as JSON text: 48,002; the ceiling 48,040. The
// fifty-ninth: a CSV answer of records read as records (the RFC 4180 row reader, 975 bytes minified alone): 49,088;
// the ceiling 49,120. The sixty-first: a tool that names no type asks for JSON (+189), and the CSV reader a part of
// its own (csvRecords), bundled only by a package with a CSV answer (−931): 48,346; the ceiling 48,400. The
// seventy-fourth: a pattern that backtracks run on a linear-time engine (the part's declaration and the engine's
// hand-over; RE2 itself only in a package whose patterns need it): 48,471; the ceiling 48,500. The seventy-eighth: a
// secret inside a JSON parameter's value withheld from everything a call returns (the core asks the part, which walks
// the value; a part of its own, nestedSecrets, this provider bundles not): 48,551; the ceiling 48,600. The
// eighty-fourth: a list in one string at a place styled as a list written as the style writes a list: 48,692; the
// ceiling 48,740. The eighty-sixth: a number's text read in decimal and a long text counted in its own characters
// (+269); a secret looked for under four layers of percent-encoding, in hex, and through its base64 tail (+1,095):
// 50,056; the ceiling 50,100. The eighty-ninth: a request's pairs by name kept in records without Object's members, a
// route's wire and a body field read and set as own keys (a `__proto__` pair sent; +153): 50,209; the ceiling 50,250.
// The ninetieth: a walk given no maxPages that reaches the default cap with more pages left ends with PAGE_LIMIT rather
// than quietly short (+364); an answer in another form failing outputs that read only JSON fields, a label path list's
// lone "." refused, an allowReserved list's item comma encoded, a delimited form list's item holding its delimiter
// refused (+227): 50,800; the ceiling 50,850. The ninety-first: a multipart part's headers (`partHeaders`, `in: part`)
// placed by field and written in the part's head (+228); a label item's or a delimited item's list or object inside
// refused, and a text sent by reserved expansion whose percent-encoded bytes are no UTF-8 refused (the form part's
// check, asked by the string check; +96): 51,124; the ceiling 51,200. The ninety-seventh: a reply header's output
// read as the number or boolean its document types it (runtime/http/header-values.ts; +~170) and a secret number
// withheld by its place rather than by its value (+~20): 51,391; the ceiling 51,450.
const MAX_BUNDLE_BYTES = 51_450;

// The consumer's first provider (installed alone, measured), and the one its ESM call adds.
const PROVIDERS = [NPM_CONSUMER_PROVIDERS[0], "docgen"];
const CONSUMER_FIXTURES = join(ROOT, "contract-tests/packages/consumer");

const { thirdParty: THIRD_PARTY, npmConsumer } = inject("packagesRegistry");
const figure = (text: string) => process.stdout.write(`[packages] ${text}\n`);

/** The example a provider's OpenAPI document gives under components/examples. */
function example(provider: string, name: string): unknown {
  const spec = jsYaml.load(readFileSync(join(SPECS_DIR, provider, "openapi.yaml"), "utf8")) as {
    components: { examples: Record<string, { value: unknown }> };
  };
  return spec.components.examples[name]!.value;
}
/** The upstream's answers, by path: the documents' own examples of the operations the consumer's files call. */
const ANSWERS: Record<string, unknown> = {
  "/books/v1/volumes": example("books", "VolumesSearchPage"),
  "/books/v1/volumes/zyTCAlFPjgYC": example("books", "VolumeFull"),
  "/v1.0/themes": example("docgen", "ThemesFirstPage"),
};
function answer(req: Received) {
  const body = ANSWERS[new URL(req.url, "http://127.0.0.1").pathname];
  return body === undefined ? { status: 404, body: "{}" } : { status: 200, body: JSON.stringify(body) };
}
/** The path and query of each request the upstream received since `from`. */
const requestsSince = (from: number) =>
  upstream!.received.slice(from).map((r) => {
    const url = new URL(r.url, "http://127.0.0.1");
    return [r.method, url.pathname, Object.fromEntries(url.searchParams)];
  });

let upstream: Awaited<ReturnType<typeof server>> | undefined;
let consumer: string;
/** This file's scripts, in a folder of their own in the shared consumer (the packages found a folder up). */
let scripts: string;
const install = npmConsumer.firstInstall;

beforeAll(async () => {
  consumer = readyNpmConsumer(npmConsumer);
  scripts = mkdtempSync(join(consumer, "calls-"));
  for (const file of ["esm-call.mjs", "cjs-call.cjs"]) cpSync(join(CONSUMER_FIXTURES, file), join(scripts, file));
  upstream = await server(answer);
});

afterAll(async () => {
  await upstream?.close();
});

describe("packages published to a local registry and installed in a fresh project", () => {
  it(`installs one provider in at most ${MAX_INSTALL_PACKAGES} packages and ${MAX_INSTALL_BYTES / 1e6} MB`, () => {
    figure(
      `install of @blockwright/${PROVIDERS[0]}: ${install.packages.length} packages ` +
        `(${install.packages.join(", ")}), ${(install.bytes / 1e6).toFixed(2)} MB on disk`,
    );
    expect(install.packages).toEqual(
      expect.arrayContaining([`@blockwright/${PROVIDERS[0]}`, "@blockwright/runtime", ...THIRD_PARTY]),
    );
    expect(install.packages.length).toBeLessThanOrEqual(MAX_INSTALL_PACKAGES);
    expect(install.bytes).toBeLessThanOrEqual(MAX_INSTALL_BYTES);
  });

  it("plain node imports the ESM packages and runs a call of each against the upstream", async () => {
    const from = upstream!.received.length;
    const { stdout } = await runOk(node, ["esm-call.mjs", upstream!.url, upstream!.url], scripts);
    expect(requestsSince(from)).toEqual([
      ["GET", "/books/v1/volumes", { q: "google", maxResults: "2", key: "local-test-key" }],
      ["GET", "/v1.0/themes", { limit: "5" }],
    ]);
    const { search, themes } = JSON.parse(stdout);
    expect(search.success).toBe(true);
    expect(search.output.metadata.count).toBeGreaterThan(0);
    expect(search.output.data[0].id).toEqual(expect.any(String));
    expect(themes.success).toBe(true);
    expect(themes.output.themes.length).toBeGreaterThan(0);
  });

  it("a CommonJS require of the same package runs a call against the upstream", async () => {
    const from = upstream!.received.length;
    const { stdout } = await runOk(node, ["cjs-call.cjs", upstream!.url], scripts);
    expect(requestsSince(from)).toEqual([["GET", "/books/v1/volumes/zyTCAlFPjgYC", { key: "local-test-key" }]]);
    const result = JSON.parse(stdout);
    expect(result.success).toBe(true);
    expect(result.output.metadata.id).toBe("zyTCAlFPjgYC");
  });

  it(`bundles one provider's executeTool for the browser in at most ${MAX_BUNDLE_BYTES / 1000} KB`, async () => {
    const result = await build({
      stdin: {
        contents: `export { executeTool } from "@blockwright/${PROVIDERS[0]}";`,
        resolveDir: consumer,
        loader: "js",
      },
      bundle: true,
      minify: true,
      platform: "browser",
      format: "esm",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const bytes = result.outputFiles[0]!.contents.length;
    // The modules that put code in the bundle (a module parsed but shaken out adds nothing).
    const inputs = Object.entries(Object.values(result.metafile.outputs)[0]!.inputs).flatMap(
      ([path, { bytesInOutput }]) => (path !== "<stdin>" && bytesInOutput > 0 ? [path] : []),
    );
    figure(
      `minified browser bundle of @blockwright/${PROVIDERS[0]}'s executeTool: ${(bytes / 1000).toFixed(1)} KB ` +
        `(${bytes} bytes) from ${inputs.length} modules`,
    );
    // Only the provider and the runtime: no YAML parser, schema compiler or Node.js module, and no OAuth code (jose)
    // for a provider without flows.
    const packages = new Set(inputs.map((i) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(i)?.[1]));
    expect([...packages].sort()).toEqual([`@blockwright/${PROVIDERS[0]}`, "@blockwright/runtime"]);
    expect(bytes).toBeLessThanOrEqual(MAX_BUNDLE_BYTES);
  });
});
