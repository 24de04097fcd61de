// grpc-gateway v1's server stream (swagger2-stream-definitions.ts): the line's schema under `x-stream-definitions`,
// named by the answer's `$ref`, read as a definition of a name no other takes, so that add drafts the stream as it does
// grpc-gateway v2's inline form: `stream: {item: /result, failure: /error}`.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkProblems, type Json } from "../__fixtures__/draft-kit.js";
import { swaggerToOpenApi } from "./convert.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const streamed = (message: string): Json => ({
  type: "object",
  properties: { result: { $ref: `#/definitions/${message}` }, error: { $ref: "#/definitions/zqStreamError" } },
  title: `Stream result of ${message}`,
});

const document = (): Json => ({
  swagger: "2.0",
  info: { title: "Zq watch", version: "1.0" },
  host: "api.zq.example",
  schemes: ["https"],
  consumes: ["application/json"],
  produces: ["application/json"],
  paths: {
    "/v1/zqitems/watch": {
      get: {
        operationId: "ZqService_WatchZqitems",
        parameters: [{ name: "zqName", in: "query", required: false, type: "string", maxLength: 20 }],
        responses: {
          "200": {
            description: "A successful response.(streaming responses)",
            schema: { $ref: "#/x-stream-definitions/zqItem" },
          },
        },
      },
    },
  },
  definitions: {
    zqItem: { type: "object", properties: { zqId: { type: "string" } } },
    // A definition already of the name the stream's would take: the stream's takes the next.
    zqItemStreamResult: { type: "object", properties: { zqOther: { type: "string" } } },
    zqStreamError: {
      type: "object",
      properties: {
        grpc_code: { type: "integer", format: "int32" },
        message: { type: "string" },
        details: { type: "array", items: { type: "object" } },
      },
    },
  },
  "x-stream-definitions": { zqItem: streamed("zqItem") },
  securityDefinitions: { ZqKey: { type: "apiKey", name: "Authorization", in: "header" } },
  security: [{ ZqKey: [] }],
});

describe("a stream's line schema under x-stream-definitions (grpc-gateway v1)", () => {
  it("is converted as a definition of a name no other takes, the answer's $ref pointed at it", () => {
    const given = document();
    const converted: Json = swaggerToOpenApi(given, "zqwatch.json");
    const answer = converted.paths["/v1/zqitems/watch"].get.responses["200"];
    expect(answer.content["application/json"].schema).toEqual({ $ref: "#/components/schemas/zqItemStreamResult2" });
    expect(converted.components.schemas.zqItemStreamResult2).toMatchObject({
      title: "Stream result of zqItem",
      properties: { result: { $ref: "#/components/schemas/zqItem" } },
    });
    expect(converted.components.schemas.zqItemStreamResult.properties).toHaveProperty("zqOther");
    expect(converted).not.toHaveProperty("x-stream-definitions");
    // The document given is left as it was.
    expect(given).toEqual(document());
  });

  it("is drafted as a stream of its lines' results, a failure line the call's error, and links", async () => {
    const d = drafted(swaggerToOpenApi(document(), "zqwatch.json"), ["ZqService_WatchZqitems"], "zqwatch");
    const [op] = Object.values(d.manifest.operations);
    expect(op?.stream).toEqual({ item: "/result", failure: "/error" });
    expect(await linkProblems(d, "zqwatch")).toEqual([]);
  });
});
