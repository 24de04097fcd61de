// withJsonForWildcards (what upstream compares) copies only the answers it rewrites and what holds them: the same
// document a structured clone rewritten in place gives, the published document left as it was and shared elsewhere.
import { describe, expect, it } from "vitest";
import { OPERATION_METHODS } from "../../load/openapi-document.js";
import { jsonForWildcards, withJsonForWildcards } from "./wildcard-json.js";

type Json = Record<string, unknown>;

/** The reference: a structured clone of the whole document, every operation's answers rewritten in place. */
function rewrittenInPlace(document: Json): Json {
  const copy = structuredClone(document);
  const operations = Object.entries(copy.paths as Json).flatMap(([path, item]) =>
    OPERATION_METHODS.filter((m) => (item as Json)[m]).map((m) => ({
      id: `${m} ${path}`,
      op: (item as Json)[m] as Json,
    })),
  );
  jsonForWildcards(copy, operations);
  return copy;
}

const zqItem = { type: "object", properties: { id: { type: "string" } } };
const anyType = (schema: Json) => ({ description: "The reply.", content: { "*/*": { schema } } });

function zqDocument(): Json {
  // One answer object at two places (a YAML alias), a shared answer two operations `$ref`, and an answer whose schema
  // is a `$ref` into the shared answer's `*/*` entry: after that is rewritten, it names nothing.
  const aliased = anyType({ $ref: "#/components/schemas/ZqItem" });
  return {
    openapi: "3.0.3",
    info: { title: "zq", version: "1" },
    paths: {
      "/zqa": {
        get: { responses: { "200": aliased, "400": { $ref: "#/components/responses/ZqProblem" } } },
        post: { requestBody: anyType(zqItem), responses: { "201": aliased } },
      },
      "/zqb": {
        get: {
          responses: {
            "200": anyType({ $ref: "#/components/responses/ZqProblem/content/*~1*/schema" }),
            "400": { $ref: "#/components/responses/ZqProblem" },
          },
        },
        put: { responses: { "200": { description: "Bytes.", content: { "*/*": { schema: { type: "string" } } } } } },
      },
      "/zqc": {
        get: { responses: { "200": { description: "JSON.", content: { "application/json": { schema: zqItem } } } } },
      },
    },
    components: { schemas: { ZqItem: zqItem }, responses: { ZqProblem: anyType({ type: "array", items: zqItem }) } },
  };
}

describe("withJsonForWildcards", () => {
  it("gives the document a structured clone rewritten in place gives, and leaves the published one as it was", () => {
    const document = zqDocument();
    const before = JSON.stringify(document);
    const out = withJsonForWildcards(document);
    expect(JSON.stringify(out)).toBe(JSON.stringify(rewrittenInPlace(zqDocument())));
    expect(JSON.stringify(document)).toBe(before);
    const paths = out.paths as Record<string, Record<string, { responses: Record<string, Json> }>>;
    // Rewritten: the aliased answer (at both places, one object), the shared one, the request body.
    expect(Object.keys(paths["/zqa"]!.get!.responses["200"]!.content as Json)).toEqual(["application/json"]);
    expect(paths["/zqa"]!.post!.responses["201"]).toBe(paths["/zqa"]!.get!.responses["200"]);
    expect(JSON.stringify((out.components as Json).responses)).toContain('"application/json"');
    // Not: the answer whose `$ref` the shared answer's rewrite left naming nothing, as it is in place.
    expect(Object.keys(paths["/zqb"]!.get!.responses["200"]!.content as Json)).toEqual(["*/*"]);
    // Shared, not copied: what no rewrite reaches.
    const published = document.paths as typeof paths;
    expect(paths["/zqc"]).toBe(published["/zqc"]);
    expect(paths["/zqb"]!.put).toBe(published["/zqb"]!.put);
    expect((out.components as Json).schemas).toBe((document.components as Json).schemas);
  });

  it("is the published document itself when it has nothing to rewrite", () => {
    const document = zqDocument();
    delete document.components;
    document.paths = { "/zqc": (document.paths as Json)["/zqc"] };
    expect(withJsonForWildcards(document)).toBe(document);
  });
});
