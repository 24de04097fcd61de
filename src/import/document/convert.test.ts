// Published documents brought to the OpenAPI version the project reads:
// Swagger 2.0 converted (by src/import/document/swagger2.ts) with what a manifest binds kept
// — form fields with their limits, servers from host and basePath, the OAuth
// scheme — and everything else refused with the reason.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import jsyaml from "js-yaml";
import { asOpenApi3, documentKind, swaggerToOpenApi, UnsupportedDocument } from "./convert.js";

// biome-ignore lint/suspicious/noExplicitAny: fixture documents are read field by field without types
type Json = Record<string, any>;

const chatText = readFileSync(new URL("../__fixtures__/chat-swagger2.yaml", import.meta.url), "utf8");
const chat = () => jsyaml.load(chatText) as Json;

/** The shapes a Swagger 2 document may take that a converter can get wrong. */
const shapes = (): Json => ({
  swagger: "2.0",
  info: { title: "T", version: "1" },
  host: "api.test",
  basePath: "/v2/",
  schemes: ["https", "http"],
  produces: ["application/json"],
  parameters: { tokenForm: { name: "token", in: "formData", type: "string" } },
  paths: {
    "/things": {
      get: {
        operationId: "list",
        parameters: [
          {
            name: "tags",
            in: "query",
            type: "array",
            items: { type: "string", enum: ["a", "b"] },
            collectionFormat: "multi",
          },
        ],
        responses: { "200": { description: "ok", schema: { type: "array", items: { $ref: "#/definitions/Thing" } } } },
      },
      post: {
        operationId: "create",
        consumes: ["application/x-www-form-urlencoded"],
        parameters: [
          { $ref: "#/parameters/tokenForm" },
          { name: "name", in: "formData", type: "string", maxLength: 20, required: true },
          { name: "kind", in: "formData", type: "string", enum: ["x", "y"], default: "x" },
          { name: "ids", in: "formData", type: "array", items: { type: "integer" }, collectionFormat: "csv" },
        ],
        responses: { "201": { description: "made", schema: { $ref: "#/definitions/Thing" } } },
      },
    },
    "/things/{id}": {
      parameters: [{ name: "id", in: "path", required: true, type: "string", maxLength: 10 }],
      put: {
        operationId: "put",
        parameters: [{ name: "body", in: "body", required: true, schema: { $ref: "#/definitions/Thing" } }],
        responses: { "200": { description: "ok" } },
      },
    },
  },
  definitions: {
    Thing: {
      type: "object",
      properties: { id: { type: "integer" }, child: { $ref: "#/definitions/Thing" } },
      "x-nullable": true,
    },
  },
});

afterEach(() => vi.restoreAllMocks());

/** The converted document, for reading deep into it. */
const converted = (doc: Json, name: string): Json => swaggerToOpenApi(doc, name);

describe("documentKind", () => {
  it("reads OpenAPI 3.0 and 3.1, and Swagger 2.0", () => {
    expect(documentKind({ openapi: "3.0.3", paths: {} }, "a.yaml")).toEqual({ format: "openapi", version: "3.0.3" });
    expect(documentKind({ openapi: "3.1.0", paths: {} }, "a.yaml")).toEqual({ format: "openapi", version: "3.1.0" });
    expect(documentKind({ swagger: "2.0", paths: {} }, "a.yaml")).toEqual({ format: "swagger", version: "2.0" });
  });

  it("refuses anything else, saying what it is", () => {
    const refusal = (data: unknown) => {
      try {
        documentKind(data, "doc.json");
      } catch (e) {
        expect(e).toBeInstanceOf(UnsupportedDocument);
        return (e as Error).message;
      }
      throw new Error("accepted");
    };
    expect(refusal(["a list"])).toBe("doc.json is not an API document (its top level is not a mapping)");
    expect(refusal({ kind: "discovery#restDescription" })).toMatch(
      /^doc\.json is an API Discovery document: add reads OpenAPI 3\.0, 3\.1, 3\.2 and Swagger 2\.0/,
    );
    expect(refusal({ openapi: "3.3.0", paths: {} })).toBe(
      'doc.json: not an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 document (openapi: "3.3.0", swagger: null); OpenAPI ' +
        "3.3.0 is not read yet",
    );
    expect(refusal({ swagger: "1.2" })).toBe(
      'doc.json: not an OpenAPI 3.0/3.1/3.2 or Swagger 2.0 document (openapi: null, swagger: "1.2")',
    );
    expect(refusal({ openapi: "3.0.0" })).toBe("doc.json: an OpenAPI document needs paths, got null");
  });
});

