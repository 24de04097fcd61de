// The request judge proven on the contract suite itself: a fixture provider
// whose document uses each serialization rule once
// (test-support/fixtures/specs-judge/zqwire) passes its whole derived suite
// on its mock; a copy of it with one mistake planted in how one request is
// built (a tool's wire placement, encoding or credential as a manifest or a
// link could get it wrong) fails that operation's cases, each naming the rule
// broken. Prism, lenient, accepted most of these requests.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProvider } from "../emit/link-provider.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { loadOpenApi } from "../load/openapi-source.js";
import { loadYamlSource } from "../load/yaml-source.js";
import { startMocks, type MockServers } from "../mocks/mocks.js";
import { deriveCases } from "./derive.js";
import { type CaseResult, runCases } from "./run.js";
import type { Subject } from "./types.js";

const specsDir = fileURLToPath(new URL("../../test-support/fixtures/specs-judge", import.meta.url));
let mocks: MockServers;
let subject: Subject;

beforeAll(async () => {
  const ir = await loadProvider(specsDir, join(specsDir, "zqwire"));
  const { source } = await loadOpenApi(join(specsDir, "zqwire/openapi.yaml"), specsDir);
  subject = {
    provider: "zqwire",
    tools: ir.operations.map((o) => o.tool),
    document: new OpenApiDocument(source),
    manifest: loadYamlSource(join(specsDir, "zqwire/manifest.yaml")),
  };
  mocks = await startMocks(["zqwire"], { specsDir, root: specsDir, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
});

/**
 * The derived cases of the operations named (all when none), on tools changed by `plant`; with `until`, the run stops
 * (cases under way finish) once a case has failed with a message it matches: the cases left could only add failures.
 */
async function run(
  operations: string[],
  plant: (tools: Map<string, ToolSpec>) => void = () => {},
  until?: RegExp,
): Promise<CaseResult[]> {
  const tools = new Map(subject.tools.map((t) => [t.id, structuredClone(t)]));
  plant(tools);
  const planted: Subject = { ...subject, tools: [...tools.values()] };
  const cases = deriveCases(planted, operations.length ? new Set(operations) : undefined);
  let named = false;
  return runCases(
    cases,
    { mockUrl: () => mocks.urls.zqwire as string, seed: 7, runs: 5 },
    {
      onResult: (r) => (named ||= r.status === "failed" && until?.test(r.message ?? "") === true),
      stopped: () => named,
    },
  );
}

const tool = (tools: Map<string, ToolSpec>, id: string) => tools.get(id) as ToolSpec;
const wire = (tools: Map<string, ToolSpec>, id: string, param: string) =>
  tool(tools, id).params.find((p) => p.name === param)?.wire as Record<string, unknown>;

/** [the rule, the operation, the mistake planted, what a failing case's message must name]. */
const MISTAKES: [string, string, (tools: Map<string, ToolSpec>) => void, RegExp][] = [
  [
    "path, matrix style",
    "zqwire_matrix",
    (t) => Object.assign(wire(t, "zqwire_matrix", "ids"), { encoding: { style: "label", explode: true } }),
    /\[style\] \/path\/ids: .*matrix style/,
  ],
  [
    "path, label style",
    "zqwire_label",
    (t) => delete wire(t, "zqwire_label", "color").encoding,
    /\[style\] \/path\/color: .*label style/,
  ],
  [
    "path, simple style exploded",
    "zqwire_point",
    (t) => Object.assign(wire(t, "zqwire_point", "point"), { encoding: { style: "simple", explode: false } }),
    /\[explode\] \/path\/point/,
  ],
  [
    "path spanning segments (x-multi-segment)",
    "zqwire_get_file",
    (t) => delete wire(t, "zqwire_get_file", "path").multiSegment,
    /\[x-multi-segment\] \/path\/path/,
  ],
  [
    "path, a link sent as given (x-ms-skip-url-encoding): its ? sent as %3F",
    "zqwire_get_upload",
    (t) => Object.assign(wire(t, "zqwire_get_upload", "link"), { multiSegment: true }),
    /\[x-multi-segment\] \/path\/link: .*sent as %3F/,
  ],
  [
    "path, reserved expansion ({+name}): its ? sent as %3F",
    "zqwire_get_node",
    (t) => Object.assign(wire(t, "zqwire_get_node", "node"), { multiSegment: true }),
    /\[x-multi-segment\] \/path\/node: .*sent as %3F/,
  ],
  [
    "query, form exploded",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "tags"), { encoding: { style: "form", explode: false } }),
    /\[explode\] \/query\/tags/,
  ],
  [
    "query, form unexploded",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "ids"), { encoding: { style: "form", explode: true } }),
    /\[explode\] \/query\/ids/,
  ],
  [
    "query, spaceDelimited",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "words"), { encoding: { style: "pipeDelimited", explode: false } }),
    /\/query\/words.*style spaceDelimited/,
  ],
  [
    "query, pipeDelimited",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "codes"), { encoding: { style: "form", explode: false } }),
    /\[style\] \/query\/codes: .*pipeDelimited/,
  ],
  [
    "query, deepObject",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "filter"), { encoding: { style: "form", explode: true } }),
    new RegExp(
      'a field of "filter", which the document writes in style deepObject, ' +
        String.raw`explode true \(filter\[state\]=…\)` +
        String.raw`|query parameter "filter" \(style deepObject, explode true\) as nothing`,
    ),
  ],
  [
    "query, content (JSON)",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "q"), { encoding: { style: "form", explode: false } }),
    /\[content\] \/query\/q/,
  ],
  [
    "query, content (JSON) of a string: sent unquoted",
    "zqwire_search",
    (t) => delete wire(t, "zqwire_search", "word").encoding,
    /\[content\] \/query\/word/,
  ],
  [
    "query, a field of an object sent under another field's key",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "sortBy"), { name: "sort[then]" }),
    /sortBy: the service reads query parameter "sort"'s field "by" \(style deepObject, explode true\) as nothing/,
  ],
  [
    "query, allowReserved",
    "zqwire_search",
    (t) =>
      Object.assign(wire(t, "zqwire_search", "term"), { encoding: { style: "form", explode: true, reserved: true } }),
    /\[allowReserved\] \/query\/term/,
  ],
  [
    "query, allowEmptyValue",
    "zqwire_search",
    (t) =>
      Object.assign((wire(t, "zqwire_search", "anyLevel").whenTrue as Record<string, unknown>[])[0] as object, {
        name: "depth",
      }),
    /\[allowEmptyValue\] \/query\/depth/,
  ],
  [
    "header, simple style (a list)",
    "zqwire_search",
    (t) =>
      Object.assign(wire(t, "zqwire_search", "sizes"), { encoding: { style: "simple", explode: false, json: true } }),
    /\/header\/X-Zq-Sizes.*style simple/,
  ],
  [
    "header, simple style exploded (an object)",
    "zqwire_search",
    (t) => Object.assign(wire(t, "zqwire_search", "meta"), { encoding: { style: "simple", explode: false } }),
    /\[explode\] \/header\/X-Zq-Meta/,
  ],
  [
    "form, a JSON-encoded field (encoding.contentType)",
    "zqwire_send_message",
    (t) => delete (tool(t, "zqwire_send_message").body as { fields: Record<string, { json?: true }> }).fields.to?.json,
    /\[encoding\.contentType\] \/body\/to: .*"ada" is not JSON; a list goes a pair per item, .*to="a"&to="b"/,
  ],
  [
    "form, a list in one pair (encoding explode)",
    "zqwire_send_message",
    (t) => Object.assign(tool(t, "zqwire_send_message").body?.fields?.ids as object, { explode: true }),
    /\[encoding\.style\] \/body\/ids/,
  ],
  [
    "multipart, a part's content type (encoding.contentType)",
    "zqwire_upload",
    (t) =>
      Object.assign(tool(t, "zqwire_upload").params.find((p) => p.name === "file") as object, {
        contentType: "text/plain",
      }),
    /\[encoding\.contentType\] \/body\/file/,
  ],
  [
    "multipart, a JSON part's content type (encoding.contentType)",
    "zqwire_upload",
    // Written as a form's text (`width,5`) instead of one JSON part: left without an encoding, an object now goes as
    // application/json by OpenAPI's default, so the mistake is a wrong encoding, not a missing one.
    (t) => {
      (tool(t, "zqwire_upload").body as { fields: Record<string, unknown> }).fields.info = {
        style: "form",
        explode: false,
      };
    },
    /\[encoding\.contentType\] \/body\/info: .*text\/plain \(no Content-Type\)/,
  ],
  [
    "multipart, a field written as a form's pairs (encoding style deepObject)",
    "zqwire_upload",
    (t) => delete (tool(t, "zqwire_upload").body as { fields: Record<string, unknown> }).fields.link,
    /\[encoding\.style\] \/body\/link: .*as deepObject writes an object/,
  ],
  [
    "JSON body, a field at depth",
    "zqwire_create_order",
    (t) =>
      tool(t, "zqwire_create_order").constants.push({
        in: "body",
        pointer: "/lines",
        value: [
          { sku: "AB-123", qty: 2 },
          { sku: "ab-12", qty: 1 },
        ],
      }),
    /\[schema\] \/body\/lines\/1\/sku/,
  ],
  [
    "a body of one text, as it is",
    "zqwire_set_note",
    (t) => Object.assign(tool(t, "zqwire_set_note").body as object, { encoding: "json" }),
    /\[schema\] \/body: .*pattern/,
  ],
  [
    "the credential where its scheme says",
    "zqwire_label",
    (t) => Object.assign(tool(t, "zqwire_label"), { auth: { type: "bearer", param: "apiKey" } }),
    /\[security\] \/credential: .*Authorization header/,
  ],
  [
    "the Accept header, a type the operation answers in",
    "zqwire_set_prefs",
    (t) => Object.assign(tool(t, "zqwire_set_prefs"), { accept: "text/csv" }),
    /\[accept\] \/header\/accept: .*answers in \(application\/json\)/,
  ],
];

