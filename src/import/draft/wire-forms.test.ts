// Drafts that keep how the document writes a value: a path parameter that
// spans segments (x-multi-segment; allowReserved, a {+name} template: `reserved`) drafted
// `multiSegment`, its `/` then sent as they are; a query parameter described
// by `content` (JSON) typed by its media type's schema, not `{}`; a list or an
// object in a path or header drafted, sent in its style.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };
const path = (name: string, marker: Record<string, unknown> = {}) => ({
  name,
  in: "path",
  required: true,
  schema: { type: "string" },
  ...marker,
});

describe("a path parameter spanning segments", () => {
  it("is drafted multiSegment from x-multi-segment, reserved from allowReserved or {+name}, and links", async () => {
    const doc = openapi({
      "/repos/{owner}/contents/{path}": {
        get: {
          operationId: "getContent",
          parameters: [path("owner"), path("path", { "x-multi-segment": true })],
          responses: ok,
        },
      },
      "/files/{key}": {
        get: { operationId: "getFile", parameters: [path("key", { allowReserved: true })], responses: ok },
      },
      "/v1/{+name}": { get: { operationId: "getName", parameters: [path("name")], responses: ok } },
    });
    const draft = drafted(doc, ["getContent", "getFile", "getName"]);
    const wire = (op: string, param: string) => draft.manifest.operations?.[op]?.params?.[param]?.wire;
    expect(wire("acme_get_content", "path")).toEqual({ in: "path", multiSegment: true });
    expect(wire("acme_get_content", "owner")).toEqual({ in: "path" });
    expect(wire("acme_get_file", "key")).toEqual({ in: "path", multiSegment: "reserved" });
    expect(wire("acme_get_name", "name")).toEqual({ in: "path", multiSegment: "reserved" });
    expect(await linkProblems(draft)).toEqual([]);
  });
});

describe("a query parameter described by content", () => {
  it("is typed by its media type's schema (a JSON object), not left untyped", async () => {
    const q = {
      name: "q",
      in: "query",
      required: true,
      content: {
        "application/json": {
          schema: { type: "object", required: ["term"], properties: { term: { type: "string" } } },
        },
      },
    };
    const draft = drafted(openapi({ "/search": { get: { operationId: "search", parameters: [q], responses: ok } } }), [
      "search",
    ]);
    expect(draft.manifest.operations?.acme_search?.params?.q).toMatchObject({
      type: "json",
      jsonType: "object",
      required: true,
      wire: { in: "query" },
    });
    expect(await linkProblems(draft)).toEqual([]);
  });
});
