// A list of what went wrong beside a reply's status (`{data: {zqtracker: {…}}, zqstatus: {errors: [], message}}`) was
// read as the reply's one list: a create's outputs gave its errors as `data` and its record nowhere, while every case
// passed (the mock answers the document's own shape). A failure's list (`errors`, `warnings`, `validationErrors`) is
// never the reply's records by being its one list; beside one list of records, that list is the reply's.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply, type Json } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const failures = { type: "array", items: { type: "object", properties: { zqcode: { type: "string" } } } };
const tracker = {
  type: "object",
  properties: {
    data: {
      type: "object",
      properties: {
        zqtracker: { type: "object", properties: { zqtoken: { type: "string" }, zqstate: { type: "string" } } },
      },
    },
    zqstatus: { type: "object", properties: { errors: failures, message: { type: "string" } } },
  },
};
const post = (schema: Json, example: unknown): Json => ({
  "/zqorders/zqpayments": {
    post: {
      operationId: "zqPay",
      requestBody: { content: { "application/json": { schema: { type: "object" } } } },
      responses: { "201": reply(schema, example) },
    },
  },
});
const froms = (d: ReturnType<typeof drafted>) =>
  Object.values(d.manifest.operations)[0]!.outputs
    ? Object.values(Object.values(d.manifest.operations)[0]!.outputs!)
    : [];

describe("a list of failures beside a reply's status", () => {
  const example = { data: { zqtracker: { zqtoken: "zq-t1", zqstate: "ZQ" } }, zqstatus: { errors: [], message: "ok" } };
  const d = drafted(openapi(post(tracker, example)), ["zqPay"]);

  it("is not read as the reply's list: no output reads it as the data", async () => {
    const read = froms(d).map((o) => JSON.stringify((o as { from?: unknown }).from));
    expect(read.some((f) => f.includes("zqstatus/errors") && !f.includes("count"))).toBe(false);
    expect(read.some((f) => f.includes("/data"))).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe("one list of records beside a list of warnings", () => {
  const schema = {
    type: "object",
    properties: {
      zqok: { type: "boolean" },
      zqshelves: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
      warnings: failures,
    },
  };
  const d = drafted(
    openapi({
      "/zqstore/zqlookup": {
        get: {
          operationId: "zqList",
          responses: { "200": reply(schema, { zqok: true, zqshelves: [{ id: "s1" }], warnings: [] }) },
        },
      },
    }),
    ["zqList"],
    "zqshelf",
  );

  it("takes the records' list as the reply's", () => {
    const data = Object.values(d.manifest.operations)[0]!.outputs?.data as { from?: unknown } | undefined;
    expect(JSON.stringify(data?.from)).toContain("zqshelves");
  });
});

describe("a bulk result's list of the ones that failed", () => {
  const result = {
    type: "object",
    properties: {
      data: {
        type: "object",
        properties: {
          zqdeleted: { type: "integer" },
          failed: {
            type: "array",
            items: { type: "object", properties: { id: { type: "string" }, zqreason: { type: "string" } } },
          },
        },
      },
    },
  };
  const d = drafted(
    openapi({
      "/zqshelves/zqbulk-delete": {
        post: {
          operationId: "zqBulkDrop",
          requestBody: { content: { "application/json": { schema: { type: "object" } } } },
          responses: { "200": reply(result, { data: { zqdeleted: 2, failed: [] } }) },
        },
      },
    }),
    ["zqBulkDrop"],
  );

  it("is not the reply's records: the count deleted an output, the failures readable but not as the data", async () => {
    const outputs = Object.values(d.manifest.operations)[0]!.outputs ?? {};
    const data = outputs.data as { from?: unknown } | undefined;
    expect(JSON.stringify(data?.from ?? "")).not.toContain("failed");
    const read = froms(d).map((o) => JSON.stringify((o as { from?: unknown }).from));
    expect(read.some((f) => f.includes("zqdeleted"))).toBe(true);
    // The failures stay readable: an output of their own, or the record read whole.
    expect(read.some((f) => f.endsWith('failed"') || f === '"$response.body#/data"')).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
  });
});
