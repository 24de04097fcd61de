// A body of named fields that the document leaves open to others (`additionalProperties: true` or a schema; 3.1's
// `unevaluatedProperties`): its other fields are one json object parameter, `otherFields` (wire `otherFields: true`),
// sent beside the named ones. Before, `add` drafted the named fields only, so the other fields the document allows
// (a settings body of a `version` beside any fields) could never be sent; and nothing linked such a parameter.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  judgedCut,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const result = reply({ type: "object", properties: { id: { type: "string" } } });
const settings = (open: Record<string, unknown>, media = "application/json") => ({
  required: true,
  content: {
    [media]: {
      schema: {
        type: "object",
        required: ["version"],
        properties: { version: { type: "integer" }, zq_note: { type: "string", maxLength: 40 } },
        ...open,
      },
    },
  },
});
const operation = (operationId: string, requestBody: unknown) => ({
  put: { operationId, requestBody, responses: { "200": result } },
});
const document = openapi({
  "/zq-settings/any": operation("zqPutAny", settings({ additionalProperties: true })),
  "/zq-settings/texts": operation("zqPutTexts", settings({ additionalProperties: { type: "string" } })),
  "/zq-settings/closed": operation("zqPutClosed", settings({ additionalProperties: false })),
  "/zq-settings/silent": operation("zqPutSilent", settings({})),
  "/zq-settings/form": operation(
    "zqPutForm",
    settings({ additionalProperties: { type: "string" } }, "application/x-www-form-urlencoded"),
  ),
  "/zq-settings/parts": operation(
    "zqPutParts",
    settings({ additionalProperties: { type: "string" } }, "multipart/form-data"),
  ),
});
const ALL = ["zqPutAny", "zqPutTexts", "zqPutClosed", "zqPutSilent", "zqPutForm", "zqPutParts"];
const KEY = { accessToken: "zq-token-0001" };

async function tool(operationId: string): Promise<ToolSpec> {
  const found = (await linkedTools(drafted(document, ALL))).find((t) => t.operationId === operationId);
  if (!found) throw new Error(`no tool ${operationId}`);
  return found;
}

async function send(operationId: string, params: Record<string, unknown>) {
  const { fetch, seen } = scriptedFetch(json(200, { id: "s1" }));
  const outcome = await executeToolDefinition(
    await tool(operationId),
    { ...KEY, ...params },
    {
      baseUrl: "http://127.0.0.1:9",
      fetch,
    },
  );
  const body = seen[0]?.body;
  return { outcome, requests: seen.length, body, seen };
}

describe("add drafts an open body's other fields", () => {
  it("as otherFields, a json object placed as the body's other fields, noted; none for a closed body", () => {
    const d = drafted(document, ALL);
    const params = (id: string) => Object.values(d.manifest.operations).find((o) => o.operationId === id)?.params ?? {};
    expect(params("zqPutAny").otherFields).toMatchObject({
      type: "json",
      jsonType: "object",
      wire: { in: "body", otherFields: true },
    });
    expect(params("zqPutTexts").otherFields?.description).toContain("each value a string");
    expect(params("zqPutClosed").otherFields).toBeUndefined();
    // A schema that does not say (JSON Schema's default): not drafted, the document naming no other field.
    expect(params("zqPutSilent").otherFields).toBeUndefined();
    const op = Object.keys(d.manifest.operations).find((k) => d.manifest.operations[k]?.operationId === "zqPutAny");
    expect(notesAt(d, `operations.${op}.params.otherFields`).join(" ")).toContain("additionalProperties: true");
  });

  it("and the draft links as it is", async () => {
    expect(await linkProblems(drafted(document, ALL))).toEqual([]);
  });
});

