// A success declared only as CSV whose schema is a record or a list of records (the link's answerText `{csv}`): its
// text read as records, the header naming the fields, each value typed by the row schema (common/csv-rows.ts).
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { csvRecords, csvRows } from "../common/csv-rows.js";

const shelf = irFixture("shelf");
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const input = { apiKey: "shelf-key-7f3a9c2e51", bookId: "zqb1" };
/** The tool reading its answer's rows as one list output, as the link gives a CSV of records. */
const rows: ToolSpec = {
  ...getBook,
  answerText: { csv: { zqid: "integer", zqname: "string", zqprice: "number", zqready: "boolean" } },
  outputs: [
    {
      path: "items",
      type: "array",
      description: "The rows.",
      optional: false,
      source: { expression: "$response.body", ref: { kind: "body", pointer: [] }, required: true },
    },
  ],
};
const answer = (body: string, type: string) =>
  scriptedFetch(new Response(body, { status: 200, headers: { "content-type": type } })).fetch;

describe("a CSV answer read as records", () => {
  it("reads rows with a quoted comma, a doubled quote, a line break and an empty value by their types", async () => {
    const text =
      'zqid,zqname,zqprice,zqready\r\n1,"zq, one",1.5,true\r\n2,"say ""zq""\nagain",,FALSE\r\n3,,-2e3,\r\n\r\n';
    const result = await executeToolDefinition(rows, input, { fetch: answer(text, "text/csv; header=present") });
    expect(result).toEqual({
      success: true,
      output: {
        items: [
          { zqid: 1, zqname: "zq, one", zqprice: 1.5, zqready: true },
          { zqid: 2, zqname: 'say "zq"\nagain', zqready: false },
          { zqid: 3, zqname: "", zqprice: -2000 },
        ],
      },
    });
  });

  it("names a column by its field where the header spells it otherwise, keeps one no field names", async () => {
    const text = "ZQ Id,Zq_Price,zq extra\n7,0.25,0x10\n";
    const result = await executeToolDefinition(rows, input, { fetch: answer(text, "application/csv") });
    expect(result).toEqual({ success: true, output: { items: [{ zqid: 7, zqprice: 0.25, "zq extra": "0x10" }] } });
  });

  it("keeps a value not of its field's type as its text (no hex, no Infinity, no integer's fraction)", () => {
    const fields = { a: "number", b: "integer", c: "boolean" } as const;
    expect(csvRecords("a,b,c\n0x10,1.5,yes\nInfinity,2,true\n", fields)).toEqual([
      { a: "0x10", b: "1.5", c: "yes" },
      { a: "Infinity", b: 2, c: true },
    ]);
  });

  it("reads a header alone as no record, a BOM before it as nothing, and a name like __proto__ as a field", () => {
    expect(csvRecords("\ufeffzqid,zqname\r\n", { zqid: "integer" })).toEqual([]);
    const [record] = csvRecords("__proto__,zqid\nzq,1\n", { zqid: "integer" });
    expect(Object.keys(record!)).toEqual(["__proto__", "zqid"]);
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
  });

  it("splits RFC 4180 rows: quoted cells, a last line without its break, an empty last cell", () => {
    expect(csvRows('a,"b,""c"""\n"d\r\ne",\nf')).toEqual([["a", 'b,"c"'], ["d\r\ne", ""], ["f"]]);
  });

  it("reads JSON as JSON when the service answers JSON after all", async () => {
    const result = await executeToolDefinition(rows, input, { fetch: answer('[{"zqid":1}]', "application/json") });
    expect(result).toEqual({ success: true, output: { items: [{ zqid: 1 }] } });
  });
});
