// A discriminator whose property none of the union's shapes declares, with no mapping: `responseStatus` over
// `anyOf: [ResourceDelete, Error]`, the document's own example giving it HTTP statuses (200, 404). By the letter of
// implicit mapping the property names each shape by its schema's name, so the mock's check refused the document's own
// example (`responseStatus must be equal to one of the allowed values: ZqDone`) and every answer it served of it: the
// example case and the random-input property failed. Such a property is no field the shapes' names are written in: the
// union is read as its shapes alone (load/schemas/union-kinds.ts `namesShapes`), by the judge, the mock and the link.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DraftedOnMock, draftedOnMock } from "../contract/__fixtures__/drafted-subject.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const example = {
  zqResponses: [
    { zqId: 3, zqStatus: 200 },
    { zqErrors: [{ zqTitle: "gone" }], zqStatus: 404 },
  ],
};
const document = openapi(
  {
    "/zqmoves": {
      post: {
        operationId: "moveZq",
        responses: {
          "207": {
            description: "Each item's outcome.",
            content: { "application/json": { schema: ref("ZqMulti"), example } },
          },
        },
      },
    },
  },
  {
    schemas: {
      ZqMulti: {
        type: "object",
        properties: {
          zqResponses: {
            type: "array",
            items: { anyOf: [ref("ZqDone"), ref("ZqFault")], discriminator: { propertyName: "zqStatus" } },
          },
        },
      },
      ZqDone: { type: "object", properties: { zqId: { type: "integer" } } },
      ZqFault: {
        type: "object",
        properties: {
          zqErrors: { type: "array", items: { type: "object", properties: { zqTitle: { type: "string" } } } },
        },
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqmoves", document, ["moveZq"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a discriminator whose property no shape declares, without a mapping", () => {
  it("leaves the union its shapes alone: the mock serves the document's own example as valid", async () => {
    const { url } = on as DraftedOnMock;
    const answer = await fetch(`${url}/zqmoves`, {
      method: "POST",
      headers: { authorization: "Bearer zq-token-0000000001" },
    });
    expect({ status: answer.status, violations: answer.headers.get("sl-violations") }).toEqual({
      status: 207,
      violations: null,
    });
    expect(JSON.parse(await answer.text())).toEqual(example);
  });
});