describe("a call sends the other fields beside the named ones", () => {
  it("in a JSON body, each value as given", async () => {
    const sent = await send("zqPutAny", { version: 3, otherFields: { "a b&é": { deep: [1, "x"] }, flag: true } });
    expect(sent.outcome.success).toBe(true);
    expect(JSON.parse(sent.body ?? "{}")).toEqual({ version: 3, "a b&é": { deep: [1, "x"] }, flag: true });
  });

  it("in a form, each a pair of its own", async () => {
    const sent = await send("zqPutForm", { version: 3, otherFields: { "k/y": "a b&c=d" } });
    expect(sent.body).toBe("k%2Fy=a%20b%26c%3Dd&version=3");
  });

  it("in a multipart body, each a part of its own", async () => {
    const sent = await send("zqPutParts", { version: 3, otherFields: { zqExtra: "a b" } });
    expect(sent.outcome.success).toBe(true);
    const form = await new Response(sent.body, {
      headers: { "content-type": sent.seen[0]?.headers.get("content-type") ?? "" },
    }).formData();
    expect([form.get("version"), form.get("zqExtra")]).toEqual(["3", "a b"]);
  });

  it("refuses, before any request, a named field given among them, naming both", async () => {
    const sent = await send("zqPutAny", { version: 3, otherFields: { version: 4 } });
    expect(sent.requests).toBe(0);
    expect(sent.outcome.success ? "" : sent.outcome.error.message).toMatch(
      /^otherFields: must not contain .*"version"/,
    );
  });

  it("refuses, before any request, a value of a kind the document's additionalProperties does not allow", async () => {
    const sent = await send("zqPutTexts", { version: 3, otherFields: { zqExtra: 7 } });
    expect(sent.requests).toBe(0);
    expect(sent.outcome.success ? "" : sent.outcome.error.message).toBe(
      'otherFields["zqExtra"]: must be a string, got 7',
    );
  });
});

describe("the request judge reads the other fields as the document does", () => {
  it("accepts an extra field of the allowed kind, and refuses one of another kind", async () => {
    const d = drafted(document, ALL);
    const { judged } = await judgedCall(d, await tool("zqPutTexts"), {
      ...KEY,
      version: 3,
      otherFields: { zqExtra: "x" },
    });
    expect(judged.refusals).toEqual([]);
    const { refusals } = judgedCut(d, "/zq-settings/texts");
    expect(refusals({ version: 3, zqExtra: 7 }).length).toBeGreaterThan(0);
  });
});

describe("a wrong otherFields is refused by the link, at its place", () => {
  const edited = (from: string, to: string) => {
    const d = drafted(document, ALL);
    return { ...d, manifestText: d.manifestText.replace(from, to) };
  };

  it("on a body closed to other fields", async () => {
    const d = drafted(document, ["zqPutClosed"]);
    const text = d.manifestText.replace(
      "      zq_note:\n",
      "      zqRest:\n        type: json\n        description: Other.\n" +
        "        wire: { in: body, otherFields: true }\n      zq_note:\n",
    );
    const problems = await linkProblems({ ...d, manifestText: text });
    expect(problems.join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*takes no other fields \(additionalProperties: false\): leave otherFields out/,
    );
  });

  it("in a body of no fields to write them in (XML)", async () => {
    const xml = openapi({
      "/zq-settings/xml": operation(
        "zqPutXml",
        settings({ additionalProperties: true, xml: { name: "zqSettings" } }, "application/xml"),
      ),
    });
    const d = drafted(xml, ["zqPutXml"]);
    expect(d.manifestText).not.toContain("otherFields");
    const text = d.manifestText.replace(
      "      zq_note:\n",
      "      zqRest:\n        type: json\n        description: Other.\n" +
        "        wire: { in: body, otherFields: true }\n      zq_note:\n",
    );
    expect((await linkProblems({ ...d, manifestText: text })).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*is XML: otherFields goes in a JSON, form or multipart body/,
    );
  });

  it("on a second parameter holding the same object's other fields, naming both places", async () => {
    const d = drafted(document, ["zqPutTexts"]);
    const text = d.manifestText.replace(
      "      zq_note:\n",
      "      zqRest:\n        type: json\n        description: Other.\n" +
        '        wire: { in: body, pointer: "", otherFields: true }\n      zq_note:\n',
    );
    expect(text).toContain("wire: { in: body, otherFields: true }");
    const problems = (await linkProblems({ ...d, manifestText: text })).join("\n");
    expect(problems).toMatch(
      new RegExp(
        String.raw`manifest\.yaml:\d+:\d+: .*otherFields\.wire\.otherFields: parameter "otherFields" holds ` +
          String.raw`the other fields of body object "\(whole body\)", as parameter "zqRest" does ` +
          String.raw`\(specs/acme/manifest\.yaml:\d+:\d+\): one parameter holds an object's other fields`,
      ),
    );
  });

  it("on a parameter that is no json object", async () => {
    const d = edited(
      '        type: json\n        description: "Other fields',
      '        type: string\n        description: "Other fields',
    );
    expect((await linkProblems(d)).join("\n")).toMatch(
      /manifest\.yaml:\d+:\d+: .*otherFields applies to a json object parameter, not string/,
    );
  });
});
