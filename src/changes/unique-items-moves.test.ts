// `uniqueItems` changed upstream: set, a caller sending a list with two equal items is refused (breaking); dropped,
// such a list is accepted (non-breaking). `upstream` compared neither, on a parameter or on a body field.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

/** A made-up `zqtags` document: a query list `labels` and a body list `tags`, each unique or not. */
function doc(unique: boolean | undefined): DocumentSet {
  const list = { type: "array", items: { type: "string" }, ...(unique === undefined ? {} : { uniqueItems: unique }) };
  const document = {
    openapi: "3.0.3",
    paths: {
      "/tags": {
        put: {
          operationId: "putZqTags",
          parameters: [{ name: "labels", in: "query", schema: list }],
          requestBody: {
            content: { "application/json": { schema: { type: "object", properties: { tags: list } } } },
          },
          responses: {
            "200": {
              description: "ok",
              content: { "application/json": { schema: { type: "object", properties: { seen: list } } } },
            },
          },
        },
      },
    },
  };
  return { root: "zqtags.yaml", files: new Map([["zqtags.yaml", document]]) };
}

const changes = (before: boolean | undefined, after: boolean | undefined) =>
  documentChanges(doc(before), doc(after), [{ operationId: "putZqTags", method: "PUT", path: "/tags" }]).map(
    (c) => `${c.severity} ${c.kind} ${c.pointer}: ${c.reason}`,
  );

describe("uniqueItems changed upstream", () => {
  it("set on a list a caller sends is breaking; on an output, documentation", () => {
    const set = "uniqueItems added: a list holding two equal items may be refused";
    expect(changes(undefined, true)).toEqual([
      `breaking request-parameter-limit-tightened labels: ${set}`,
      `breaking request-property-limit-tightened /tags: ${set}`,
      "informational response-property-limit-changed /seen: uniqueItems changed: a limit on an output is documentation",
    ]);
    expect(changes(false, true)).toEqual(changes(undefined, true));
  });

  it("dropped is not breaking", () => {
    const dropped = "uniqueItems removed: a list holding equal items is accepted";
    expect(changes(true, false)).toEqual([
      `non-breaking request-parameter-limit-loosened labels: ${dropped}`,
      `non-breaking request-property-limit-loosened /tags: ${dropped}`,
      "informational response-property-limit-changed /seen: uniqueItems changed: a limit on an output is documentation",
    ]);
  });

  it("false and absent are the same", () => {
    expect(changes(undefined, false)).toEqual([]);
  });
});
