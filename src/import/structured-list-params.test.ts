// A query parameter whose value is a list of objects (a query protocol's `Items`: each item a name and its
// attributes): no OpenAPI style writes one (form, spaceDelimited, pipeDelimited: lists of scalars; deepObject: objects
// of scalars), so no request the document describes carries it. add drafted it as a JSON parameter: required, the
// suite found no value of it to send and every case of the operation failed. Now an optional one is left out with a
// note naming it and the rule (the operation goes through), and an operation that requires one is refused, named, as
// the directory run never picks it.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { pickOperations } from "../../scripts/corpus/public-directory/operations.js";
import {
  draftWorkFolder,
  drafted,
  type Json,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ZQ_ITEM = {
  type: "object",
  required: ["ZqName"],
  properties: { ZqName: { type: "string" }, ZqValues: { type: "array", items: { type: "string" } } },
};

/** `/zqstore` with a query list of objects (`ZqItems`, by reference and through an allOf) beside a plain list. */
const document = (required: boolean) =>
  openapi(
    {
      "/zqstore": {
        get: {
          operationId: "zqStore",
          parameters: [
            { name: "ZqDomain", in: "query", required: true, schema: { type: "string", maxLength: 40 } },
            { name: "ZqTags", in: "query", schema: { type: "array", items: { type: "string", maxLength: 10 } } },
            {
              name: "ZqItems",
              in: "query",
              required,
              description: "The items to store.",
              schema: { type: "array", items: { allOf: [{ $ref: "#/components/schemas/ZqItem" }, { xml: {} }] } },
            },
          ],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
      "/zqping": { get: { operationId: "zqPing", responses: { "200": reply({ type: "object" }) } } },
    },
    { schemas: { ZqItem: ZQ_ITEM } },
  );

describe("a query parameter that is a list of objects", () => {
  it("is left out when optional, with a note naming it and the rule; the rest is drafted and links", async () => {
    const d = drafted(document(false), ["zqStore"]);
    const params = d.manifest.operations.acme_zq_store?.params ?? {};
    expect(Object.keys(params).sort()).toEqual(["ZqDomain", "ZqTags"]);
    expect(notesAt(d, "operations.acme_zq_store")).toContainEqual(
      expect.stringMatching(
        new RegExp(
          "^query parameter ZqItems is a list of objects or of lists \\(or an object of only such lists, or of " +
            "objects, or requiring one\\), which " +
            "no OpenAPI style writes .*: not drafted$",
        ),
      ),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses the operation when required, naming it, the parameter and the rule", () => {
    expect(() => drafted(document(true), ["zqStore", "zqPing"])).toThrow(
      new RegExp(
        "zqStore \\(its query parameter ZqItems is a list of objects or of lists \\(or an object of " +
          "only such lists, or of objects, or requiring one\\), which no OpenAPI style writes " +
          ".*leave it out of --operations",
      ),
    );
  });

  it("is not picked by the directory run when required (add's rule), the other operations are", () => {
    const doc: Json = document(true);
    expect(pickOperations(doc, 5, () => 0).map((o) => o.name)).toEqual(["GET /zqping"]);
  });
});

// An object query parameter with a field that is a list of objects (`body: {messages: [{…}]}`, style form): form
// writes its fields as `field=value`, a field's scalars only, so that field has no form either: required, add drafted
// the operation without it and generate refused the draft (BW2010).
describe("a query parameter that is an object with a list of objects", () => {
  const withBatch = (required: boolean) =>
    openapi(
      {
        "/zqbatch": {
          get: {
            operationId: "zqBatch",
            parameters: [
              {
                name: "zqBody",
                in: "query",
                required,
                schema: {
                  type: "object",
                  properties: { zqItems: { type: "array", items: { $ref: "#/components/schemas/ZqItem" } } },
                },
              },
            ],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
          },
        },
        "/zqping": { get: { operationId: "zqPing", responses: { "200": reply({ type: "object" }) } } },
      },
      { schemas: { ZqItem: ZQ_ITEM } },
    );

  it("refuses the operation when required, and is not picked by the directory run", () => {
    expect(() => drafted(withBatch(true), ["zqBatch", "zqPing"])).toThrow(
      /zqBatch \(its query parameter zqBody is a list of objects or of lists \(or an object of only such/,
    );
    expect(pickOperations(withBatch(true), 5, () => 0).map((o) => o.name)).toEqual(["GET /zqping"]);
  });

  it("is left out when optional, and the operation links", async () => {
    const d = drafted(withBatch(false), ["zqBatch"]);
    expect(d.manifest.operations.acme_zq_batch?.params ?? {}).toEqual({});
    expect(await linkProblems(d)).toEqual([]);
  });
});

// A required object query parameter sent exploded (style form) whose every field is an object (a load balancer's
// `LoadBalancerAttributes: {AccessLog: {…}, ConnectionDraining: {…}, …}`, none of them required): form writes a field
// as `field=value`, scalars only, so add drafted no field of it, and generate refused the draft, saying nothing
// supplied the parameter (BW2010); `add --operations all` on the document failed. In deepObject a field that is an
// object is written a level deeper (`zqAttrs[zqLog][zqOn]=true`), as the runtime sends it: drafted.
describe("a required query parameter that is an object of objects", () => {
  const ZQ_SETTING = { type: "object", properties: { zqOn: { type: "boolean" }, zqEvery: { type: "integer" } } };
  const withAttributes = (style: string) =>
    openapi(
      {
        "/zqattrs": {
          get: {
            operationId: "zqAttrs",
            parameters: [
              {
                name: "zqAttrs",
                in: "query",
                required: true,
                style,
                explode: true,
                schema: {
                  type: "object",
                  properties: {
                    zqLog: { $ref: "#/components/schemas/ZqSetting" },
                    zqDrain: { allOf: [{ $ref: "#/components/schemas/ZqSetting" }] },
                    zqExtra: { type: "array", items: { $ref: "#/components/schemas/ZqSetting" } },
                  },
                },
              },
            ],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
          },
        },
        "/zqping": { get: { operationId: "zqPing", responses: { "200": reply({ type: "object" }) } } },
      },
      { schemas: { ZqSetting: ZQ_SETTING } },
    );

  it("in style form: refused when named, left out of a group with a note, not picked by the directory run", () => {
    expect(() => drafted(withAttributes("form"), ["zqAttrs", "zqPing"])).toThrow(
      new RegExp(
        "zqAttrs \\(its query parameter zqAttrs is a list of objects or of lists \\(or an object of only such " +
          "lists, or of objects, or requiring one\\)",
      ),
    );
    const all = drafted(withAttributes("form"), ["all"]);
    expect(Object.keys(all.manifest.operations)).toEqual(["acme_zq_ping"]);
    expect(notesAt(all, "operations")).toContainEqual(
      expect.stringMatching(
        /^left out 1 operation of the group taken, as no call of it could succeed: zqAttrs \(its query/,
      ),
    );
    expect(pickOperations(withAttributes("form"), 5, () => 0).map((o) => o.name)).toEqual(["GET /zqping"]);
  });

  it("in style deepObject: drafted field by field, and the draft links", async () => {
    const d = drafted(withAttributes("deepObject"), ["zqAttrs"]);
    expect(Object.keys(d.manifest.operations.acme_zq_attrs?.params ?? {})).toContain("zqLog");
    expect(await linkProblems(d)).toEqual([]);
  });
});

// A required query object sent exploded (style form) that requires a field that is itself an object (a suggester's
// `{SuggesterName, DocumentSuggesterOptions: {SourceField}}`), beside a plain field: every value carries the object,
// which form has no `field=value` for. add drafted the plain field and the object field as parameters of their own;
// the runtime wrote the inner object's fields as pairs of their own (`SourceField=…`), which no reading of the
// document gives back, and the request judge refused every case of the operation.
describe("a required query object that requires a field that is an object", () => {
  const withSettings = (required: boolean) =>
    openapi({
      "/zqsuggest": {
        get: {
          operationId: "zqSuggest",
          parameters: [
            {
              name: "zqSuggester",
              in: "query",
              required,
              schema: {
                type: "object",
                required: ["zqName", "zqOptions"],
                properties: {
                  zqName: { type: "string" },
                  zqOptions: { type: "object", required: ["zqField"], properties: { zqField: { type: "string" } } },
                },
              },
            },
          ],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
      "/zqping": { get: { operationId: "zqPing", responses: { "200": reply({ type: "object" }) } } },
    });

  it("is refused when named and left out of a group, naming the parameter and the rule", () => {
    expect(() => drafted(withSettings(true), ["zqSuggest"])).toThrow(
      new RegExp(
        "zqSuggest \\(its query parameter zqSuggester is a list of objects or of lists \\(or an object of only " +
          "such lists, or of objects, or requiring one\\), which no OpenAPI style writes",
      ),
    );
    expect(Object.keys(drafted(withSettings(true), ["all"]).manifest.operations)).toEqual(["acme_zq_ping"]);
    expect(pickOperations(withSettings(true), 5, () => 0).map((o) => o.name)).toEqual(["GET /zqping"]);
  });

  it("is one parameter when the object is optional, and the draft links", async () => {
    const d = drafted(withSettings(false), ["zqSuggest"]);
    expect(Object.keys(d.manifest.operations.acme_zq_suggest?.params ?? {})).toEqual(["zqSuggester"]);
    expect(await linkProblems(d)).toEqual([]);
  });
});
