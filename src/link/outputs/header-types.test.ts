// An output read from a reply header carries the type the document's header schema gives it: `add` drafts it so, the
// link refuses a manifest whose type says otherwise (file:line:col), the runtime reads the header's text as that type
// (OpenAPI's simple style), a text that is none failing the call as a body field of another type does, and a change of
// the header's type is a change diff and upstream report.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { documentChanges, type DocumentSet } from "../../changes/document-diff.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

type Json = Record<string, unknown>;

const headers = (moreType = "boolean"): Json => ({
  "X-Zq-Page-Count": { description: "How many pages there are.", schema: { type: "integer" } },
  "X-Zq-Has-More": { description: "Whether a page follows.", schema: { type: moreType } },
  "X-Zq-Latency": { description: "Seconds taken.", schema: { $ref: "#/components/schemas/ZqSeconds" } },
  "X-Zq-Cursor": { description: "The next page's cursor.", schema: { type: "string" } },
});

const document = (moreType?: string): Json =>
  openapi(
    {
      "/zq-quills": {
        get: {
          operationId: "listQuills",
          responses: {
            "200": reply(
              { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
              undefined,
              headers(moreType),
            ),
          },
        },
      },
    },
    { schemas: { ZqSeconds: { type: "number" } } },
  );

const answer = (values: Record<string, string>) =>
  new Response("[]", { status: 200, headers: { "content-type": "application/json", ...values } });

async function call(tool: ToolSpec, values: Record<string, string>) {
  const { fetch } = scriptedFetch(answer(values));
  return executeToolDefinition(tool, { accessToken: "zq-credential-0001" }, { baseUrl: "http://127.0.0.1:9", fetch });
}

describe("an output read from a typed reply header", () => {
  const d = drafted(document(), ["listQuills"]);

  it("is drafted of the header schema's type, and the draft links", async () => {
    const outputs = d.manifest.operations.acme_list_quills!.outputs;
    expect(Object.fromEntries(Object.entries(outputs).map(([k, o]) => [k, [o.type, o.from]]))).toMatchObject({
      "metadata.zqPageCount": ["number", "$response.header.X-Zq-Page-Count"],
      "metadata.zqHasMore": ["boolean", "$response.header.X-Zq-Has-More"],
      "metadata.zqLatency": ["number", "$response.header.X-Zq-Latency"],
      "metadata.zqCursor": ["string", "$response.header.X-Zq-Cursor"],
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("is read as its type from the header's text; the text stays a text", async () => {
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    const result = await call(tool, {
      "x-zq-page-count": "42",
      "x-zq-has-more": "false",
      "x-zq-latency": "0.25",
      "x-zq-cursor": "007",
    });
    expect(result).toEqual({
      success: true,
      output: {
        data: [],
        metadata: { count: 0, zqPageCount: 42, zqHasMore: false, zqLatency: 0.25, zqCursor: "007" },
      },
    });
  });

  it.each([
    ["an integer with a fraction", "x-zq-page-count", "4.5", "metadata.zqPageCount", "number"],
    ["a number in another notation", "x-zq-latency", "0x10", "metadata.zqLatency", "number"],
    ["a boolean spelled otherwise", "x-zq-has-more", "yes", "metadata.zqHasMore", "boolean"],
  ])(
    "fails the call where the text is not one (%s), naming the output, place and value",
    async (_, name, text, output, type) => {
      const [tool] = (await linkedTools(d)) as [ToolSpec];
      const result = await call(tool, { [name]: text });
      expect(result).toMatchObject({
        success: false,
        error: {
          code: "INVALID_OUTPUT",
          details: { output, rule: "type", expected: type, found: "string", value: text },
        },
      });
    },
  );

  it("is absent where the answer leaves the header out (an optional output)", async () => {
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    expect(await call(tool, {})).toEqual({ success: true, output: { data: [], metadata: { count: 0 } } });
  });

  it("is refused by the link where the manifest types it otherwise, at the output's type", async () => {
    const retyped = (from: string, to: string) => ({
      ...d,
      manifestText: d.manifestText.replace(new RegExp(`(${from}:\\n\\s+type: )\\w+`), `$1${to}`),
    });
    const text = await linkProblems(retyped("metadata.zqPageCount", "string"));
    const line = d.manifestText.split("\n").findIndex((l) => l.trim() === "metadata.zqPageCount:") + 2;
    expect(text).toEqual([
      `specs/acme/manifest.yaml:${line}:15: operations.acme_list_quills.outputs.metadata.zqPageCount.type: ` +
        "output type string disagrees with the source, which is integer in specs/acme/openapi.yaml",
    ]);
    expect(await linkProblems(retyped("metadata.zqCursor", "number"))).toEqual([
      expect.stringMatching(/metadata\.zqCursor\.type: output type number disagrees with the source, which is string/),
    ]);
  });
});

describe("a reply header whose schema's type changed", () => {
  const one = (doc: Json): DocumentSet => ({ root: "zq.yaml", files: new Map([["zq.yaml", doc]]) });

  it("is a breaking change of the document, with the types before and after", () => {
    const changes = documentChanges(one(document("boolean")), one(document("string")), [
      { method: "GET", path: "/zq-quills" },
    ]);
    expect(changes.map((c) => [c.kind, c.severity, c.location, c.pointer, c.old, c.new])).toEqual([
      ["response-header-type-changed", "breaking", "response.200.header", "x-zq-has-more", "boolean", "string"],
    ]);
  });
});
