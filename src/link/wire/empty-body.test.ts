// A POST, PUT or PATCH whose document declares a JSON body that `{}` meets (every field optional), called with none
// of its fields: `{}` goes, with its Content-Type. Before, no body and no Content-Type went, which an upstream that
// wants the declared media type refuses (415: a payments API's capture, whose body holds one optional field). A
// body whose schema requires a field, and a GET, still go without one.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const result = reply({ type: "object", properties: { id: { type: "string" } } });
const jsonBody = (schema: unknown) => ({ content: { "application/json": { schema } } });
const id = { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } };
const optionalOnly = {
  type: "object",
  properties: {
    note: { type: "string", maxLength: 40 },
    source: { type: "object", properties: { kind: { type: "string" } } },
  },
};
const document = openapi({
  "/zq-orders/{id}/capture": {
    post: {
      operationId: "captureOrder",
      parameters: [id],
      requestBody: jsonBody(optionalOnly),
      responses: { "201": result },
    },
  },
  "/zq-orders/{id}/close": {
    post: {
      operationId: "closeOrder",
      parameters: [id],
      requestBody: jsonBody({ type: "object", properties: {} }),
      responses: { "200": result },
    },
  },
  "/zq-orders/{id}/refund": {
    post: {
      operationId: "refundOrder",
      parameters: [id],
      requestBody: jsonBody({
        type: "object",
        required: ["amount"],
        properties: { amount: { type: "integer" }, note: { type: "string", maxLength: 40 } },
      }),
      responses: { "200": result },
    },
  },
});

async function sent(operationId: string, params: Record<string, unknown>) {
  const tools = await linkedTools(drafted(document, ["captureOrder", "closeOrder", "refundOrder"]));
  const tool = tools.find((t) => t.operationId === operationId);
  const { fetch, seen } = scriptedFetch(json(200, { id: "o1" }));
  await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001", ...params },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  return { contentType: seen[0]?.headers.get("content-type"), body: seen[0]?.body };
}

describe("a POST whose declared JSON body every call may leave empty", () => {
  it(
    "sends {} and its Content-Type when the call gives " + "none of its fields; the fields when it gives them",
    async () => {
      expect(await sent("captureOrder", { id: "o1" })).toEqual({ contentType: "application/json", body: "{}" });
      expect(await sent("captureOrder", { id: "o1", note: "now" })).toEqual({
        contentType: "application/json",
        body: '{"note":"now"}',
      });
    },
  );

  it("sends {} for a body with no fields at all", async () => {
    expect(await sent("closeOrder", { id: "o1" })).toEqual({ contentType: "application/json", body: "{}" });
  });

  it(
    "sends no body where {} would not meet the schema (a required field): the call without it is refused before " +
      "any request",
    async () => {
      const tools = await linkedTools(drafted(document, ["refundOrder"]));
      expect(tools[0]?.body).toBeUndefined();
    },
  );
});
