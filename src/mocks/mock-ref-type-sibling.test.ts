// An answer's field written `{$ref: Contact, type: string}`, Contact an object: OpenAPI 3.0 ignores a reference's
// siblings, and the document's own example holds the object. Prism read the `type` beside the reference and refused
// every answer holding it in a list ("must be string": 14 of a whole accounting API's cases). The mock reads the
// reference as the standard does; a `type` beside a `$ref` that agrees with its schema stays.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { makeSchemasCompilable } from "./prism-schemas.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-ref-type-sibling-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const contact = { type: "object", properties: { zqName: { type: "string" } } };
const quote = {
  type: "object",
  required: ["zqContact"],
  properties: { zqContact: { $ref: "#/components/schemas/ZqContact", type: "string" } },
};

describe("a type beside a $ref that its schema contradicts", () => {
  it("is read as the reference alone: the document's example is served, the mock's own check takes it", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqquotes"), { recursive: true });
    const base = openapi({
      "/zqquotes": {
        get: {
          operationId: "zqquotes",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { zqQuotes: { type: "array", items: { $ref: "#/components/schemas/ZqQuote" } } },
                  },
                  example: { zqQuotes: [{ zqContact: { zqName: "Zq Ltd" } }] },
                },
              },
            },
          },
        },
      },
    }) as { components?: Record<string, unknown> };
    const document = {
      ...base,
      components: { ...base.components, schemas: { ZqContact: contact, ZqQuote: quote } },
    };
    writeFileSync(join(dir, "zqquotes", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqquotes"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqquotes}/zqquotes`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      expect([response.status, response.headers.get("sl-violations")]).toEqual([200, null]);
      expect(await response.json()).toEqual({ zqQuotes: [{ zqContact: { zqName: "Zq Ltd" } }] });
    } finally {
      await mocks.close();
    }
  });

  it("leaves a type that agrees with the schema referenced", () => {
    const root = {
      components: {
        schemas: {
          ZqContact: contact,
          ZqQuote: structuredClone(quote),
          ZqAgreeing: { properties: { zqContact: { $ref: "#/components/schemas/ZqContact", type: "object" } } },
        },
      },
    };
    makeSchemasCompilable(root);
    expect(root.components.schemas.ZqQuote.properties.zqContact).toEqual({ $ref: "#/components/schemas/ZqContact" });
    expect(root.components.schemas.ZqAgreeing.properties.zqContact).toEqual({
      $ref: "#/components/schemas/ZqContact",
      type: "object",
    });
  });
});
