// An answer's field of format `json-pointer` (where a job's errors sit) beside a union: the mock's sampler makes such
// an answer (Prism's would break the union), but made no JSON pointer, so it left the whole answer to Prism, whose
// sampler answers a field's published default even where it is of another type than its schema (`type: object`,
// `default: "4 10:55:34.12"`) and then refused its own answer, a 500 on every call. The sampler now writes a JSON
// pointer (and a relative one): the answer is its own, of the schema's types.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { DocumentSampler } from "./sample/schema-sample.js";

const run = {
  type: "object",
  required: ["zqid", "zqerrors", "zqstep", "zqtotal"],
  properties: {
    zqid: { type: "string", format: "uuid", readOnly: true },
    zqerrors: { type: "string", format: "json-pointer", readOnly: true },
    zqstep: { type: "string", format: "relative-json-pointer", readOnly: true },
    zqtotal: { type: "object", default: "4 10:55:34.12", readOnly: true },
    zqmode: { nullable: true, oneOf: [{ type: "string", enum: ["zqfast", "zqslow"] }, { enum: [null] }] },
  },
};
const document = openapi(
  {
    "/zqruns/{zqId}/": {
      get: {
        operationId: "ZqRunRetrieve",
        parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string", format: "uuid" } }],
        responses: {
          "200": {
            description: "",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqRun" } } },
          },
        },
      },
    },
  },
  { schemas: { ZqRun: run } },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqruns", document, ["ZqRunRetrieve"]);
});
afterAll(async () => {
  await on?.close();
});

describe("an answer holding a JSON pointer beside a union", () => {
  it("is made by the sampler, a pointer of each kind", () => {
    const made = new DocumentSampler(document).sample("/components/schemas/ZqRun")?.value as Record<string, unknown>;
    expect(made.zqerrors).toMatch(/^(\/[^/]*)*$/);
    expect(made.zqstep).toMatch(/^\d+/);
    expect(made.zqtotal).toEqual({});
  });

  it("is served of its schema's types: every derived case passes on the mock", async () => {
    const answer = await fetch(`${on?.url}/zqruns/123e4567-e89b-42d3-a456-426614174000/`, {
      headers: { authorization: "Bearer zq-token-1" },
    });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as Record<string, unknown>;
    expect(typeof body.zqtotal).toBe("object");
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });
});
