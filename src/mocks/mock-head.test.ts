// An answer to HEAD has no body (RFC 9110), yet documents declare HEAD's
// error answers with a JSON body, as they do GET's: Prism's own answer then
// had no media type, and its check of the answer wanted the declared one
// (TheTVDB's series HEAD: both error cases failed). The mock serves every
// answer to HEAD without content; another method's keeps its own.
import { describe, expect, it } from "vitest";
import { mockDocument } from "./mock-document.js";

const answers = () => ({
  "200": { description: "there", headers: { "Last-Modified": { schema: { type: "string" } } } },
  "404": {
    description: "none",
    content: { "application/json": { schema: { type: "object", properties: { Error: { type: "string" } } } } },
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqseries", version: "1" },
  paths: { "/zq/series/{id}": { head: { responses: answers() }, get: { responses: answers() } } },
};

describe("a mock's answers to HEAD", () => {
  it("carry no content, whatever the document declares; GET's keep theirs", () => {
    const served = mockDocument(document, () => false) as {
      paths: Record<string, Record<string, { responses: Record<string, { content?: unknown; description: string }> }>>;
    };
    const item = served.paths["/zq/series/{id}"]!;
    expect(item.head!.responses["404"]).toEqual({ description: "none" });
    expect(item.head!.responses["200"]).toMatchObject({ description: "there" });
    expect(item.get!.responses["404"]!.content).toBeDefined();
  });
});
