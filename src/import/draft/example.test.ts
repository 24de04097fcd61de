// An example of a union's first shape, as drafted for a whole-body
// parameter: required fields only, readOnly ones left out, values from the
// schema's own example, default or enum, else of the type and format; none
// when a required value cannot be made.
import { describe, expect, it } from "vitest";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { exampleOfFirstShape } from "./example.js";

const doc = (schemas: object) =>
  new OpenApiDocument(
    parseYamlSource(
      JSON.stringify({ openapi: "3.0.3", info: { title: "zq", version: "1" }, paths: {}, components: { schemas } }),
      "zq.json",
    ),
  );

describe("an example of a union's first shape", () => {
  it("the first shape's required fields, through $ref and allOf, readOnly ones left out", () => {
    const d = doc({
      ZqBase: {
        type: "object",
        properties: { id: { type: "string", readOnly: true }, ttl: { type: "integer", minimum: 60 } },
      },
      ZqA: {
        allOf: [
          { $ref: "#/components/schemas/ZqBase" },
          {
            type: "object",
            properties: {
              kind: { type: "string", enum: ["A"] },
              ip: { type: "string", format: "ipv4" },
              tags: { type: "array", minItems: 1, items: { type: "string", example: "web" } },
            },
          },
        ],
        required: ["id", "kind", "ip", "ttl", "tags"],
      },
      ZqRecord: {
        type: "object",
        oneOf: [
          { $ref: "#/components/schemas/ZqA" },
          { type: "object", properties: { kind: { type: "string", enum: ["MX"] } } },
        ],
        required: ["id", "kind"],
      },
    });
    expect(exampleOfFirstShape(d, { $ref: "#/components/schemas/ZqRecord" })).toEqual({
      kind: "A",
      ip: "192.0.2.1",
      ttl: 60,
      tags: ["web"],
    });
  });

  it(
    "none when a required value cannot be made (a pattern without an example); a short string " +
      "stretched to its minLength",
    () => {
      const d = doc({
        ZqCode: { type: "object", required: ["code"], properties: { code: { type: "string", pattern: "^[A-Z]{3}$" } } },
        ZqName: { type: "object", required: ["name"], properties: { name: { type: "string", minLength: 10 } } },
      });
      expect(exampleOfFirstShape(d, { oneOf: [{ $ref: "#/components/schemas/ZqCode" }] })).toBeUndefined();
      expect(exampleOfFirstShape(d, { anyOf: [{ $ref: "#/components/schemas/ZqName" }] })).toEqual({
        name: "examplexxx",
      });
    },
  );

  it(
    "a field the first shape requires without listing it (a document generated from code) gets " +
      "a value, so the body meets its shape",
    () => {
      const d = doc({
        ZqLdap: {
          type: "object",
          required: ["zqHost", "zqMetadataField"],
          properties: { zqHost: { type: "string", example: "ldap.zq" }, zqDataField: { type: "string" } },
        },
        ZqCount: {
          type: "object",
          required: ["zqLimit"],
          properties: {},
          additionalProperties: { type: "integer", minimum: 3 },
        },
        ZqMemory: {
          type: "object",
          required: ["zqUsers"],
          properties: { zqUsers: { type: "array", items: { type: "string" } } },
        },
      });
      expect(
        exampleOfFirstShape(d, {
          oneOf: [{ $ref: "#/components/schemas/ZqLdap" }, { $ref: "#/components/schemas/ZqMemory" }],
        }),
      ).toEqual({ zqHost: "ldap.zq", zqMetadataField: "example" });
      // What additionalProperties allows the others, where it says.
      expect(
        exampleOfFirstShape(d, {
          oneOf: [{ $ref: "#/components/schemas/ZqCount" }, { $ref: "#/components/schemas/ZqMemory" }],
        }),
      ).toEqual({ zqLimit: 3 });
    },
  );
});
