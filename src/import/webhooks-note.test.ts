// A published document's webhooks (events its service sends) are cut out of openapi.yaml, and add drafts no trigger
// from them: the delivery's authentication is in no webhooks entry. The draft had said nothing of them. (Those whose
// signing the document says are kept, and get a trigger: event-triggers/.)
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const paths = { "/zqthings": { get: { operationId: "ListZqThings", responses: ok } } };
const hook = {
  post: { requestBody: { content: { "application/json": { schema: { type: "object" } } } }, responses: ok },
};

describe("a document's webhooks", () => {
  it("are said to be left out, with how to start workflows from one; the draft links", async () => {
    const d = drafted({ ...openapi(paths), openapi: "3.1.0", webhooks: { "zqthing.made": hook } }, ["ListZqThings"]);
    const notes = notesAt(d, "openapi").filter((n) => n.includes("webhooks"));
    expect(notes).toEqual([
      'the published document\'s webhooks (events the service sends) "zqthing.made" are left out of openapi.yaml, ' +
        "and no trigger is drafted for them: the document does not say how a delivery proves its sender; to start " +
        "workflows from one, copy its webhooks entry back and declare it under triggers (docs/guides/triggers.md)",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a document without them gets no such note", () => {
    const d = drafted({ ...openapi(paths), openapi: "3.1.0" }, ["ListZqThings"]);
    expect(notesAt(d, "openapi").filter((n) => n.includes("webhooks"))).toEqual([]);
  });
});
