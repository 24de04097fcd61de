// A required body field whose schema admits one value (`zqkind: {enum: [ZQSQL]}`: a kind's tag beside its fields, a
// form's grant type) was drafted as a required parameter, every caller giving the one value it can take, where a
// required query or header parameter of one value is an operation constant (one-value-constants.test.ts). It is
// drafted as a body constant the package sends itself, with a note, in a JSON body and a form alike; an optional one,
// one of two values, or a tag a union's shapes each narrow to a value of their own stays a parameter.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { failedCases } from "../__fixtures__/draft-cases.js";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = {
  type: "object",
  required: ["zqkind", "zqstatement", "zqlimit", "zqmode"],
  properties: {
    zqkind: { type: "string", enum: ["ZQSQL"] },
    zqstatement: { type: "string", maxLength: 200 },
    zqlimit: { type: "integer", const: 10 },
    zqdialect: { type: "string", enum: ["zqansi"] },
    zqmode: { type: "string", enum: ["fast", "slow"] },
  },
};
const grant = {
  type: "object",
  required: ["zqgrant", "zqcode"],
  properties: { zqgrant: { type: "string", enum: ["zq_code"] }, zqcode: { type: "string", maxLength: 40 } },
};
const answer = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) };
const document = openapi({
  "/zqqueries": {
    post: {
      operationId: "runZqquery",
      requestBody: { required: true, content: { "application/json": { schema: query } } },
      responses: answer,
    },
  },
  "/zqtokens": {
    post: {
      operationId: "makeZqtoken",
      requestBody: { required: true, content: { "application/x-www-form-urlencoded": { schema: grant } } },
      responses: answer,
    },
  },
});

describe("a required body field of one value", () => {
  const d = drafted(document, ["runZqquery", "makeZqtoken"], "zqone");
  const run = d.manifest.operations.zqone_run_zqquery;
  const make = d.manifest.operations.zqone_make_zqtoken;

  it("is drafted as a body constant with a note, no parameter; an optional one or one of two stays", async () => {
    expect(run?.constants).toEqual([
      { in: "body", pointer: "/zqkind", value: "ZQSQL" },
      { in: "body", pointer: "/zqlimit", value: 10 },
    ]);
    expect(make?.constants).toEqual([{ in: "body", pointer: "/zqgrant", value: "zq_code" }]);
    expect(Object.keys(run?.params ?? {})).not.toContain("zqkind");
    expect(Object.keys(make?.params ?? {})).not.toContain("zqgrant");
    expect(run?.params?.zqdialect).toMatchObject({ enum: ["zqansi"] });
    expect(run?.params?.zqmode).toMatchObject({ enum: ["fast", "slow"], required: true });
    expect(notesAt(d, "operations.zqone_run_zqquery.constants").join("\n")).toContain(
      'the required body field zqkind admits one value ("ZQSQL"): drafted as a constant the package sends itself',
    );
    expect(await linkProblems(d, "zqone")).toEqual([]);
  });

  it("every derived case passes on the mock and its judge, the constants sent", async () => {
    const { ids, failed } = await failedCases(d, "zqone");
    expect(ids.length).toBeGreaterThan(3);
    expect(failed).toEqual([]);
  });
});
