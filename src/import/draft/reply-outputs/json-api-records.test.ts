// A JSON:API reply (`{data: {id, type, attributes: {…}, relationships}}`): the draft gave `data`, `metadata.id` and
// nothing of the attributes, the fields a user wants. They are outputs now, named as a user reads them
// (`metadata.name`, `metadata.attributesId` where the record's own `id` has the name), read from
// `/data/attributes/<field>`; a list's records stay `data`, and its `links.next` is the next page's address.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { server } from "../../../../test-support/runtime/loopback-server.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  type Json,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const attributes = {
  type: "object",
  required: ["name"],
  properties: {
    name: { type: "string", description: "The zqwidget's name." },
    weight: { type: "number" },
    created_at: { type: "string", format: "date-time" },
    id: { type: "string", description: "The zqwidget's own serial." },
    tags: { type: "array", items: { type: "string" } },
  },
};
const resource = (attrs: Json = attributes, extra: Json = {}): Json => ({
  type: "object",
  required: ["id", "type", "attributes"],
  properties: {
    id: { type: "string" },
    type: { type: "string", enum: ["zqwidgets"] },
    attributes: attrs,
    relationships: { type: "object", properties: { owner: { type: "object" } } },
    ...extra,
  },
});
const answer = (schema: Json, mediaType = "application/vnd.api+json"): Json => ({
  description: "The reply.",
  content: { [mediaType]: { schema } },
});
const getting = (record: Json, mediaType?: string) =>
  openapi({
    "/zqwidgets/{id}": {
      get: {
        operationId: "getZqwidget",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": answer(
            {
              type: "object",
              required: ["data"],
              properties: { data: record, included: { type: "array", items: { type: "object" } } },
            },
            mediaType,
          ),
        },
      },
    },
  });
const listing = openapi({
  "/zqwidgets": {
    get: {
      operationId: "listZqwidgets",
      responses: {
        "200": answer({
          type: "object",
          properties: {
            data: { type: "array", items: resource() },
            links: { type: "object", properties: { self: { type: "string" }, next: { type: "string" } } },
          },
        }),
      },
    },
  },
});

describe("a JSON:API record's attributes", () => {
  it("are outputs named as read, from data/attributes; a colliding name says where it is", async () => {
    const d = drafted(getting(resource()), ["getZqwidget"]);
    const outputs = d.manifest.operations.acme_get_zqwidget!.outputs;
    expect(outputs).toEqual({
      data: { type: "json", from: "$response.body#/data", description: "The reply." },
      "metadata.id": { type: "string", from: "$response.body#/data/id", description: "The reply's id." },
      "metadata.name": {
        type: "string",
        from: "$response.body#/data/attributes/name",
        description: "The zqwidget's name.",
      },
      "metadata.weight": {
        type: "number",
        from: "$response.body#/data/attributes/weight",
        optional: true,
        description: "The record's weight.",
      },
      "metadata.createdAt": {
        type: "string",
        from: "$response.body#/data/attributes/created_at",
        optional: true,
        description: "The record's created_at.",
      },
      "metadata.attributesId": {
        type: "string",
        from: "$response.body#/data/attributes/id",
        optional: true,
        description: "The zqwidget's own serial.",
      },
    });
    expect(notesAt(d, "operations.acme_get_zqwidget.outputs")).toContain(
      "the 200 reply wraps its record in data: outputs read from inside it, its attributes (JSON:API) as " +
        "outputs of their own",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("hold what a call's answer has in its attributes, the request as the document says", async () => {
    const [tool] = await linkedTools(drafted(getting(resource()), ["getZqwidget"]));
    const record = {
      data: {
        id: "w-7",
        type: "zqwidgets",
        attributes: { name: "Sprocket", weight: 2.5, created_at: "2026-01-02T03:04:05Z", id: "S-1", tags: ["a"] },
        relationships: { owner: { data: { id: "u-1", type: "zqusers" } } },
      },
    };
    const upstream = await server(() => ({
      status: 200,
      headers: { "content-type": "application/vnd.api+json" },
      body: JSON.stringify(record),
    }));
    try {
      const done = await executeToolDefinition(
        tool!,
        { accessToken: "zq-credential-0001", id: "w-7" },
        { baseUrl: upstream.url },
      );
      expect(upstream.received.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /zqwidgets/w-7"]);
      expect(done).toEqual({
        success: true,
        output: {
          data: record.data,
          metadata: {
            id: "w-7",
            name: "Sprocket",
            weight: 2.5,
            createdAt: "2026-01-02T03:04:05Z",
            attributesId: "S-1",
          },
        },
      });
    } finally {
      await upstream.close();
    }
  });

  it("are known by the media type alone where the record has neither id nor type", () => {
    const bare = { type: "object", properties: { attributes: attributes } };
    const api = drafted(getting(bare), ["getZqwidget"]).manifest.operations.acme_get_zqwidget!.outputs;
    expect(api["metadata.name"]).toMatchObject({ from: "$response.body#/data/attributes/name" });
    const plain = drafted(getting(bare, "application/json"), ["getZqwidget"]).manifest.operations.acme_get_zqwidget!
      .outputs;
    expect(Object.keys(plain)).toEqual(["data"]);
  });

  it("are found by the shape under plain JSON too", () => {
    const outputs = drafted(getting(resource(), "application/json"), ["getZqwidget"]).manifest.operations
      .acme_get_zqwidget!.outputs;
    expect(outputs["metadata.name"]).toMatchObject({ from: "$response.body#/data/attributes/name" });
  });

  it("leave a list's records in data, paged by links.next", async () => {
    const d = drafted(listing, ["listZqwidgets"]);
    const op = d.manifest.operations.acme_list_zqwidgets!;
    expect(op.outputs.data).toMatchObject({ type: "array", from: "$response.body#/data" });
    expect(Object.keys(op.outputs).filter((k) => k.startsWith("metadata."))).toEqual(["metadata.count"]);
    expect(op.pagination).toEqual({ style: "nextUrl", url: "$response.body#/links/next", items: ["data"] });
    expect(await linkProblems(d)).toEqual([]);
  });
});
