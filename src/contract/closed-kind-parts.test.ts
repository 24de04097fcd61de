// A discriminated base (`ZqEntry`, requiring `zqkind`, a free text, no mapping) whose kinds each extend it by an allOf
// part closed by `additionalProperties: false` over their own fields alone (a transparency log's entry kinds; the
// closing is read as over both parts' fields, as the publisher means, by the judge and the mocks). Add drafts the body
// as the union of the kinds, told apart by `zqkind`, each kind's name its schema's, which the link holds a value to.
// The sampler made the kinds' `zqkind` as any text ("example"): no value of the body passed its own rules, and no case
// of the operation could run. A value of a discriminated union is now made with its property naming the branch made, as
// answers were. Each kind's spec is a `oneOf` of its versions, of which there is one: the link read that union of one
// as no limit, and a spec lacking what its version requires was sent; a union of one member is read as the member.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drafted, linkedTools, openapi, reply, sentOrRefused } from "../import/__fixtures__/draft-kit.js";
import { casesNotPassed, type DraftedOnMock, draftedOnMock } from "./__fixtures__/drafted-subject.js";

const kind = (data: string) => ({
  allOf: [
    { $ref: "#/components/schemas/ZqEntry" },
    {
      properties: {
        zqversion: { type: "string", pattern: "^[0-9]+\\.[0-9]+\\.[0-9]+$" },
        zqspec: { $ref: `#/components/schemas/${data}Spec` },
      },
      required: ["zqversion", "zqspec"],
      additionalProperties: false,
    },
  ],
});

const document = openapi(
  {
    "/zqentries": {
      post: {
        operationId: "zqCreateEntry",
        requestBody: {
          required: true,
          content: { "application/json": { schema: { $ref: "#/components/schemas/ZqEntry" } } },
        },
        responses: { "201": reply({ type: "object", properties: { zquuid: { type: "string" } } }, { zquuid: "a" }) },
      },
    },
  },
  {
    schemas: {
      ZqEntry: {
        type: "object",
        discriminator: { propertyName: "zqkind" },
        properties: { zqkind: { type: "string" } },
        required: ["zqkind"],
      },
      zqplain: kind("zqdata"),
      zqhashed: kind("zqdigest"),
      // Each kind's spec a oneOf of its versions, of which there is one.
      zqdataSpec: { type: "object", oneOf: [{ $ref: "#/components/schemas/zqdataV1" }] },
      zqdigestSpec: { type: "object", oneOf: [{ $ref: "#/components/schemas/zqdigestV1" }] },
      zqdataV1: { type: "object", properties: { zqdata: { type: "string" } }, required: ["zqdata"] },
      zqdigestV1: {
        type: "object",
        properties: { zqdigest: { type: "string", enum: ["sha256", "sha512"] } },
        required: ["zqdigest"],
      },
    },
  },
);

let on: DraftedOnMock | undefined;
beforeAll(async () => {
  on = await draftedOnMock("zqentries", document, ["zqCreateEntry"]);
});
afterAll(async () => {
  await on?.close();
});

describe("a discriminated base's kinds, each an allOf part closed over its own fields", () => {
  it("derives cases of the body, every one passing on the mock", async () => {
    expect(await casesNotPassed(on as DraftedOnMock)).toEqual([]);
  });

  it("sends a kind's value, and refuses one its spec's one version refuses, before any request", async () => {
    const [tool] = await linkedTools(drafted(document, ["zqCreateEntry"], "zqentries"), "zqentries");
    if (!tool) throw new Error("no tool drafted");
    const send = (spec: unknown) =>
      sentOrRefused(tool, { body: { zqkind: "zqhashed", zqversion: "0.0.1", zqspec: spec } }, { zquuid: "a" });
    expect(await send({ zqdigest: "sha256" })).toEqual({ message: "sent", sent: 1 });
    expect(await send({})).toEqual({ message: expect.stringContaining("body.zqspec.zqdigest"), sent: 0 });
    expect(await send({ zqdigest: "md5" })).toEqual({ message: expect.stringContaining("md5"), sent: 0 });
  });
});

describe("a union of one member with nothing beside it", () => {
  it("is read as the member, and beside nullable takes null too", async () => {
    const note = { type: "object", properties: { zqtext: { type: "string" } }, required: ["zqtext"] };
    const one = openapi({
      "/zqnotes": {
        post: {
          operationId: "zqCreateNote",
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  required: ["zqouter"],
                  properties: {
                    zqouter: { type: "object", properties: { zqnote: { nullable: true, oneOf: [note] } } },
                  },
                },
              },
            },
          },
          responses: { "201": reply({ type: "object", properties: { zquuid: { type: "string" } } }, { zquuid: "a" }) },
        },
      },
    });
    const [tool] = await linkedTools(drafted(one, ["zqCreateNote"], "zqnotes"), "zqnotes");
    if (!tool) throw new Error("no tool drafted");
    const send = (zqnote: unknown) => sentOrRefused(tool, { zqouter: { zqnote } }, { zquuid: "a" });
    expect(await send({ zqtext: "a b" })).toEqual({ message: "sent", sent: 1 });
    expect(await send(null)).toEqual({ message: "sent", sent: 1 });
    expect(await send({})).toEqual({ message: expect.stringContaining("zqouter.zqnote.zqtext"), sent: 0 });
  });
});
