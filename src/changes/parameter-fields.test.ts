// The fields of an object query parameter (`filter[type_ids]`, deepObject), compared between two versions of a made-up
// document (`zqleaves`): StackOne's tenth version took `type_ids` out of its time-off lists' `filter`, and the report
// said nothing of it, though a call sending the field sends what the operation no longer takes.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqleaves.yaml", files: new Map([["zqleaves.yaml", doc]]) });

function doc(fields: Json, required: string[] = []): Json {
  return {
    openapi: "3.0.3",
    paths: {
      "/zqleaves": {
        get: {
          operationId: "listZqLeaves",
          parameters: [
            {
              name: "filter",
              in: "query",
              style: "deepObject",
              explode: true,
              schema: { type: "object", properties: fields, ...(required.length ? { required } : {}) },
            },
          ],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };
}

const changes = (a: Json, b: Json) =>
  documentChanges(one(a), one(b), [{ method: "GET", path: "/zqleaves" }]).map(
    (c) => `${c.severity} ${c.kind} ${c.location} ${c.pointer}`,
  );

describe("the fields of an object query parameter, compared", () => {
  it("a field gone is breaking, a field added is not, each named under the parameter", () => {
    const start = { type: "string", format: "date" };
    expect(changes(doc({ zqstart: start, zqkinds: { type: "string" } }), doc({ zqstart: start, zqnote: {} }))).toEqual([
      "breaking request-property-removed request.parameter.query filter/zqkinds",
      "non-breaking new-optional-request-property request.parameter.query filter/zqnote",
    ]);
  });

  it("a field's limit tightened or made required is breaking; the same fields are no change", () => {
    const loose = { zqsize: { type: "integer" } };
    const tight = { zqsize: { type: "integer", maximum: 10 } };
    expect(changes(doc(loose), doc(tight))).toEqual([
      "breaking request-property-limit-tightened request.parameter.query filter/zqsize",
    ]);
    expect(changes(doc(loose), doc(loose, ["zqsize"]))).toEqual([
      "breaking request-property-became-required request.parameter.query filter/zqsize",
    ]);
    expect(changes(doc(loose), doc(loose))).toEqual([]);
  });
});
