// The media types a success answer comes in, compared in two versions of a made-up document (`zqpets`): a type no
// longer offered is breaking where the outputs read its kind and none of it is left.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqpets.yaml", files: new Map([["zqpets.yaml", doc]]) });
const pet = { type: "object", properties: { name: { type: "string" } } };

/** One GET whose 200 answer is the pet under each of the media types. */
const doc = (...types: string[]): Json => ({
  openapi: "3.0.3",
  paths: {
    "/zqpets/{id}": {
      get: {
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": { description: "ok", content: Object.fromEntries(types.map((t) => [t, { schema: pet }])) },
        },
      },
    },
  },
});

const changes = (before: Json, after: Json) =>
  documentChanges(one(before), one(after), [{ method: "GET", path: "/zqpets/{id}" }]).map((c) => [
    c.kind,
    c.severity,
    c.location,
    c.old,
    c.new,
  ]);

describe("an answer's media type no longer offered", () => {
  it("JSON become XML, text become JSON, a file become JSON: breaking, with the types before and after", () => {
    expect(changes(doc("application/json"), doc("application/xml"))).toEqual([
      ["response-media-type-removed", "breaking", "response.200.body", "application/json", "application/xml"],
    ]);
    expect(changes(doc("text/csv"), doc("application/json")).map((c) => [c[1], c[3]])).toEqual([
      ["breaking", "text/csv"],
    ]);
    expect(changes(doc("image/png"), doc("application/json")).map((c) => [c[1], c[3]])).toEqual([
      ["breaking", "image/png"],
    ]);
  });

  it("a type the outputs do not read, or one whose kind is left: non-breaking, saying why", () => {
    const dropped = documentChanges(
      one(doc("application/json", "application/xml")),
      one(doc("application/json; charset=utf-8")),
      [{ method: "GET", path: "/zqpets/{id}" }],
    );
    expect(dropped.map((c) => [c.kind, c.severity, c.old, c.reason])).toEqual([
      [
        "response-media-type-removed",
        "non-breaking",
        "application/xml",
        "no longer answered as application/xml: not the type the outputs read (application/json)",
      ],
    ]);
    expect(changes(doc("image/png"), doc("image/jpeg")).map((c) => [c[1], c[3]])).toEqual([
      ["non-breaking", "image/png"],
    ]);
  });

  it("no change for a type the newer covers by a range, or a charset written out", () => {
    expect(changes(doc("image/png"), doc("image/*"))).toEqual([]);
    expect(changes(doc("application/json"), doc("*/*"))).toEqual([]);
    expect(changes(doc("application/json"), doc("application/json; charset=utf-8"))).toEqual([]);
  });
});
