// A record in an envelope (issue 29), on small documents of the tests' own
// (zqshelf): wrapped in data, in a key named after the resource, in result;
// not in a field named after a parent collection, nor a record with its own
// id and a data field.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const shelf = { type: "object", required: ["id"], properties: { id: { type: "string" }, name: { type: "string" } } };

describe("a record in an envelope", () => {
  const getShelf = (schema: Json, path = "/zqshelves/{shelf_id}"): Json =>
    openapi({
      [path]: {
        get: {
          operationId: "getShelf",
          summary: "Get a shelf",
          parameters: [{ name: "shelf_id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
          responses: { "200": reply(schema) },
        },
      },
    });
  const outputs = (d: ReturnType<typeof drafted>) => d.manifest.operations.zqshelf_get_shelf!.outputs;

  it("wrapped in data: the outputs read from inside it, the fields beside it in metadata", async () => {
    const d = drafted(
      getShelf({ type: "object", required: ["data"], properties: { data: shelf, request_id: { type: "string" } } }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d)).toEqual({
      data: { type: "json", from: "$response.body#/data", description: "The reply." },
      "metadata.id": { type: "string", from: "$response.body#/data/id", description: "The reply's id." },
      "metadata.name": {
        type: "string",
        from: "$response.body#/data/name",
        optional: true,
        description: "The reply's name.",
      },
      "metadata.requestId": {
        type: "string",
        from: "$response.body#/request_id",
        optional: true,
        description: "The reply's request_id.",
      },
    });
    expect(notesAt(d, "operations.zqshelf_get_shelf.outputs")).toEqual([
      "the 200 reply wraps its record in data: outputs read from inside it",
    ]);
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("wrapped in a key named after the resource ({zqshelf: {…}} under /zqshelves/{id}), beside links", async () => {
    const d = drafted(
      getShelf({
        type: "object",
        properties: { zqshelf: shelf, links: { type: "object", properties: { self: { type: "string" } } } },
      }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d).data).toEqual({
      type: "json",
      from: "$response.body#/zqshelf",
      optional: true,
      description: "The reply.",
    });
    expect(outputs(d)["metadata.id"]).toEqual({
      type: "string",
      from: "$response.body#/zqshelf/id",
      optional: true,
      description: "The reply's id.",
    });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("not wrapped in a field named after a parent collection of its path (an album's `user` under /zqusers/{user_id}/zqalbums)", () => {
    const owner = { type: "object", properties: { uri: { type: "string" }, name: { type: "string" } } };
    const album = {
      type: "object",
      properties: { uri: { type: "string" }, name: { type: "string" }, privacy: { type: "string" }, zquser: owner },
    };
    const d = drafted(getShelf(album, "/zqusers/{shelf_id}/zqalbums"), ["getShelf"], "zqshelf");
    expect(outputs(d).data).toEqual({ type: "json", from: "$response.body", description: "The reply." });
    expect(notesAt(d, "operations.zqshelf_get_shelf.outputs").filter((n) => n.includes("wraps"))).toEqual([]);
  });

  it("wrapped in result, beside lists of errors and messages", async () => {
    const note = { type: "object", properties: { code: { type: "integer" } } };
    const d = drafted(
      getShelf({
        type: "object",
        properties: {
          result: shelf,
          success: { type: "boolean" },
          errors: { type: "array", items: note },
          messages: { type: "array", items: note },
        },
      }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d).data).toMatchObject({ from: "$response.body#/result" });
    expect(outputs(d)["metadata.success"]).toMatchObject({ type: "boolean", from: "$response.body#/success" });
    expect(await linkProblems(d, "zqshelf")).toEqual([]);
  });

  it("a record that carries its own id and a data field is no envelope", () => {
    const d = drafted(
      getShelf({ type: "object", properties: { id: { type: "string" }, data: shelf } }),
      ["getShelf"],
      "zqshelf",
    );
    expect(outputs(d).data).toMatchObject({ from: "$response.body" });
  });
});
