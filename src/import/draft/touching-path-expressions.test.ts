// A path whose segment holds two parameters with nothing between them (`/zqitems/{id}{.ext}`, as a converter writes
// RFC 6570's `{.ext}`): a service cannot tell where the id ends (`/zqitems/10call` is id 1 as well as id 10). add
// drafts it as published, with a note saying so; a segment whose expressions a literal parts is left unremarked.
import { describe, expect, it } from "vitest";
import { drafted, notesAt, openapi, reply } from "../__fixtures__/draft-kit.js";

const zqitem = { type: "object", properties: { zqid: { type: "integer" } } };
const parameters = [
  { name: "id", in: "path", required: true, schema: { type: "integer" } },
  { name: ".ext", in: "path", required: true, schema: { type: "string", maxLength: 8 } },
];
const document = openapi({
  "/zqitems/{id}{.ext}": {
    get: { operationId: "getZqitem", summary: "Get an item", parameters, responses: { "200": reply(zqitem) } },
  },
  "/zqthings/{id}.{.ext}": {
    get: { operationId: "getZqthing", summary: "Get a thing", parameters, responses: { "200": reply(zqitem) } },
  },
});

describe("two path parameters touching in one segment", () => {
  const d = drafted(document, ["getZqitem", "getZqthing"]);

  it("are drafted with a note that the segment reads several ways", () => {
    const [id] = Object.keys(d.manifest.operations).filter(
      (k) => d.manifest.operations[k]?.operationId === "getZqitem",
    );
    expect(notesAt(d, `operations.${id}`).join("\n")).toContain(
      "two parameters with nothing between them in one path segment ({id}{.ext})",
    );
  });

  it("with a literal between them, are drafted without it", () => {
    const [id] = Object.keys(d.manifest.operations).filter(
      (k) => d.manifest.operations[k]?.operationId === "getZqthing",
    );
    expect(id).toBeDefined();
    const all = d.notes.map((n) => n.note).join("\n");
    expect(all).toContain("({id}{.ext})");
    expect(all).not.toContain("({id}.{.ext})");
  });
});
