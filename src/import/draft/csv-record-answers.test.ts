// A success declared only as CSV (`text/csv`, `application/csv`, `text/csv; header=present`) whose schema is a record
// or a list of records was drafted a download (the CSV as a file). Its rows are records: drafted a list of the row
// record (load/operations/csv-answers.ts), the link's answerText `{csv}` naming each field's type, and a call reads
// the CSV text as records (runtime/common/csv-rows.ts). A download written by hand still takes the CSV as a file.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime";
import { afterAll, describe, expect, it } from "vitest";
import { scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const record = {
  type: "object",
  properties: {
    zqName: { type: "string" },
    zqCount: { type: "integer", format: "int64" },
    zqRate: { type: "number" },
    zqOpen: { type: "boolean" },
  },
};
const routes: Record<string, Record<string, object>> = {
  zqExport: { "application/csv": { schema: { $ref: "#/components/schemas/ZqRow" } } },
  zqRows: { "text/csv; header=present": { schema: { type: "array", items: { $ref: "#/components/schemas/ZqRow" } } } },
  zqAny: { "text/csv": { schema: { type: "object", additionalProperties: { type: "string" } } } },
};
const zqDoc = {
  ...openapi(
    Object.fromEntries(
      Object.entries(routes).map(([id, content]) => [
        `/${id.toLowerCase()}`,
        { get: { operationId: id, responses: { "200": { description: "The zq rows.", content } } } },
      ]),
    ),
  ),
  components: { schemas: { ZqRow: record } },
};
const d = drafted(zqDoc, Object.keys(routes));
const op = (id: string) => d.manifest.operations[`acme_${id}`];
const tool = async (id: string) => (await linkedTools(d)).find((t) => t.id === `acme_${id}`)!;
const call = async (id: string, body: string, type: string) => {
  const { fetch } = scriptedFetch(new Response(body, { headers: { "content-type": type } }));
  return executeToolDefinition(
    await tool(id),
    { accessToken: "zq-token-0000000001" },
    { baseUrl: "https://api.acme.test", fetch },
  );
};

describe("a CSV answer of records", () => {
  it("is drafted as a list of its rows, not a download, with a note saying so", () => {
    for (const id of ["zq_export", "zq_rows", "zq_any"]) {
      expect(op(id)?.download, id).toBeUndefined();
      expect(op(id)?.outputs?.data, id).toMatchObject({ type: "array", from: "$response.body" });
    }
    expect(notesAt(d, "operations.acme_zq_export.outputs").join("\n")).toContain(
      "the 200 reply is declared application/csv of records: its rows are read as records",
    );
  });

  it("links to a tool reading the CSV as records, each field's type named", async () => {
    expect(await linkProblems(d)).toEqual([]);
    const fields = { zqName: "string", zqCount: "integer", zqRate: "number", zqOpen: "boolean" };
    expect((await tool("zq_export")).answerText).toEqual({ csv: fields });
    expect((await tool("zq_rows")).answerText).toEqual({ csv: fields });
    expect((await tool("zq_any")).answerText).toEqual({ csv: {} });
  });

  it("reads a CSV of several rows as records: a quoted comma, an empty value, each typed", async () => {
    const text = 'zqName,zqCount,zqRate,zqOpen\r\n"zq, one",12,0.5,true\r\nzq two,,1e2,false\r\n';
    const result = await call("zq_export", text, "application/csv");
    expect(result).toEqual({
      success: true,
      output: {
        data: [
          { zqName: "zq, one", zqCount: 12, zqRate: 0.5, zqOpen: true },
          { zqName: "zq two", zqRate: 100, zqOpen: false },
        ],
        metadata: { count: 2 },
      },
    });
    const any = await call("zq_any", "zqA,zqB\n1,\n", "text/csv");
    expect(any).toEqual({ success: true, output: { data: [{ zqA: "1", zqB: "" }], metadata: { count: 1 } } });
  });
});
