// An OpenAPI 3.1 body field of `anyOf: [{$ref: an enum of texts}, {type: 'null'}]` with the enum written beside the
// union too (`enum: [a, b]`, no null in it), as a generator writes an optional enum. JSON Schema holds the enum beside
// the union as well: null is no value of the field. add read the union's null branch alone and drafted the field
// nullable; the contract suite's "null given … sent as JSON null, where the document admits it" then sent null, which
// the request judge refused ("must be one of …, got null"). The field is drafted as its enum says now (null given to
// it counts as not given, as to any field that is not nullable: left out); a field of the union alone (no enum beside)
// is still nullable, its null sent.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const modes = ["zqa", "zqb"];
const document = {
  ...openapi(
    {
      "/zqthings/{id}": {
        patch: {
          operationId: "zqUpdate",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 20 } }],
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    zqmode: { anyOf: [{ $ref: "#/components/schemas/ZqMode" }, { type: "null" }], enum: modes },
                    zqnote: { anyOf: [{ type: "string", maxLength: 40 }, { type: "null" }] },
                  },
                },
              },
            },
          },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    },
    { schemas: { ZqMode: { type: "string", enum: modes } } },
  ),
  openapi: "3.1.0",
};

describe("an enum beside a union with a null branch", () => {
  it("leaves null out: the field is not nullable, null to it not sent; the union alone is nullable", async () => {
    const d = drafted(document, ["zqUpdate"]);
    const params = d.manifest.operations.acme_zq_update?.params ?? {};
    expect(params.zqmode?.nullable).toBeUndefined();
    expect(params.zqnote?.nullable).toBe(true);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = (await linkedTools(d)) as ToolSpec[];
    const call = (input: Record<string, unknown>) =>
      judgedCall(d, tool as ToolSpec, { accessToken: "zq-token-0001", id: "zq1", ...input });
    for (const [input, body] of [
      // Null to a field that is not nullable counts as not given: left out, as the judge takes it.
      [{ zqmode: null, zqnote: "zq words" }, { zqnote: "zq words" }],
      [
        { zqmode: "zqb", zqnote: null },
        { zqmode: "zqb", zqnote: null },
      ],
    ] as const) {
      const { sent, judged } = await call(input);
      expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual(body);
      expect(judged.refusals).toEqual([]);
    }
  });
});
