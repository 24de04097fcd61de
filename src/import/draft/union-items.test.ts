// A request body that is a list whose items are one of several shapes (`type: array, items: {oneOf: [{…}, {…}]}`):
// drafted as one list parameter whose items carry the shapes (each one's fields, limits and required fields, from
// the document), so that every shape is accepted, an item meeting none is refused before any request naming its
// index and the rule, and the list goes on the wire exactly as given. Before, the list was opaque JSON: an item of
// no shape went out, and the upstream refused it.
import { rmSync } from "node:fs";
import { executeToolDefinition, inputSchema, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { paramTsType } from "../../emit/emit-tool-types.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const document = openapi({
  "/zq-batches": {
    post: {
      operationId: "sendZqBatch",
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "array",
              maxItems: 5,
              items: {
                oneOf: [
                  {
                    type: "object",
                    required: ["kind", "text"],
                    properties: { kind: { type: "string", enum: ["note"] }, text: { type: "string", maxLength: 10 } },
                  },
                  {
                    type: "object",
                    required: ["kind", "amount"],
                    properties: {
                      kind: { type: "string", enum: ["charge"] },
                      amount: { type: "integer", minimum: 1 },
                      id: { type: "string", readOnly: true },
                    },
                  },
                ],
              },
            },
          },
        },
      },
      responses: { "200": reply({ type: "object", properties: { id: { type: "integer" } } }) },
    },
  },
});

async function tool(): Promise<ToolSpec> {
  return (await linkedTools(drafted(document, ["sendZqBatch"])))[0] as ToolSpec;
}

async function send(t: ToolSpec, body: unknown) {
  const { fetch, seen } = scriptedFetch(json(200, { id: 1 }));
  const result = await executeToolDefinition(
    t,
    { accessToken: "zq-token-0123456789", body },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  return { result, seen };
}

describe("a request body that is a list of items of several shapes", () => {
  it(
    "is drafted as one list parameter, said in a note; it links with the items' shapes from the " + "document",
    async () => {
      const d = drafted(document, ["sendZqBatch"]);
      expect(d.manifest.operations.acme_send_zq_batch!.params!.body).toMatchObject({
        type: "json",
        jsonType: "array",
        maxItems: 5,
        required: true,
      });
      expect(notesAt(d, "operations.acme_send_zq_batch.params.body")).toEqual([
        "the request body is a list whose items are one of 2 shapes (oneOf): drafted as one list parameter, each " +
          "item checked before any request against the shapes' fields, limits and required fields (read from the " +
          "document), sent as given",
      ]);
      expect(await linkProblems(d)).toEqual([]);
      const body = (await tool()).params.find((p) => p.name === "body");
      // Told apart by `kind`, of one value in each: an item names its shape, which it must then meet.
      expect(body?.items).toEqual({
        tag: "kind",
        shapes: [
          {
            fields: { kind: { type: "string", enum: ["note"] }, text: { type: "string", maxLength: 10 } },
            required: ["kind", "text"],
          },
          {
            fields: { kind: { type: "string", enum: ["charge"] }, amount: { type: "integer", minimum: 1 } },
            required: ["kind", "amount"],
          },
        ],
      });
      // A discriminated union, each shape closed as openapi-typescript types it (the document takes no other field).
      expect(paramTsType(body!)).toBe('({ kind: "note"; text: string; } | { kind: "charge"; amount: number; })[]');
    },
  );

  it("is shown to models as a list of either shape", async () => {
    const schema = inputSchema(await tool());
    expect(schema.properties?.body?.items).toEqual({
      anyOf: [
        {
          type: "object",
          properties: { kind: { type: "string", enum: ["note"] }, text: { type: "string", maxLength: 10 } },
          required: ["kind", "text"],
        },
        {
          type: "object",
          properties: { kind: { type: "string", enum: ["charge"] }, amount: { type: "integer", minimum: 1 } },
          required: ["kind", "amount"],
        },
      ],
    });
  });

  it("accepts an item of every shape and sends the list exactly as given", async () => {
    const items = [
      { kind: "note", text: "hello" },
      { kind: "charge", amount: 3, memo: "kept as given" },
    ];
    const { result, seen } = await send(await tool(), items);
    expect(result.success).toBe(true);
    expect(seen[0]?.body).toBe(JSON.stringify(items));
  });

  it("refuses an item meeting no shape before any request, naming its place and the rule it breaks", async () => {
    const t = await tool();
    for (const [item, rule, why] of [
      [
        { kind: "note", text: "far too long a note" },
        "maxLength",
        ".text: must be at most 10 characters long (it has 19)",
      ],
      [{ kind: "charge", amount: 0 }, "minimum", ".amount: must be at least 1"],
      [{ kind: "charge" }, "required", ".amount: is required"],
      [{ kind: "refund", amount: 2 }, "enum", ".kind: must be one of note, charge"],
      ["text", "type", ": must be an object"],
    ] as const) {
      const { result, seen } = await send(t, [{ kind: "note", text: "ok" }, item]);
      expect(seen).toHaveLength(0);
      expect(result).toMatchObject({ success: false, error: { type: "validation", param: "body" } });
      const error = (result as { error: { message: string; rule?: string } }).error;
      expect(error.rule).toBe(rule);
      expect(error.message).toContain(`body[1]${why}`);
    }
  });
});
