// An answer's field the older document gave no schema (`items: {}`, any value) that the newer types (`items: {type:
// object}`): a reader took any value, an object among them, so nothing it read breaks; the document only promises
// more. A messaging API's regenerated document did so to every list of errors in its answers, each once reported
// breaking (response-property-type-changed, any → object), where `diff` of the same outputs reported nothing.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

function version(items: object, sent: object): DocumentSet {
  const doc = {
    openapi: "3.0.3",
    info: { title: "zqnotices", version: "1" },
    paths: {
      "/zqnotices": {
        post: {
          operationId: "zqcreateNotice",
          requestBody: {
            content: {
              "application/json": { schema: { type: "object", properties: { zqtag: sent } } },
            },
          },
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: { type: "object", properties: { zqerrors: { type: "array", items } } },
                },
              },
            },
          },
        },
      },
    },
  };
  return { root: "zqnotices.json", files: new Map([["zqnotices.json", doc]]) };
}

const changes = (older: DocumentSet, newer: DocumentSet) =>
  documentChanges(older, newer, [{ operationId: "zqcreateNotice", method: "POST", path: "/zqnotices" }])
    .filter((c) => c.kind.endsWith("type-changed"))
    .map((c) => `${c.kind} ${c.pointer} ${c.severity}`);

describe("a field of no schema given a type", () => {
  it("in an answer promises more: non-breaking, with why", () => {
    const found = documentChanges(version({}, { type: "string" }), version({ type: "object" }, { type: "string" }), [
      { operationId: "zqcreateNotice", method: "POST", path: "/zqnotices" },
    ]).filter((c) => c.kind === "response-property-type-changed");
    expect(found.map((c) => [c.pointer, c.severity, c.old, c.new])).toEqual([
      ["/zqerrors/*", "non-breaking", "any", "object"],
    ]);
    expect(found[0]?.reason).toMatch(/promised no type/);
  });

  it("in a request refuses values it took: still breaking", () => {
    expect(changes(version({}, {}), version({}, { type: "string" }))).toEqual([
      "request-property-type-changed /zqtag breaking",
    ]);
  });
});
