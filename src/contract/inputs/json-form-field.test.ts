// A required form field the document types application/json (its `encoding`), whose object schema requires no
// field: the field goes as one JSON text, so `{}` is sent (`zqmessages=%7B%7D`). The derived values took it for
// bracket form, where an empty object sends no pair, refused every value made from the schema (each `{}`), and no
// case of the operation could run ("no value of parameter zqmessages passes its own rules"). A field in bracket form
// (no encoding) still refuses `{}`.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-json-form-field-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const message = { type: "object", properties: { zqtext: { type: "string" }, zqcount: { type: "integer" } } };
// As published: the field holds a list of such objects, which a value made from the schema leaves empty.
const list = { type: "object", properties: { zqitems: { type: "array", items: message } } };
const openapi = keyedDocument("zqform", {
  "/zqbatches": {
    post: {
      operationId: "batchZq",
      requestBody: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": {
            encoding: { zqmessages: { contentType: "application/json" } },
            schema: { type: "object", properties: { zqmessages: list, zqmeta: message } },
          },
        },
      },
      responses: { "204": { description: "Batched." } },
    },
  },
});

const manifest = keyedManifest(
  "zqform",
  `  zqform_batch:
    operationId: batchZq
    title: Batch
    description: Batch.
    params:
      zqmessages:
        type: json
        jsonType: object
        required: true
        description: The messages, as one JSON text.
        wire: { in: body }
      zqmeta:
        type: json
        jsonType: object
        required: true
        description: The meta, in bracket form.
        wire: { in: body }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`,
);

const { linked, tool } = await linkedTool(work, "zqform", openapi, manifest, "zqform_batch");
const values = new ToolValues(tool, linked.document);
const param = (name: string) => tool.params.find((p) => p.name === name)!;

describe("a required form field typed application/json whose object requires no field", () => {
  it("takes {} (sent as one JSON text), where a field in bracket form does not (no pair)", () => {
    expect(tool.body?.fields?.zqmessages?.json).toBe(true);
    expect(values.accepts(param("zqmessages"), {})).toBe(true);
    expect(values.accepts(param("zqmeta"), {})).toBe(false);
    expect(values.accepts(param("zqmeta"), { zqcount: 2 })).toBe(true);
  });

  it("gives the operation a minimal input and random valid inputs", () => {
    const minimal = values.minimal();
    expect(minimal.zqmessages, JSON.stringify(minimal)).toBeDefined();
    expect(values.accepts(param("zqmessages"), minimal.zqmessages)).toBe(true);
    for (const input of fc.sample(validInput(tool, values, "https://api.zqform.test"), { numRuns: 30, seed: 7 })) {
      expect(values.accepts(param("zqmessages"), input.zqmessages), JSON.stringify(input)).toBe(true);
      expect(values.accepts(param("zqmeta"), input.zqmeta), JSON.stringify(input)).toBe(true);
    }
  });
});
