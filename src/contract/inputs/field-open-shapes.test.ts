// A body field whose schema is a `oneOf` of two object shapes that nothing tells apart (`{ZqId: integer}` or
// `{ZqRef: string}`, each requiring nothing, neither closed): by JSON Schema's letter every object meets both, so no
// value of the field was valid and the suite refused to make any input ("no value of parameter zqStore passes its own
// rules"). The request judge reads such a union as meant, each shape closed over its own fields (judge/open-one-of.ts);
// the field's value is held to it as the judge holds it: the fields of one shape pass, a mix of two does not.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ToolValues } from "./values.js";
import { keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import { schemaChecker } from "../../judge/schema-check.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-field-open-shapes-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = {
  openapi: "3.0.3",
  info: { title: "zqorder", version: "1" },
  servers: [{ url: "https://api.zqorder.test" }],
  security: [{ zqKey: [] }],
  components: {
    securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } },
    schemas: {
      ZqStore: {
        oneOf: [
          { type: "object", properties: { ZqId: { type: "integer" } } },
          { type: "object", properties: { ZqRef: { type: "string" } } },
        ],
      },
    },
  },
  paths: {
    "/zqorders": {
      post: {
        operationId: "placeZqorder",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqStore", "zqTotal"],
                properties: { zqStore: { $ref: "#/components/schemas/ZqStore" }, zqTotal: { type: "number" } },
              },
            },
          },
        },
        responses: { "201": { description: "Placed." } },
      },
    },
  },
};

const manifest = keyedManifest(
  "zqorder",
  `  zqorder_place:
    operationId: placeZqorder
    title: Place
    description: Place an order.
    params:
      zqStore:
        type: json
        jsonType: object
        required: true
        description: The store.
        wire: { in: body }
      zqTotal:
        type: number
        required: true
        description: The total.
        wire: { in: body }
    outputs:
      metadata.status:
        type: number
        from: $statusCode
        description: The status.
`,
);

const { linked, tool } = await linkedTool(work, "zqorder", openapi, manifest, "zqorder_place");
const values = new ToolValues(tool, linked.document);
const zqStore = tool.params.find((p) => p.name === "zqStore")!;

describe("a body field of two object shapes nothing tells apart", () => {
  it("is held to them as the request judge reads them: one shape's fields pass, a mix does not", () => {
    expect(values.accepts(zqStore, { ZqId: 7 })).toBe(true);
    expect(values.accepts(zqStore, { ZqRef: "zq-7" })).toBe(true);
    expect(values.accepts(zqStore, { ZqId: 7, ZqRef: "zq-7" })).toBe(false);
    expect(values.accepts(zqStore, { ZqId: "seven" })).toBe(false);
  });

  it("gets a value, and the minimal input is a body the judge takes", () => {
    const input = values.minimal();
    expect(input.zqStore).toBeDefined();
    const body = { zqStore: input.zqStore, zqTotal: input.zqTotal };
    const at = ["paths", "/zqorders", "post", "requestBody", "content", "application/json", "schema"];
    expect(schemaChecker(linked.document).check(body, at)).toBeUndefined();
  });
});
