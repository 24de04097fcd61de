// Shapes of published documents the drafts met in the corpus
// (contract-tests/corpus/), each drafted so that generate and the contract
// suite pass with no hand edit: a format validators know by another name.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };

describe("formats validators name otherwise", () => {
  it("a body field of format url is drafted as format uri (the mock checks url: a value of no format fails there)", async () => {
    const doc = openapi({
      "/zqhooks": {
        post: {
          operationId: "createZqhook",
          requestBody: { required: true, content: { "application/json": { schema: { type: "object", required: ["target"], properties: { target: { type: "string", format: "url" } } } } } },
          responses: ok,
        },
      },
    });
    const d = drafted(doc, ["createZqhook"], "zqhooks");
    expect(d.manifest.operations.zqhooks_create_zqhook!.params!.target).toMatchObject({ type: "string", format: "uri", required: true });
    expect(notesAt(d, "operations.zqhooks_create_zqhook.params.target")).toContain("the spec gives format url: drafted as format uri, which every url value is");
    expect(await linkProblems(d, "zqhooks")).toEqual([]);
  });
});
