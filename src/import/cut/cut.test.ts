// The cutter on a small document of the test's own: what the chosen
// operations reach through `$ref`s is kept (cycles, parameters, responses,
// examples, headers, request bodies, discriminator mappings, security
// schemes), everything else is dropped, and what is kept is the document's
// own, in its order.
import { describe, expect, it } from "vitest";
import { cutDocument } from "./cut.js";

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

function fixture() {
  return {
    openapi: "3.0.3",
    info: { title: "Shop", version: "1" },
    servers: [{ url: "https://api.shop.test/v1" }],
    security: [{ key: [] }],
    tags: [{ name: "orders" }, { name: "admin" }],
    "x-webhooks": {
      orderPaid: { post: { requestBody: { content: { "application/json": { schema: ref("schemas", "Webhook") } } } } },
    },
    paths: {
      "/orders/{id}": {
        summary: "One order",
        parameters: [ref("parameters", "Id")],
        get: {
          operationId: "getOrder",
          tags: ["orders"],
          responses: { "200": ref("responses", "Order"), default: ref("responses", "Error") },
        },
        delete: {
          operationId: "deleteOrder",
          tags: ["admin"],
          security: [{ admin: [] }],
          responses: { "204": { description: "gone" } },
        },
      },
      "/orders": {
        post: {
          operationId: "createOrder",
          tags: ["orders"],
          security: [{ oauth: ["write"] }],
          requestBody: ref("requestBodies", "NewOrder"),
          responses: {
            "201": {
              description: "made",
              headers: { Location: ref("headers", "Location") },
              content: {
                "application/json": { schema: ref("schemas", "Order"), examples: { made: ref("examples", "Made") } },
              },
            },
          },
        },
      },
      "/stats": {
        get: {
          operationId: "stats",
          responses: {
            "200": { description: "ok", content: { "application/json": { schema: ref("schemas", "Stats") } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Order: {
          type: "object",
          properties: {
            id: { type: "string" },
            // A cycle: an order's parent is an order.
            parent: ref("schemas", "Order"),
            lines: { type: "array", items: ref("schemas", "Line") },
            // A property named like a keyword whose value is data: it is a schema here.
            default: ref("schemas", "Flag"),
            payment: {
              oneOf: [ref("schemas", "Card"), ref("schemas", "Transfer")],
              discriminator: { propertyName: "kind", mapping: { card: "#/components/schemas/Card", wire: "Transfer" } },
            },
          },
          // Data, not structure: the $ref inside an example is the example's own.
          example: { id: "o1", note: { $ref: "#/components/schemas/Unused" } },
        },
        Line: { type: "object", properties: { sku: { type: "string" }, order: ref("schemas", "Order") } },
        Flag: { type: "boolean" },
        Card: { type: "object", properties: { kind: { type: "string" } } },
        Transfer: { type: "object", properties: { kind: { type: "string" } } },
        Error: { type: "object", properties: { message: { type: "string" } } },
        Webhook: { type: "object" },
        Stats: { type: "object" },
        Unused: { type: "object" },
      },
      parameters: {
        Id: { name: "id", in: "path", required: true, schema: { type: "string", maxLength: 40 } },
        Unused: { name: "x", in: "query" },
      },
      responses: {
        Order: { description: "an order", content: { "application/json": { schema: ref("schemas", "Order") } } },
        Error: { description: "an error", content: { "application/json": { schema: ref("schemas", "Error") } } },
      },
      requestBodies: {
        NewOrder: {
          content: {
            "application/json": {
              schema: { type: "object", properties: { lines: { type: "array", items: ref("schemas", "Line") } } },
            },
          },
        },
      },
      headers: { Location: { schema: { type: "string" } } },
      examples: {
        Made: { summary: "a new order", value: { id: "o2", $ref: "#/components/schemas/Unused" } },
        Other: { value: {} },
      },
      securitySchemes: {
        key: { type: "apiKey", in: "header", name: "X-Key" },
        admin: { type: "http", scheme: "basic" },
        oauth: { type: "oauth2", flows: {} },
      },
    },
  };
}

describe("cutDocument", () => {
  it("keeps the chosen operations' path items, only the chosen methods, with the path item's own keys", () => {
    const { document, report } = cutDocument(fixture(), [{ path: "/orders/{id}", method: "get" }]);
    expect(Object.keys(document.paths as object)).toEqual(["/orders/{id}"]);
    expect((document.paths as Record<string, object>)["/orders/{id}"]).toEqual({
      summary: "One order",
      parameters: [ref("parameters", "Id")],
      get: fixture().paths["/orders/{id}"].get,
    });
    expect(report.operations).toEqual({ kept: 1, total: 4 });
  });

  it("keeps every component reached through $refs, through cycles and mappings, and drops the rest", () => {
    const { document, report } = cutDocument(fixture(), [{ path: "/orders/{id}", method: "get" }]);
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components.schemas!)).toEqual(["Order", "Line", "Flag", "Card", "Transfer", "Error"]);
    expect(Object.keys(components.parameters!)).toEqual(["Id"]);
    expect(Object.keys(components.responses!)).toEqual(["Order", "Error"]);
    expect(Object.keys(components.securitySchemes!)).toEqual(["key"]);
    expect(components.examples).toBeUndefined();
    expect(report.components.schemas).toEqual({ kept: 6, total: 9 });
    expect(report.components.examples).toEqual({ kept: 0, total: 2 });
    expect(report.unresolved).toEqual([]);
  });

  it("follows request bodies, response headers and named examples, and the schemes the operations name", () => {
    const { document } = cutDocument(fixture(), [{ path: "/orders", method: "post" }]);
    const components = document.components as Record<string, Record<string, unknown>>;
    expect(Object.keys(components)).toEqual(["schemas", "requestBodies", "headers", "examples", "securitySchemes"]);
    expect(Object.keys(components.requestBodies!)).toEqual(["NewOrder"]);
    expect(Object.keys(components.headers!)).toEqual(["Location"]);
    expect(Object.keys(components.examples!)).toEqual(["Made"]);
    // The operation's own requirement and the document's (which applies to other operations) both name a scheme.
    expect(Object.keys(components.securitySchemes!)).toEqual(["key", "oauth"]);
    expect(Object.keys(components.schemas!)).not.toContain("Unused");
  });

  it(
    "keeps what an example's value names when the value is only a local $ref (as Prism and " +
      "openapi-typescript read it), and nothing a $ref deeper in data names",
    () => {
      const doc = {
        openapi: "3.0.3",
        paths: {
          "/zqviews": {
            post: {
              responses: {
                "201": {
                  description: "made",
                  content: {
                    "application/json": {
                      examples: { table: { value: ref("examples", "ZqView") } },
                      schema: { type: "object", example: ref("examples", "ZqOther") },
                    },
                  },
                },
              },
            },
          },
        },
        components: {
          examples: {
            ZqView: { value: { id: 1 } },
            ZqOther: { value: { id: 2 } },
            ZqDeep: { value: { id: 3 } },
            ZqUnused: { value: {} },
          },
        },
      };
      doc.components.examples.ZqView.value = { id: 1, nested: ref("examples", "ZqDeep") } as never;
      const { document } = cutDocument(doc, [{ path: "/zqviews", method: "post" }]);
      expect(Object.keys((document.components as { examples: object }).examples)).toEqual(["ZqView", "ZqOther"]);
    },
  );

  it("keeps the document's own values, in its key order, and leaves the document as it was", () => {
    const doc = fixture();
    const before = JSON.stringify(doc);
    const { document } = cutDocument(doc, [
      { path: "/orders", method: "post" },
      { path: "/orders/{id}", method: "get" },
    ]);
    expect(JSON.stringify(doc)).toBe(before);
    expect(Object.keys(document)).toEqual(["openapi", "info", "servers", "security", "tags", "paths", "components"]);
    // In the document's order, whatever order they were chosen in.
    expect(Object.keys(document.paths as object)).toEqual(["/orders/{id}", "/orders"]);
    const schemas = (document.components as Record<string, Record<string, unknown>>).schemas!;
    expect(schemas.Order).toBe(doc.components.schemas.Order);
    expect(document.servers).toBe(doc.servers);
    expect(document.info).toBe(doc.info);
  });

  it("keeps only the tags the chosen operations use, and drops top-level extensions with what only they reach", () => {
    const { document, report } = cutDocument(fixture(), [{ path: "/orders/{id}", method: "get" }]);
    expect(document.tags).toEqual([{ name: "orders" }]);
    expect(report.dropped).toEqual(["x-webhooks"]);
    expect(Object.keys((document.components as Record<string, object>).schemas!)).not.toContain("Webhook");
  });

  it("reports $refs that name nothing and $refs to other files, keeping them as they are", () => {
    const doc = fixture();
    (doc.paths["/stats"].get.responses["200"].content["application/json"].schema as unknown) = {
      allOf: [ref("schemas", "Missing"), { $ref: "./common.yaml#/Stats" }, { $ref: "#/paths/~1orders/post" }],
    };
    const { document, report } = cutDocument(doc, [{ path: "/stats", method: "get" }]);
    expect(report.unresolved).toEqual(["#/components/schemas/Missing", "#/paths/~1orders/post"].sort());
    expect(report.external).toEqual(["./common.yaml#/Stats"]);
    expect((document.paths as Record<string, object>)["/stats"]).toEqual(doc.paths["/stats"]);
  });

  it("gives a document without components or tags none", () => {
    const { document, report } = cutDocument(
      {
        openapi: "3.1.0",
        info: { title: "t", version: "1" },
        paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
      },
      [{ path: "/a", method: "get" }],
    );
    expect(document).toEqual({
      openapi: "3.1.0",
      info: { title: "t", version: "1" },
      paths: { "/a": { get: { responses: { "200": { description: "ok" } } } } },
    });
    expect(report).toEqual({
      operations: { kept: 1, total: 1 },
      components: {},
      dropped: [],
      unresolved: [],
      external: [],
      moved: [],
    });
  });

  it(
    "moves into components the parts $ref'd inside other operations, named by where they were, " +
      "and points the refs there",
    () => {
      const at = (...keys: string[]) => ({
        $ref: `#/paths/${keys.map((k) => encodeURIComponent(k.replaceAll("~", "~0").replaceAll("/", "~1"))).join("/")}`,
      });
      const doc = {
        openapi: "3.0.3",
        info: { title: "t", version: "1" },
        paths: {
          "/zq/{id}": {
            get: {
              operationId: "zqGet",
              responses: {
                "200": {
                  description: "ok",
                  content: {
                    "application/json": {
                      schema: {
                        type: "object",
                        properties: {
                          owner: {
                            type: "object",
                            properties: {
                              name: { type: "string" },
                              kind: at(
                                "/zq/{id}",
                                "put",
                                "requestBody",
                                "content",
                                "application/json",
                                "schema",
                                "properties",
                                "kind",
                              ),
                            },
                          },
                        },
                      },
                    },
                  },
                },
                default: {
                  description: "failed",
                  content: { "application/json": { example: { $ref: "data, not a ref" } } },
                },
              },
            },
            put: {
              requestBody: {
                content: {
                  "application/json": {
                    schema: { type: "object", properties: { kind: { type: "string", enum: ["a", "b"] } } },
                  },
                },
              },
              responses: { "204": { description: "done" } },
            },
          },
          "/zq-list": {
            get: {
              operationId: "zqList",
              responses: {
                "200": {
                  description: "ok",
                  content: {
                    "application/json": {
                      schema: {
                        type: "array",
                        items: at(
                          "/zq/{id}",
                          "get",
                          "responses",
                          "200",
                          "content",
                          "application/json",
                          "schema",
                          "properties",
                          "owner",
                        ),
                      },
                    },
                  },
                },
                default: at("/zq/{id}", "get", "responses", "default"),
                "404": {
                  description: "gone",
                  content: {
                    "application/json": {
                      schema: at("/zq/{id}", "get", "responses", "default", "content", "application/json", "example"),
                    },
                  },
                },
                "206": {
                  description: "some",
                  content: {
                    "application/json": {
                      schema: at("/zq-list", "get", "responses", "200", "content", "application/json", "schema"),
                    },
                  },
                },
              },
            },
          },
        },
        components: { schemas: { zqGet_200_owner: { type: "string" } } },
      };
      const published = structuredClone(doc);
      const { document, report } = cutDocument(doc, [{ path: "/zq-list", method: "get" }]);
      expect(doc).toEqual(published);
      expect(report.moved).toEqual([
        // A part of a kept operation is moved as well: one rule, whichever operations are chosen.
        {
          to: "components.schemas.zqList_200",
          from: "#/paths/~1zq-list/get/responses/200/content/application~1json/schema",
        },
        {
          to: "components.schemas.zqGet_200_owner_2",
          from: "#/paths/~1zq~1%7Bid%7D/get/responses/200/content/application~1json/schema/properties/owner",
        },
        { to: "components.responses.zqGet_default", from: "#/paths/~1zq~1%7Bid%7D/get/responses/default" },
        {
          to: "components.schemas.put_zq_id_kind",
          from: "#/paths/~1zq~1%7Bid%7D/put/requestBody/content/application~1json/schema/properties/kind",
        },
      ]);
      // A place inside data (an example) is no part.
      expect(report.unresolved).toEqual([
        "#/paths/~1zq~1%7Bid%7D/get/responses/default/content/application~1json/example",
      ]);
      const components = document.components as Record<string, Record<string, unknown>>;
      // The published components' names are avoided whether the cut keeps them or not: a name does not change with the
      // operations chosen.
      expect(components.schemas).toEqual({
        zqGet_200_owner_2: {
          type: "object",
          properties: { name: { type: "string" }, kind: { $ref: "#/components/schemas/put_zq_id_kind" } },
        },
        put_zq_id_kind: { type: "string", enum: ["a", "b"] },
        zqList_200: { type: "array", items: { $ref: "#/components/schemas/zqGet_200_owner_2" } },
      });
      expect(components.responses).toEqual({ zqGet_default: doc.paths["/zq/{id}"].get.responses.default });
      const list = (document.paths as Record<string, { get: { responses: Record<string, unknown> } }>)["/zq-list"]!.get;
      expect(list.responses["200"]).toEqual({
        description: "ok",
        content: {
          "application/json": { schema: { type: "array", items: { $ref: "#/components/schemas/zqGet_200_owner_2" } } },
        },
      });
      expect(list.responses.default).toEqual({ $ref: "#/components/responses/zqGet_default" });
      expect(Object.keys(document.paths as object)).toEqual(["/zq-list"]);
    },
  );
});
