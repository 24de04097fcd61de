// The suite's request bodies made with every field leave out the fields read only, through their `$ref` too, in the
// bodies offered first (a record's parent id beside the same id in the path: OpenAPI says a request does not send them,
// and an SDK leaves them out). A document may also require a field it marks read only (a reference's `id` and `type`,
// read only in the record it refers to, required by the reference): a value without them breaks the parameter's own
// rules, so the bodies made with them are still offered, and the parameter has a value (before, none: "no value of
// parameter … passes its own rules").
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { drafted, draftWorkFolder, linkedTools, openapi, reply } from "../../import/__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import type { Schema } from "../../load/openapi-document.js";
import { rawOperation, requestMedia } from "./document-places.js";
import { madeRequestBodies } from "./made-body.js";
import { ToolValues } from "./values.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const body = (schema: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema } },
});
const DOCUMENT = openapi(
  {
    "/zqincidents": {
      post: {
        operationId: "zqCreateIncident",
        requestBody: body({
          type: "object",
          required: ["zqincident"],
          properties: {
            zqincident: {
              type: "object",
              required: ["zqtitle", "zqservice"],
              properties: { zqtitle: { type: "string" }, zqservice: { $ref: "#/components/schemas/ZqServiceRef" } },
            },
          },
        }),
        responses: { "201": reply({ type: "object" }, {}) },
      },
    },
    "/zqnotes": {
      post: {
        operationId: "zqCreateNote",
        requestBody: body({
          type: "object",
          required: ["zqtext"],
          properties: { zqtext: { type: "string" }, zqowner: { $ref: "#/components/schemas/ZqId" } },
        }),
        responses: { "201": reply({ type: "object" }, {}) },
      },
    },
  },
  {
    schemas: {
      ZqId: { type: "string", maxLength: 32, readOnly: true },
      ZqBase: {
        type: "object",
        properties: {
          id: { type: "string", readOnly: true },
          type: { type: "string", readOnly: true },
          summary: { type: "string", readOnly: true },
        },
      },
      ZqServiceRef: { allOf: [{ $ref: "#/components/schemas/ZqBase" }, { type: "object", required: ["id", "type"] }] },
    },
  },
);
const doc = new OpenApiDocument(parseYamlSource(JSON.stringify(DOCUMENT), "zqincidents.yaml"));
const tools = await linkedTools(drafted(DOCUMENT, ["zqCreateIncident", "zqCreateNote"]));
const tool = (operationId: string) => tools.find((t) => t.operationId === operationId) as ToolSpec;

describe("a JSON body parameter's value made from the request schema", () => {
  it("leaves out a field read only through its $ref, in the bodies offered first", () => {
    const op = doc.operations.get("zqCreateNote");
    if (!op) throw new Error("zqCreateNote not loaded");
    const [first] = madeRequestBodies(doc, op, rawOperation(doc, op).requestBody as Schema, requestMedia(doc, op));
    expect(Object.keys(first as object)).toEqual(["zqtext"]);
  });

  it("keeps the fields read only that the document requires, so the parameter has a value", () => {
    const incident = new ToolValues(tool("zqCreateIncident"), doc).full().zqincident as {
      zqservice: Record<string, unknown>;
    };
    expect(Object.keys(incident.zqservice)).toEqual(expect.arrayContaining(["id", "type"]));
  });
});
