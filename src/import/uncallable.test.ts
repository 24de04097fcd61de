// Operations no call of could succeed, taken by a group (`--operations all`, a tag, a path prefix) or named. A whole
// API with a few such operations (AWS's query APIs: a batch call's required list of structures; a body the runtime
// does not write; a security scheme it does not meet) was refused whole by `add --operations all`, naming the
// operations to leave out of a list the user never wrote. A group leaves them out now, each named with why in one
// review note, and drafts the rest, which links; named, each is still refused with its reason.
import { describe, expect, it } from "vitest";
import { drafted, linkProblems, notesAt, openapi, reply } from "./__fixtures__/draft-kit.js";
import { selectOperations } from "./cut/select-operations.js";
import { draftProvider, UndraftableDocument } from "./draft-provider.js";

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const document = openapi(
  {
    "/zqitems": {
      get: { operationId: "ListZqItems", tags: ["zqitems"], responses: ok },
      post: {
        operationId: "UploadZqItem",
        tags: ["zqitems"],
        requestBody: { required: true, content: { "application/zq-binary-pack": { schema: { type: "object" } } } },
        responses: ok,
      },
    },
    "/zqitems/batch": {
      get: {
        operationId: "BatchZqItems",
        tags: ["zqitems"],
        parameters: [
          {
            name: "Entries",
            in: "query",
            required: true,
            schema: { type: "array", items: { type: "object", properties: { Id: { type: "string" } } } },
          },
        ],
        responses: ok,
      },
    },
    "/zqitems/{id}": {
      get: {
        operationId: "GetZqItem",
        tags: ["zqitems"],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: ok,
      },
      delete: {
        operationId: "DeleteZqItem",
        tags: ["zqitems"],
        security: [{ zqDigest: [] }],
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: ok,
      },
    },
  },
  {
    securitySchemes: {
      zqBearer: { type: "http", scheme: "bearer" },
      zqDigest: { type: "http", scheme: "digest" },
    },
  },
  { security: [{ zqBearer: [] }] },
);

const draftOf = (names: string[], groups = {}) =>
  draftProvider({
    provider: "acme",
    document,
    chosen: selectOperations(document, names, groups),
    source: { origin: "acme.json", sha256: "0".repeat(64), kind: { format: "openapi", version: "3.0.3" } },
    folder: "specs/acme",
    today: "2026-01-02",
  });

describe("operations no call of could succeed", () => {
  it("are left out of --operations all, each named with why, and the rest is drafted and links", async () => {
    const d = drafted(document, ["all"]);
    expect(Object.values(d.manifest.operations).map((o) => o.operationId)).toEqual(["ListZqItems", "GetZqItem"]);
    const [note, ...more] = notesAt(d, "operations");
    expect(more).toEqual([]);
    expect(note).toMatch(/^left out 3 operations of the group taken, as no call of them could succeed: /);
    expect(note).toContain("UploadZqItem (its request body (application/zq-binary-pack) is of a media type");
    expect(note).toContain("BatchZqItems (its query parameter Entries is a list of objects or of lists");
    expect(note).toContain("DeleteZqItem (it accepts no security requirement the runtime sends)");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("are left out of a tag's group too", () => {
    const d = draftOf([], { tags: ["zqitems"] });
    expect(Object.values(d.draft.manifest.operations).map((o) => o.operationId)).toEqual(["ListZqItems", "GetZqItem"]);
  });

  it("are refused when named, each with its reason, a group beside them or not", () => {
    for (const named of ["BatchZqItems", "UploadZqItem", "DeleteZqItem"]) {
      expect(() => draftOf([named, "ListZqItems"]), named).toThrow(UndraftableDocument);
      expect(() => draftOf([named], { tags: ["zqitems"] }), named).toThrow(
        new RegExp(`${named}.*leave it out of --operations`),
      );
    }
  });

  it("leave a group of only such operations refused, saying why", () => {
    expect(() => draftOf([], { pathPrefixes: ["/zqitems/batch"] })).toThrow(
      /no operation taken could be called: left out 1 operation .*BatchZqItems/,
    );
  });
});