describe("swaggerToOpenApi", () => {
  it("emits OpenAPI 3.0.0, which generation reads", async () => {
    const doc = converted(chat(), "chat.yaml");
    expect(doc.openapi).toBe("3.0.0");
    expect(documentKind(doc, "converted")).toEqual({ format: "openapi", version: "3.0.0" });
  });

  it("turns host, basePath and schemes into servers, and definitions into components with their $refs", async () => {
    const doc = converted(shapes(), "shapes.json");
    expect(doc.servers).toEqual([{ url: "https://api.test/v2" }, { url: "http://api.test/v2" }]);
    expect(doc.components.schemas.Thing.properties.child).toEqual({ $ref: "#/components/schemas/Thing" });
    expect(doc.paths["/things/{id}"].put.requestBody).toEqual({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Thing" } } },
      required: true,
    });
  });

  it(
    "keeps the limits of form fields, and merges a form field declared for the whole document " + "into the body",
    async () => {
      const doc = converted(shapes(), "shapes.json");
      const create = doc.paths["/things"].post;
      expect(create.parameters ?? []).toEqual([]);
      const form = create.requestBody.content["application/x-www-form-urlencoded"].schema;
      expect(form.properties).toEqual({
        token: { type: "string" },
        name: { type: "string", maxLength: 20 },
        kind: { type: "string", enum: ["x", "y"], default: "x" },
        ids: { type: "array", items: { type: "integer" } },
      });
      expect(form.required).toEqual(["name"]);
    },
  );

  it(
    "carries collectionFormat multi as explode (style form is the query default), x-nullable as " +
      "nullable, and the OAuth flow",
    async () => {
      const doc = converted(shapes(), "shapes.json");
      expect(doc.paths["/things"].get.parameters[0]).toMatchObject({
        name: "tags",
        in: "query",
        explode: true,
        schema: { type: "array", items: { type: "string", enum: ["a", "b"] } },
      });
      expect(doc.components.schemas.Thing.nullable).toBe(true);
      const oauth = converted(chat(), "chat.yaml");
      expect(oauth.components.securitySchemes.chatAuth).toEqual({
        type: "oauth2",
        flows: {
          authorizationCode: {
            authorizationUrl: "https://chat.example.test/oauth/authorize",
            tokenUrl: "https://chat.example.test/api/oauth.access",
            scopes: { "chat:write": "Post messages", "channels:read": "List channels" },
          },
        },
      });
    },
  );

  it("refuses a document it cannot convert in one line, and prints nothing of its own", async () => {
    const warn = vi.spyOn(console, "warn");
    const error = vi.spyOn(console, "error");
    expect(() => swaggerToOpenApi({ swagger: "2.0", info: "x", paths: {} }, "bad.json")).toThrow(
      new UnsupportedDocument("bad.json: Swagger 2.0 could not be converted to OpenAPI 3.0: info must be an object"),
    );
    // Two scheme names the converter makes one.
    const clash = {
      swagger: "2.0",
      info: { title: "t", version: "1" },
      paths: {},
      securityDefinitions: { "a b": { type: "basic" }, a_b: { type: "basic" } },
    };
    expect(() => swaggerToOpenApi(clash, "clash.json")).toThrow(
      new UnsupportedDocument(
        "clash.json: Swagger 2.0 could not be converted to OpenAPI 3.0: Duplicate sanitised securityScheme name a_b",
      ),
    );
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(console.warn).toBe(warn);
  });
});

describe("asOpenApi3", () => {
  it("passes OpenAPI 3 through as it is, and converts Swagger 2.0", async () => {
    const openapi = { openapi: "3.1.0", info: { title: "t", version: "1" }, paths: {} };
    expect(asOpenApi3(openapi, "a.json")).toEqual({ document: openapi, kind: { format: "openapi", version: "3.1.0" } });
    const { document, kind } = asOpenApi3(chat(), "chat.yaml");
    expect(() => asOpenApi3({ swagger: "2.0", info: { title: "t", version: "1" }, paths: 5 }, "odd.json")).toThrow(
      new UnsupportedDocument("odd.json: an OpenAPI document needs paths, got 5"),
    );
    expect(kind).toEqual({ format: "swagger", version: "2.0" });
    expect(document.openapi).toBe("3.0.0");
  });
});