/** The whole suite, unplanted, run once: the tests below read an operation's cases from it. */
let whole: Promise<CaseResult[]> | undefined;
const wholeSuite = () => (whole ??= run([]));
const casesOf = async (operation: string) => (await wholeSuite()).filter((r) => r.operation === operation);

describe("the zqwire provider, each serialization rule used once", () => {
  it("passes its whole derived suite on its mock, the request judge on", async () => {
    const results = await wholeSuite();
    expect(results.length).toBeGreaterThan(100);
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });

  it(
    'holds a string query value the document JSON-encodes (content) as its JSON text, quoted (word="fox"), in ' +
      "every case",
    async () => {
      const results = await casesOf("zqwire_search");
      expect(results.map((r) => r.name)).toContain("word maxLength 8 at the boundary");
      expect(results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
    },
  );

  it(
    "steers its mock out of band where the API declares its own Prefer: Prism's query keys, never the API's " +
      "header",
    async () => {
      const results = await casesOf("zqwire_set_prefs");
      expect(
        results.filter((r) => r.kind === "error" || r.kind === "example").map((r) => [r.name, r.status]),
      ).toContainEqual(['409 "busy" becomes the structured error', "passed"]);
      const put = (query: string, prefer: string) =>
        fetch(`${mocks.urls.zqwire}/v1/zqprefs${query}`, {
          method: "PUT",
          headers: { "x-zq-key": "zq-key-0123456789", prefer, "content-type": "application/json" },
          body: '{"theme":"dark"}',
        });
      const steered = await put("?__code=409&__example=busy", "return=minimal");
      expect([steered.status, await steered.json()]).toEqual([409, { message: "another change is under way" }]);
      // Steering in the API's own header is a request that breaks the API's rules.
      const collided = await put("", "code=409");
      expect(collided.status).toBe(422);
      expect(await collided.json()).toMatchObject({ refusals: [{ rule: "schema", pointer: "/header/Prefer" }] });
    },
  );

  it.each(MISTAKES)("fails naming the rule when one mistake is planted: %s", async (_rule, operation, plant, named) => {
    const results = await run([operation], plant, named);
    const failed = results.filter((r) => r.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((r) => r.message ?? "").join("\n")).toMatch(named);
  });
});
