// An answer's field written `{$ref: Response, type: object}`, Response a nullable object, and the document's own
// example holding null there: OpenAPI 3.0 ignores a reference's siblings, so null is a value of it (the example check
// took it), but Prism read the `type` beside the reference, which refuses null, and refused the document's own
// example (every case of the operation failed). The mock leaves out a type beside a `$ref` whose schema allows null
// that the sibling does not; one beside a schema that does not allow null, or itself nullable, stays.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { violationsOf } from "../contract/prism.js";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { makeSchemasCompilable } from "./prism-schemas.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-ref-type-nullable-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const reply = { type: "object", nullable: true, properties: { zqDecision: { type: "string" } } };
const claim = {
  type: "object",
  properties: { zqReply: { $ref: "#/components/schemas/ZqReply", description: "The reply.", type: "object" } },
};
const claims = [{ zqReply: { zqDecision: "zqaccepted" } }, { zqReply: null }];

describe("a type beside a $ref whose schema allows null", () => {
  it("is read as the reference alone: the document's example holding null is served and passes", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqclaims"), { recursive: true });
    const base = openapi({
      "/zqclaims": {
        get: {
          operationId: "zqclaims",
          responses: {
            "200": {
              description: "ok",
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { zqClaims: { type: "array", items: { $ref: "#/components/schemas/ZqClaim" } } },
                  },
                  example: { zqClaims: claims },
                },
              },
            },
          },
        },
      },
    }) as { components?: Record<string, unknown> };
    const document = { ...base, components: { ...base.components, schemas: { ZqReply: reply, ZqClaim: claim } } };
    writeFileSync(join(dir, "zqclaims", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqclaims"], { specsDir: dir, logLevel: "silent" });
    try {
      const response = await fetch(`${mocks.urls.zqclaims}/zqclaims`, {
        headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
      });
      const body = await response.text();
      expect(violationsOf(response.headers, body)).toEqual([]);
      expect(response.status).toBe(200);
      expect(JSON.parse(body)).toEqual({ zqClaims: claims });
    } finally {
      await mocks.close();
    }
  });

  it("stays beside a schema that does not allow null, and where it allows null itself", () => {
    const plain = { type: "object", properties: { zqDecision: { type: "string" } } };
    const root = {
      components: {
        schemas: {
          ZqReply: structuredClone(reply),
          ZqPlain: plain,
          ZqA: { properties: { zqReply: { $ref: "#/components/schemas/ZqReply", type: "object" } } },
          ZqB: { properties: { zqReply: { $ref: "#/components/schemas/ZqPlain", type: "object" } } },
          ZqC: { properties: { zqReply: { $ref: "#/components/schemas/ZqReply", type: "object", nullable: true } } },
        },
      },
    };
    makeSchemasCompilable(root);
    const field = (name: "ZqA" | "ZqB" | "ZqC") => root.components.schemas[name].properties.zqReply;
    expect(field("ZqA")).toEqual({ $ref: "#/components/schemas/ZqReply" });
    expect(field("ZqB")).toEqual({ $ref: "#/components/schemas/ZqPlain", type: "object" });
    // Itself nullable: the type stays, inside "itself or null" (Ajv's `nullable` widened the type, not the reference).
    expect(field("ZqC")).toEqual({
      anyOf: [{ $ref: "#/components/schemas/ZqReply", type: "object" }, { type: "null" }],
    });
  });
});
