// A path parameter the newer version of a made-up document (`zqitems`) names otherwise at the same place of the path
// (`{id}` → `{itemId}`): the same value on the wire. It was two breaking changes, the parameter removed and a new
// required one; it is one informational change, and the parameter's own changes are still compared.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqitems.yaml", files: new Map([["zqitems.yaml", doc]]) });

/** GET /zqshelves/{shelf}/zqitems/{<item>} with the item parameter's schema. */
const doc = (item: string, schema: Json = { type: "string" }): Json => ({
  openapi: "3.0.3",
  paths: {
    [`/zqshelves/{shelf}/zqitems/{${item}}`]: {
      get: {
        parameters: [
          { name: "shelf", in: "path", required: true, schema: { type: "string" } },
          { name: item, in: "path", required: true, schema },
        ],
        responses: { "200": { description: "ok" } },
      },
    },
  },
});

const changes = (before: Json, after: Json) =>
  documentChanges(one(before), one(after), [{ method: "GET", path: "/zqshelves/{shelf}/zqitems/{id}" }]).map((c) => [
    c.kind,
    c.severity,
    c.pointer,
    c.old,
    c.new,
  ]);

describe("a path parameter renamed at the same place", () => {
  it("is one informational change, not a parameter removed and a new required one", () => {
    expect(changes(doc("id"), doc("itemId"))).toEqual([
      ["request-parameter-renamed", "informational", "id", "id", "itemId"],
    ]);
  });

  it("its schema compared across the names", () => {
    expect(changes(doc("id"), doc("itemId", { type: "string", maxLength: 8 })).map((c) => c[0])).toEqual([
      "request-parameter-renamed",
      "request-parameter-limit-tightened",
    ]);
  });
});
