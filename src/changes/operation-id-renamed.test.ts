// upstream on an operation the newer document names otherwise at the same method and path (`destroyZqApplicant`
// become `deleteZqApplicant`, as an identity-check API renamed two of its operations): the report said nothing of it,
// while `--accept` wrote the new operationId, after which `call destroyZqApplicant` and the document's types under the
// old name were gone. It is told now, informational (the tool keeps its name).
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

const one = (id: string): DocumentSet => ({
  root: "zq.json",
  files: new Map([
    [
      "zq.json",
      {
        openapi: "3.0.3",
        paths: { "/zqapplicants/{id}": { delete: { operationId: id, responses: { "204": { description: "gone" } } } } },
      },
    ],
  ]),
});
const bound = [{ operationId: "destroyZqApplicant", method: "DELETE", path: "/zqapplicants/{id}" }];

describe("an operation named otherwise at the same method and path", () => {
  it("is reported with both names, informational", () => {
    const found = documentChanges(one("destroyZqApplicant"), one("deleteZqApplicant"), bound);
    expect(found.map((c) => [c.severity, c.kind, c.old, c.new])).toEqual([
      ["informational", "api-operation-id-changed", "destroyZqApplicant", "deleteZqApplicant"],
    ]);
  });

  it("is not reported where the name stays", () => {
    expect(documentChanges(one("destroyZqApplicant"), one("destroyZqApplicant"), bound)).toEqual([]);
  });
});
