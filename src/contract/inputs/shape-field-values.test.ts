// A body field that only one shape of the body's oneOf lists (`zqLamp`, an
// object with a required field), in a body closed beside its allOf, which
// by JSON Schema's letter no whole body meets, so none was made: the field's
// value went unchecked and was the bare `{}`, which the judge refused. The
// field's schema is found through the one shape listing it, and its value
// made at its own place. A parameter holding the whole body is held to the
// body's schema as the request judge reads it (it was not checked: `{}`).
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ToolValues } from "./values.js";
import { keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-shape-field-values-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = {
  openapi: "3.0.3",
  info: { title: "zqquote", version: "1" },
  servers: [{ url: "https://api.zqquote.test" }],
  security: [{ zqKey: [] }],
  components: {
    securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } },
    schemas: {
      ZqOptions: { type: "object", properties: { zqNote: { type: "string" } } },
      ZqById: { type: "object", properties: { zqLampId: { type: "string" } } },
      ZqInline: {
        type: "object",
        properties: {
          zqLamp: { type: "object", required: ["zqName"], properties: { zqName: { type: "string", minLength: 2 } } },
        },
      },
    },
  },
  paths: {
    "/zqquotes": {
      post: {
        operationId: "quoteZqlamp",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                additionalProperties: false,
                allOf: [{ $ref: "#/components/schemas/ZqOptions" }],
                oneOf: [
                  { allOf: [{ $ref: "#/components/schemas/ZqById" }, { required: ["zqLampId"] }] },
                  { allOf: [{ $ref: "#/components/schemas/ZqInline" }, { required: ["zqLamp"] }] },
                ],
              },
            },
          },
        },
        responses: { "200": { description: "Quoted." } },
      },
    },
    "/zqnotes": {
      post: {
        operationId: "noteZqlamp",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqTitle"],
                oneOf: [
                  { type: "object", properties: { zqTitle: { type: "string" } } },
                  { type: "object", properties: { zqTitle: { type: "string" }, zqCode: { type: "string" } } },
                ],
              },
            },
          },
        },
        responses: { "200": { description: "Noted." } },
      },
    },
  },
};

const manifest = keyedManifest(
  "zqquote",
  `  zqquote_quote:
    operationId: quoteZqlamp
    title: Quote
    description: Quote.
    params:
      zqLampId:
        type: string
        maxLength: 40
        description: The lamp.
        wire: { in: body }
      zqLamp:
        type: json
        jsonType: object
        description: The lamp, inline.
        wire: { in: body }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
  zqquote_note:
    operationId: noteZqlamp
    title: Note
    description: Note.
    params:
      body:
        type: json
        jsonType: object
        required: true
        description: The note.
        wire: { in: body, pointer: "" }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`,
);

const { linked, tool } = await linkedTool(work, "zqquote", openapi, manifest, "zqquote_quote");
const values = new ToolValues(tool, linked.document);
const zqLamp = tool.params.find((p) => p.name === "zqLamp")!;

describe("a body field only one of the body's shapes lists", () => {
  it("is held to that shape's schema for it", () => {
    expect(values.accepts(zqLamp, {})).toBe(false);
    expect(values.accepts(zqLamp, { zqName: "desk" })).toBe(true);
  });

  it("is given a value made at its own place where no whole body was made", () => {
    const made = values.example("zqLamp")?.value as { zqName?: unknown } | undefined;
    expect(typeof made?.zqName).toBe("string");
  });
});

describe("a parameter holding the whole body", () => {
  const note = linked.ir.operations.find((o) => o.tool.id === "zqquote_note")!.tool;
  const noteValues = new ToolValues(note, linked.document);
  const body = note.params.find((p) => p.name === "body")!;

  it("is held to the body's schema as the request judge reads it: a required field, shapes read as meant", () => {
    expect(noteValues.accepts(body, {})).toBe(false);
    // By JSON Schema's letter this meets both shapes (oneOf refuses it); the judge reads the shapes as meant.
    expect(noteValues.accepts(body, { zqTitle: "desk" })).toBe(true);
    expect(noteValues.accepts(body, { zqTitle: "desk", zqCode: "d1" })).toBe(true);
  });
});
