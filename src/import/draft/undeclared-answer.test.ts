// A read whose success answer declares no content (`200: {description: "OK: the search returned zero or more
// results."}`, no media type, no schema: tomtom.com's search, seed 294; 2,520 GET operations of 242 directory
// documents) is drafted with its status as the only output: the result the call exists for is never read, and the
// draft said nothing of it (the linker cannot read a body the document does not declare, BW2021). The draft now says
// so at the outputs, and what to write. A 204, a GET answering JSON, and a POST answering nothing get no such note.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const q = [{ name: "zqQuery", in: "query", required: true, schema: { type: "string" } }];
const document = openapi({
  "/zq-search": {
    get: {
      operationId: "searchZq",
      parameters: q,
      responses: { "200": { description: "OK: the search returned zero or more results." } },
    },
    post: { operationId: "touchZq", responses: { "200": { description: "Done." } } },
  },
  "/zq-gone": { get: { operationId: "pingZq", responses: { "204": { description: "Alive." } } } },
  "/zq-json": {
    get: {
      operationId: "getZq",
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});
const UNREAD = /declares no content .* only output is its status/;

describe("a read whose success answer declares no content", () => {
  it("is drafted with its status, a note at its outputs saying the answer is unread and what to declare", async () => {
    const d = drafted(document, ["searchZq", "touchZq", "pingZq", "getZq"]);
    expect(d.manifest.operations.acme_search_zq!.outputs).toEqual({
      "metadata.status": expect.objectContaining({ from: "$statusCode" }),
    });
    const notes = notesAt(d, "operations.acme_search_zq.outputs");
    expect(notes.filter((n) => UNREAD.test(n))).toHaveLength(1);
    expect(notes.find((n) => UNREAD.test(n))).toContain("openapi.yaml");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a 204, a POST answering nothing and a GET answering JSON get no such note", () => {
    const d = drafted(document, ["searchZq", "touchZq", "pingZq", "getZq"]);
    for (const tool of ["acme_touch_zq", "acme_ping_zq", "acme_get_zq"])
      expect(notesAt(d, `operations.${tool}.outputs`).filter((n) => UNREAD.test(n))).toEqual([]);
  });
});
