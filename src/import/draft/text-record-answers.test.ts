// An answer declared only as `text/plain` whose schema is a record (an object, a list: a server framework's default
// type for a handler's object) was drafted a download; the mock served the record as JSON and the runtime refused a
// JSON answer to a file-only status. It is drafted as a JSON answer (its fields), with a review note, and a call reads
// the body as JSON text whatever its Content-Type says; a body that is no JSON text fails with a clear error. A
// `text/plain` answer with no schema is one text: a string output reading it whole, not a download.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const record = {
  type: "object",
  required: ["zqState"],
  properties: { zqState: { type: "string" }, zqCount: { type: "integer" } },
};
const routes: Record<string, Record<string, object>> = {
  zqRecord: { "text/plain": { schema: record, example: { zqState: "ready", zqCount: 2 } } },
  zqRows: { "text/plain; charset=utf-8": { schema: { type: "array", items: record } } },
  zqUnschemed: { "text/plain": { example: "zq-42" } },
};
const zqDoc = openapi(
  Object.fromEntries(
    Object.entries(routes).map(([id, content]) => [
      `/${id.toLowerCase()}`,
      { get: { operationId: id, responses: { "200": { description: "The zq answer.", content } } } },
    ]),
  ),
);
const d = drafted(zqDoc, Object.keys(routes));
const op = (id: string) => d.manifest.operations[`acme_${id}`];
const call = async (id: string, body: string, type: string) => {
  const tool = (await linkedTools(d)).find((t) => t.id === `acme_${id}`)!;
  const { fetch } = scriptedFetch(new Response(body, { headers: { "content-type": type } }));
  return executeToolDefinition(
    tool,
    { accessToken: "zq-token-0000000001" },
    { baseUrl: "https://api.acme.test", fetch },
  );
};

describe("a text/plain answer whose schema is a record", () => {
  it("is drafted as a JSON answer, its fields outputs, with a note saying it is read as JSON text", () => {
    expect(op("zq_record")?.download).toBeUndefined();
    expect(op("zq_record")?.outputs).toMatchObject({
      data: { type: "json", from: "$response.body" },
      "metadata.zqState": { type: "string", from: "$response.body#/zqState" },
      "metadata.zqCount": { type: "number", from: "$response.body#/zqCount" },
    });
    expect(notesAt(d, "operations.acme_zq_record.outputs").join("\n")).toContain(
      "the 200 reply is declared text/plain, its schema an object: read as JSON text",
    );
    expect(op("zq_rows")?.download).toBeUndefined();
    expect(op("zq_rows")?.outputs?.data).toMatchObject({ type: "array", from: "$response.body" });
    expect(notesAt(d, "operations.acme_zq_rows.outputs").join("\n")).toContain("its schema a list: read as JSON text");
  });

  it("links, and a call reads the body as JSON under text/plain or application/json", async () => {
    expect(await linkProblems(d)).toEqual([]);
    for (const type of ["text/plain", "application/json"]) {
      const result = await call("zq_record", '{"zqState":"ready","zqCount":2}', type);
      expect(result, type).toMatchObject({ success: true, output: { metadata: { zqState: "ready", zqCount: 2 } } });
    }
  });

  it("fails with a clear error, not a crash, when the body is no JSON text", async () => {
    const result = await call("zq_record", "zq not json", "text/plain");
    expect(result.success).toBe(false);
    expect(result.success ? undefined : result.error).toMatchObject({
      code: "INVALID_JSON",
      message: "acme answered 200 with a body that is not valid JSON",
    });
    const rows = await call("zq_rows", "zq not json", "text/plain");
    expect(rows.success ? undefined : rows.error).toMatchObject({
      code: "INVALID_JSON",
      message: "acme answered 200 with a body that is not valid JSON",
    });
  });
});

describe("a text/plain answer with no schema", () => {
  it("is one text: a string output reading the whole answer, not a download", async () => {
    expect(op("zq_unschemed")?.download).toBeUndefined();
    expect(op("zq_unschemed")?.outputs).toEqual({
      data: { type: "string", from: "$response.body", description: "The zq answer." },
    });
    expect(await call("zq_unschemed", "zq-42", "text/plain")).toEqual({ success: true, output: { data: "zq-42" } });
  });
});
