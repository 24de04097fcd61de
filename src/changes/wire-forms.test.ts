// How a request is written, compared in two versions of a made-up document (`zqwire`): a parameter's style and
// explode, the body's media type and a form field's or part's encoding, each a change only where the wire differs.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqwire.yaml", files: new Map([["zqwire.yaml", doc]]) });
const BOUND = [
  { method: "GET", path: "/zqitems/{id}" },
  { method: "POST", path: "/zqitems" },
];

/** One GET of the given parameters and one POST of the given body content. */
function doc(parameters: Json[], content: Json = { "application/json": { schema: { type: "object" } } }): Json {
  const ok = { "200": { description: "ok" } };
  return {
    openapi: "3.0.3",
    paths: {
      "/zqitems/{id}": { get: { parameters, responses: ok } },
      "/zqitems": { post: { requestBody: { content }, responses: ok } },
    },
  };
}

const kinds = (before: Json, after: Json) =>
  documentChanges(one(before), one(after), BOUND).map((c) => [c.kind, c.severity, c.location, c.pointer, c.old, c.new]);

const id = (extra: Json = {}) => ({ name: "id", in: "path", required: true, schema: { type: "string" }, ...extra });
const list = { type: "array", items: { type: "string" } };
const pair = { type: "object", properties: { x: { type: "number" }, y: { type: "number" } } };

describe("a parameter written another way", () => {
  it("a query list's explode, or its delimiter, changed: breaking, with how it was and is written", () => {
    const before = doc([id(), { name: "tags", in: "query", schema: list, explode: false }]);
    const after = doc([id(), { name: "tags", in: "query", schema: list, style: "pipeDelimited", explode: false }]);
    const exploded = doc([id(), { name: "tags", in: "query", schema: list }]);
    expect(kinds(before, after)).toEqual([
      [
        "request-parameter-style-changed",
        "breaking",
        "request.parameter.query",
        "tags",
        "style: form, explode: false",
        "style: pipeDelimited, explode: false",
      ],
    ]);
    expect(kinds(before, exploded).map((k) => [k[4], k[5]])).toEqual([
      ["style: form, explode: false", "style: form, explode: true"],
    ]);
  });

  it("a deepObject query object as a form, a path value given a label style, a JSON value a style", () => {
    const before = doc([
      id(),
      { name: "point", in: "query", schema: pair, style: "deepObject", explode: true },
      { name: "where", in: "query", content: { "application/json": { schema: pair } } },
    ]);
    const after = doc([
      id({ style: "label" }),
      { name: "point", in: "query", schema: pair },
      { name: "where", in: "query", schema: pair },
    ]);
    expect(kinds(before, after).map((k) => [k[0], k[3], k[4], k[5]])).toEqual([
      ["request-parameter-style-changed", "id", "style: simple", "style: label"],
      ["request-parameter-style-changed", "point", "style: deepObject, explode: true", "style: form, explode: true"],
      ["request-parameter-style-changed", "where", "content: application/json", "style: form, explode: true"],
    ]);
  });

  it("no change where the wire is the same: a text's explode, a header list's explode, defaults written", () => {
    const before = doc([
      id(),
      { name: "q", in: "query", schema: { type: "string" } },
      { name: "X-Zq-Ids", in: "header", schema: list },
      { name: "tags", in: "query", schema: list },
    ]);
    const after = doc([
      id({ style: "simple", explode: true }),
      { name: "q", in: "query", schema: { type: "string" }, explode: false },
      { name: "X-Zq-Ids", in: "header", schema: list, explode: true },
      { name: "tags", in: "query", schema: list, style: "form", explode: true },
    ]);
    expect(kinds(before, after)).toEqual([]);
  });
});

describe("a request body written another way", () => {
  const fields = {
    type: "object",
    properties: { meta: pair, name: { type: "string" }, file: { type: "string", format: "binary" } },
  };
  const form = (encoding: Json, type = "application/x-www-form-urlencoded") => ({
    [type]: { schema: fields, encoding },
  });

  it("the media type a call sends no longer listed: breaking, naming the type the newer version writes", () => {
    const before = doc([id()], form({}));
    const after = doc([id()], { "application/json": { schema: fields } });
    expect(kinds(before, after)).toEqual([
      [
        "request-body-media-type-removed",
        "breaking",
        "request.body",
        "/",
        "application/x-www-form-urlencoded",
        "application/json",
      ],
    ]);
  });

  it("JSON offered beside the form a call sends: no change, the form is still taken", () => {
    const after = doc([id()], { "application/json": { schema: fields }, ...form({}) });
    expect(kinds(doc([id()], form({})), after)).toEqual([]);
  });

  it("a form's object field as a deepObject no more, a part's content type: breaking; a text's explode: none", () => {
    const before = doc([id()], form({ meta: { style: "deepObject", explode: true } }));
    const after = doc([id()], form({ name: { explode: false } }));
    expect(kinds(before, after).map((k) => [k[0], k[3], k[4], k[5]])).toEqual([
      ["request-property-encoding-changed", "/meta", "style: deepObject, explode: true", "style: form, explode: true"],
    ]);
    const parts = (encoding: Json) => doc([id()], form(encoding, "multipart/form-data"));
    expect(
      kinds(parts({ file: { contentType: "image/png" } }), parts({ file: { contentType: "image/jpeg" } })).map((k) => [
        k[0],
        k[3],
        k[4],
        k[5],
      ]),
    ).toEqual([["request-property-encoding-changed", "/file", "image/png", "image/jpeg"]]);
    // The content types OpenAPI gives parts that name none, written out: the same parts.
    const said = { meta: { contentType: "application/json" }, file: { contentType: "application/octet-stream" } };
    expect(kinds(parts({}), parts(said))).toEqual([]);
  });
});
