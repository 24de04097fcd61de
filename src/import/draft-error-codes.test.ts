// An error's code where its schema names it so (load/schemas/code-members.ts): grpc-gateway's failure body is
// `{error, code, message, details}` in some versions and `{grpc_code, http_code, message, http_status, details}` in
// others (its stream error). Before, add drafted no `errors.code` for the second (its codes are whole numbers, and
// neither is called `code`), and a stream's failure of that shape ended the call with no code, `grpc_code` kept only
// in the error's details. Now the draft reads `grpc_code` (never `http_code`, which restates the status) and the link
// records it as the stream failure's code, which the runtime reads.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { codeMember, namedCodeMembers } from "../load/schemas/code-members.js";
import {
  draftWorkFolder,
  drafted,
  errorOf,
  linkedTools,
  linkProblems,
  openapi,
  reply,
} from "./__fixtures__/draft-kit.js";
import { swaggerToOpenApi } from "./document/convert.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const int = { type: "integer", format: "int32" };
const text = { type: "string" };
const streamError = {
  type: "object",
  properties: { grpc_code: int, http_code: int, message: text, http_status: text, details: { type: "array" } },
};

describe("the member naming an error's code", () => {
  it("is `code`, else one named as a code of its own kind, never one restating the HTTP status", () => {
    expect(
      codeMember([
        ["grpc_code", "integer"],
        ["http_code", "integer"],
        ["message", "string"],
      ]),
    ).toBe("grpc_code");
    expect(
      codeMember([
        ["code", "integer"],
        ["grpc_code", "integer"],
      ]),
    ).toBe("code");
    expect(
      namedCodeMembers([
        ["http_code", "integer"],
        ["statusCode", "integer"],
        ["errorCode", "string"],
      ]),
    ).toEqual(["errorCode"]);
    expect(
      namedCodeMembers([
        ["zq_code", "object"],
        ["barcode", "string"],
      ]),
    ).toEqual([]);
  });
});

describe("add's draft of errors.code", () => {
  it("reads grpc_code of a failure body that has no `code` (not http_code), and the runtime gives it", async () => {
    const d = drafted(
      openapi({
        "/zq-things": {
          get: {
            operationId: "listThings",
            responses: { "200": reply({ type: "object", properties: { id: text } }), "400": reply(streamError) },
          },
        },
      }),
      ["listThings"],
    );
    expect(d.manifest.errors.code).toEqual(["$response.body#/grpc_code"]);
    expect(await linkProblems(d)).toEqual([]);
    const body = { grpc_code: 5, http_code: 404, message: "zq gone", http_status: "Not Found", details: [] };
    expect(await errorOf(d, body)).toMatchObject({ code: "5", message: "zq gone" });
  });
});

describe("a stream's failure of grpc-gateway's stream error shape", () => {
  it("is linked with its code member, which the runtime reads as the error's code", async () => {
    const document = {
      swagger: "2.0",
      info: { title: "Zq watch", version: "1.0" },
      host: "api.zq.example",
      schemes: ["https"],
      produces: ["application/json"],
      paths: {
        "/v1/zqitems/watch": {
          get: {
            operationId: "ZqService_WatchZqitems",
            responses: { "200": { description: "A stream.", schema: { $ref: "#/x-stream-definitions/zqItem" } } },
          },
        },
      },
      definitions: { zqItem: { type: "object", properties: { zqId: text } }, zqStreamError: streamError },
      "x-stream-definitions": {
        zqItem: {
          type: "object",
          properties: { result: { $ref: "#/definitions/zqItem" }, error: { $ref: "#/definitions/zqStreamError" } },
          title: "Stream result of zqItem",
        },
      },
      securityDefinitions: { ZqKey: { type: "apiKey", name: "Authorization", in: "header" } },
      security: [{ ZqKey: [] }],
    };
    const d = drafted(swaggerToOpenApi(document, "zqwatch.json"), ["ZqService_WatchZqitems"], "zqwatch");
    const [tool] = await linkedTools(d, "zqwatch");
    expect(tool?.stream).toMatchObject({ failure: ["error"], failureCode: "grpc_code" });
    const failure = { error: { grpc_code: 14, http_code: 503, message: "zq down" } };
    const lines = `${JSON.stringify({ result: { zqId: "zq-1" } })}\n${JSON.stringify(failure)}\n`;
    const result = await executeToolDefinition(
      tool!,
      { apiKey: "zq-key-0001" },
      {
        baseUrl: "https://api.zq.example",
        retries: 0,
        fetch: async () => new Response(lines, { status: 200, headers: { "content-type": "application/json" } }),
      },
    );
    expect(result).toMatchObject({ success: false, error: { code: "14" } });
    expect(result.success || result.error.details).not.toHaveProperty("grpc_code");
  });
});
