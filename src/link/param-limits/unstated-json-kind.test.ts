// A manifest written by hand giving a body, or a body field, as `{type: json}` with no `jsonType`: the link took
// nothing of the document's schema there, so a value missing a field the document requires, or with a field a closed
// shape refuses, was sent and only the upstream refused it. Where the document admits one kind there (an object, a
// union of objects, a list), the parameter takes it with the limits inside it; where it admits several, nothing.
import { describe, expect, it } from "vitest";
import { handManifest, handWritten } from "../__fixtures__/hand-written.js";
import { linkedTools, openapi, reply, sentOrRefused } from "../../import/__fixtures__/draft-kit.js";

const zqslip = (kind: string) => ({
  type: "object",
  additionalProperties: false,
  required: ["zqkind", "zqberth"],
  properties: { zqkind: { type: "string", enum: [kind] }, zqberth: { type: "string", maxLength: 8 } },
});

const document = openapi({
  "/zqslips": {
    post: {
      operationId: "zqMoor",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: { oneOf: [zqslip("short"), { ...zqslip("long"), required: ["zqkind", "zqberth", "zqmeters"] }] },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
  "/zqslips/batch": {
    post: {
      operationId: "zqMoorMany",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqslips: { type: "array", maxItems: 2, items: zqslip("short") },
                zqnote: { oneOf: [{ type: "string" }, { type: "object" }] },
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
    },
  },
});
(document.paths["/zqslips"].post.requestBody.content["application/json"].schema.oneOf[1].properties as object) = {
  ...zqslip("long").properties,
  zqmeters: { type: "integer", minimum: 1 },
};

const param = (wire: object) => ({ type: "json", required: true, description: "The slip.", wire });
const manifest = handManifest("zqmarina", "Slips of a made-up marina.", {
  operations: {
    zqmarina_moor: {
      operationId: "zqMoor",
      title: "Moor",
      description: "Moors a boat.",
      params: { zqslip: param({ in: "body", pointer: "" }) },
      outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
    },
    zqmarina_moor_many: {
      operationId: "zqMoorMany",
      title: "Moor many",
      description: "Moors boats.",
      params: {
        zqslips: param({ in: "body", pointer: "/zqslips" }),
        zqnote: { ...param({ in: "body", pointer: "/zqnote" }), required: false },
      },
      outputs: { id: { type: "string", description: "The id.", from: "$response.body#/id" } },
    },
  },
});

describe("a json parameter whose manifest states no jsonType", () => {
  it("takes the one kind the document admits there, with its limits inside, checked before any request", async () => {
    const tools = await linkedTools(handWritten(document, manifest), "zqmarina");
    const [moor, many] = tools as [(typeof tools)[number], (typeof tools)[number]];
    const kinds = (t: typeof moor) => t.params.map((p) => `${p.name}:${p.jsonType ?? "-"}`);
    expect(kinds(moor)).toEqual(["accessToken:-", "zqslip:object"]);
    // A union of a text and an object admits two kinds: left as the manifest gives it.
    expect(kinds(many)).toEqual(["accessToken:-", "zqslips:array", "zqnote:-"]);

    expect(await sentOrRefused(moor, { zqslip: { zqkind: "long", zqberth: "A1" } }, { id: "zq1" })).toEqual({
      message: "zqslip.zqmeters: is required, got nothing",
      sent: 0,
    });
    expect(await sentOrRefused(moor, { zqslip: { zqkind: "short", zqberth: "A1", zqcolour: "red" } }, {})).toEqual({
      message: 'zqslip.zqcolour: is not a field of it, got "red"',
      sent: 0,
    });
    expect(
      await sentOrRefused(moor, { zqslip: { zqkind: "long", zqberth: "A1", zqmeters: 12 } }, { id: "zq1" }),
    ).toEqual({ message: "sent", sent: 1 });
    expect(await sentOrRefused(many, { zqslips: [{ zqkind: "short", zqberth: "B12345678" }] }, {})).toEqual({
      message: 'zqslips[0].zqberth: must be at most 8 characters long (it has 9), got "B12345678"',
      sent: 0,
    });
    expect(await sentOrRefused(many, { zqslips: { zqkind: "short", zqberth: "B1" } }, {})).toEqual({
      message: 'zqslips: must be a JSON array, not an object, got object {"zqkind":"short","zqberth":"B1"}',
      sent: 0,
    });
    expect(
      await sentOrRefused(many, { zqslips: [{ zqkind: "short", zqberth: "B1" }], zqnote: { zqby: "zq" } }, {}),
    ).toEqual({
      message: "sent",
      sent: 1,
    });
  });
});
