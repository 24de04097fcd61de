// The shapes of Swagger 2.0 that convert.test.ts does not reach, each as
// OpenAPI 3.0 says it (the "Migrating from Swagger 2" mapping, with
// swagger2openapi's choices where one is open).
import { describe, expect, it } from "vitest";
import { convertSwagger2, SwaggerConversionError } from "./swagger2.js";

// biome-ignore lint/suspicious/noExplicitAny: converted documents are read field by field without types
type Json = Record<string, any>;

const base = (extra: Json): Json => ({ swagger: "2.0", info: { title: "zqshapes", version: "1" }, ...extra });
const convert = (doc: Json): Json => convertSwagger2(doc);

describe("convertSwagger2", () => {
  it(
    "serialises arrays as Swagger 2 did: csv in a query (explode false), pipes and ssv " + "delimited, a header simple",
    () => {
      const doc = convert(
        base({
          paths: {
            "/zq": {
              get: {
                parameters: [
                  { name: "a", in: "query", type: "array", items: { type: "string" } },
                  { name: "b", in: "query", type: "array", items: { type: "string" }, collectionFormat: "pipes" },
                  { name: "c", in: "query", type: "array", items: { type: "string" }, collectionFormat: "ssv" },
                  { name: "d", in: "header", type: "array", items: { type: "integer", minimum: 1 } },
                  { name: "e", in: "query", type: "string", "x-example": "zqvalue", "x-nullable": true },
                ],
                responses: { "200": { description: "ok" } },
              },
            },
          },
        }),
      );
      const [a, b, c, d, e] = doc.paths["/zq"].get.parameters;
      expect(a).toEqual({
        name: "a",
        in: "query",
        style: "form",
        explode: false,
        schema: { type: "array", items: { type: "string" } },
      });
      expect([b.style, c.style]).toEqual(["pipeDelimited", "spaceDelimited"]);
      expect(d).toEqual({
        name: "d",
        in: "header",
        style: "simple",
        schema: { type: "array", items: { type: "integer", minimum: 1 } },
      });
      expect(e).toEqual({ name: "e", in: "query", schema: { type: "string", nullable: true }, example: "zqvalue" });
    },
  );

  it("moves a body or form field declared on the path into each operation's request body", () => {
    const doc = convert(
      base({
        paths: {
          "/zq/{id}": {
            parameters: [
              { name: "id", in: "path", required: true, type: "string" },
              { name: "payload", in: "body", required: true, schema: { type: "object" } },
            ],
            post: { responses: { "204": { description: "done" } } },
            put: {
              consumes: ["application/zq+json"],
              parameters: [{ name: "q", in: "query", type: "integer" }],
              responses: { "204": { description: "done" } },
            },
          },
        },
      }),
    );
    const item = doc.paths["/zq/{id}"];
    expect(item.parameters).toEqual([{ name: "id", in: "path", required: true, schema: { type: "string" } }]);
    expect(item.post.requestBody).toEqual({
      content: { "application/json": { schema: { type: "object" } } },
      required: true,
    });
    expect(item.put.requestBody).toEqual({
      content: { "application/zq+json": { schema: { type: "object" } } },
      required: true,
    });
    expect(item.put.parameters).toEqual([{ name: "q", in: "query", schema: { type: "integer" } }]);
  });

  it("sends a file field as multipart/form-data with a binary string", () => {
    const doc = convert(
      base({
        paths: {
          "/zq": {
            post: {
              parameters: [{ name: "upload", in: "formData", type: "file", required: true }],
              responses: { "201": { description: "made" } },
            },
          },
        },
      }),
    );
    expect(doc.paths["/zq"].post.requestBody).toEqual({
      content: {
        "multipart/form-data": {
          schema: {
            type: "object",
            properties: { upload: { type: "string", format: "binary" } },
            required: ["upload"],
          },
        },
      },
      required: true,
    });
  });

  it(
    "sends a body parameter that is a file's bytes (format binary, type file) as raw bytes, not " +
      "JSON, whatever the document consumes",
    () => {
      const op = (schema: Json, consumes?: string[]) => ({
        ...(consumes ? { consumes } : {}),
        parameters: [{ name: "file_body", in: "body", required: true, schema }],
        responses: { "200": { description: "ok" } },
      });
      const doc = convert(
        base({
          consumes: ["application/json"],
          paths: {
            "/zq/a": { put: op({ type: "string", format: "binary" }) },
            "/zq/b": { put: op({ type: "file" }, ["application/octet-stream"]) },
          },
        }),
      );
      expect(doc.paths["/zq/a"].put.requestBody).toEqual({
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        required: true,
      });
      expect(doc.paths["/zq/b"].put.requestBody).toEqual({
        content: { "application/octet-stream": { schema: { type: "string", format: "binary" } } },
        required: true,
      });
    },
  );

  it(
    "writes a schema in OpenAPI 3.0's dialect: $ref alone, a list of types as oneOf, null as " +
      "nullable, a list of items as anyOf",
    () => {
      const doc = convert(
        base({
          paths: {},
          definitions: {
            "Zq Item": {
              type: "object",
              discriminator: "kind",
              properties: {
                kind: { type: "string" },
                link: { $ref: "#/definitions/Zq%20Item", description: "ignored beside a $ref" },
              },
            },
            zqMixed: { type: ["string", "integer", "null"] },
            zqMaybe: { type: ["string", "null"], "x-nullable": true },
            zqTuple: { type: "array", items: [{ type: "integer" }, { type: "string" }] },
            zqOne: { type: "array", items: [{ type: "integer" }] },
            zqBare: { type: "array" },
            zqFile: { type: "file" },
          },
        }),
      );
      const schemas = doc.components.schemas;
      expect(Object.keys(schemas)).toContain("Zq_Item");
      expect(schemas.Zq_Item.discriminator).toEqual({ propertyName: "kind" });
      expect(schemas.Zq_Item.properties.link).toEqual({ $ref: "#/components/schemas/Zq_Item" });
      expect(schemas.zqMixed).toEqual({ nullable: true, oneOf: [{ type: "string" }, { type: "integer" }] });
      expect(schemas.zqMaybe).toEqual({ nullable: true, type: "string" });
      expect(schemas.zqTuple.items).toEqual({ anyOf: [{ type: "integer" }, { type: "string" }] });
      expect(schemas.zqOne.items).toEqual({ type: "integer" });
      expect(schemas.zqBare.items).toEqual({});
      expect(schemas.zqFile).toEqual({ type: "string", format: "binary" });
    },
  );

  it("gives each response its schema under every produced type (*/* when none is), its examples and headers", () => {
    const doc = convert(
      base({
        paths: {
          "/zq": {
            get: {
              responses: {
                "200": {
                  description: "ok",
                  schema: { type: "string" },
                  examples: { "text/plain": "zqtext" },
                  headers: { "X-Zq-Ids": { type: "array", items: { type: "string" }, description: "ids" } },
                },
                default: { $ref: "#/responses/zqError" },
              },
            },
          },
        },
        responses: { zqError: { description: "failed", schema: { type: "object" } } },
      }),
    );
    const ok = doc.paths["/zq"].get.responses["200"];
    expect(ok.content).toEqual({
      "*/*": { schema: { type: "string" } },
      "text/plain": { examples: { response: { value: "zqtext" } } },
    });
    expect(ok.headers["X-Zq-Ids"]).toEqual({
      description: "ids",
      schema: { type: "array", items: { type: "string" } },
    });
    expect(doc.paths["/zq"].get.responses.default).toEqual({ $ref: "#/components/responses/zqError" });
    expect(doc.components.responses.zqError).toEqual({
      description: "failed",
      content: { "*/*": { schema: { type: "object" } } },
    });
  });

  it("turns basic, API key and each OAuth flow into security schemes, and renames them where they are required", () => {
    const doc = convert(
      base({
        paths: { "/zq": { get: { security: [{ "zq key": [] }], responses: { "200": { description: "ok" } } } } },
        security: [{ zqBasic: [] }],
        securityDefinitions: {
          zqBasic: { type: "basic", description: "user and password" },
          "zq key": { type: "apiKey", name: "X-Zq-Key", in: "header" },
          zqImplicit: { type: "oauth2", flow: "implicit", authorizationUrl: "https://zq.test/auth", scopes: {} },
          zqPassword: { type: "oauth2", flow: "password", tokenUrl: "https://zq.test/token", scopes: { read: "read" } },
          zqApplication: { type: "oauth2", flow: "application", tokenUrl: "https://zq.test/token", scopes: {} },
        },
      }),
    );
    const schemes = doc.components.securitySchemes;
    expect(schemes.zqBasic).toEqual({ type: "http", scheme: "basic", description: "user and password" });
    expect(schemes.zq_key).toEqual({ type: "apiKey", name: "X-Zq-Key", in: "header" });
    expect(schemes.zqImplicit.flows).toEqual({ implicit: { authorizationUrl: "https://zq.test/auth", scopes: {} } });
    expect(schemes.zqPassword.flows).toEqual({
      password: { tokenUrl: "https://zq.test/token", scopes: { read: "read" } },
    });
    expect(schemes.zqApplication.flows).toEqual({
      clientCredentials: { tokenUrl: "https://zq.test/token", scopes: {} },
    });
    expect(doc.paths["/zq"].get.security).toEqual([{ zq_key: [] }]);
    expect(doc.security).toEqual([{ zqBasic: [] }]);
  });

  it("takes servers from host without schemes (scheme-relative) or from basePath alone", () => {
    expect(convert(base({ host: "zq.test", basePath: "/v1/", paths: {} })).servers).toEqual([{ url: "//zq.test/v1" }]);
    expect(convert(base({ basePath: "/v1", paths: {} })).servers).toEqual([{ url: "/v1" }]);
    expect(convert(base({ paths: {} })).servers).toBeUndefined();
  });

  it("refuses what it cannot convert with a one-line SwaggerConversionError", () => {
    expect(() => convert({ swagger: "2.0", paths: {} })).toThrow(new SwaggerConversionError("info must be an object"));
    expect(() => convert(base({ paths: {}, definitions: { "a b": {}, a_b: {} } }))).toThrow(
      new SwaggerConversionError("Duplicate sanitised schema name a_b"),
    );
  });
});

describe("a shared response an operation answers under media types of its own", () => {
  const doc = () =>
    convert(
      base({
        produces: ["application/json"],
        responses: { ZqBinary: { description: "the part's bytes", schema: { type: "string" } } },
        paths: {
          "/zq/{id}/thumb": {
            get: { produces: ["image/jpeg"], responses: { "200": { $ref: "#/responses/ZqBinary" } } },
          },
          "/zq/{id}": { get: { responses: { "200": { $ref: "#/responses/ZqBinary" } } } },
        },
      }),
    );

  it("is written out under the operation's own, and stays a $ref where the document's are the operation's", () => {
    const converted = doc();
    expect(converted.paths["/zq/{id}/thumb"].get.responses["200"]).toEqual({
      description: "the part's bytes",
      content: { "image/jpeg": { schema: { type: "string" } } },
    });
    expect(converted.paths["/zq/{id}"].get.responses["200"]).toEqual({ $ref: "#/components/responses/ZqBinary" });
    expect(converted.components.responses.ZqBinary.content).toEqual({
      "application/json": { schema: { type: "string" } },
    });
  });
});
