// The document cut to what a manifest binds (bound-cut.ts): the bound
// operations and webhooks, what they reference, followed to the end, each at
// its own place; nothing the manifest does not reach.
import { describe, expect, it } from "vitest";
import { boundByManifest, cutToBound } from "./bound-cut.js";

const ok = {
  "200": { description: "ok", content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } } },
};
const document = {
  openapi: "3.1.0",
  info: { title: "zq", version: "1" },
  servers: [{ url: "https://api.example.test" }],
  security: [{ zqKey: [] }],
  "x-zq-note": { kept: true },
  paths: {
    "/things": {
      parameters: [{ $ref: "#/components/parameters/ZqTrace" }],
      get: { operationId: "listThings", responses: { "200": { $ref: "#/components/responses/ZqPage" } } },
      post: { operationId: "createThing", requestBody: { $ref: "#/components/requestBodies/ZqNew" }, responses: ok },
    },
    "/things/{id}": {
      get: { operationId: "getThing", parameters: [{ $ref: "#/paths/~1others/get/parameters/0" }], responses: ok },
    },
    "/others": {
      get: {
        operationId: "listOthers",
        parameters: [{ name: "q", in: "query", schema: { type: "string" } }],
        responses: { "200": { description: "ok" } },
      },
    },
    "/pages/{token}": {
      get: {
        operationId: "nextPage",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqPageBody" } } },
          },
        },
      },
    },
    "/unbound": {
      get: {
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: "#/components/schemas/ZqUnbound" } } },
          },
        },
      },
    },
  },
  webhooks: {
    zqCreated: {
      post: { requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/ZqEvent" } } } } },
    },
    zqDeleted: { post: {} },
  },
  components: {
    securitySchemes: {
      zqKey: { type: "apiKey", in: "header", name: "X-Key" },
      zqOther: { type: "http", scheme: "bearer" },
    },
    parameters: {
      ZqTrace: { name: "X-Trace", in: "header", schema: { type: "string" } },
      ZqUnused: { name: "u", in: "query" },
    },
    requestBodies: { ZqNew: { content: { "application/json": { schema: { $ref: "#/components/schemas/ZqThing" } } } } },
    responses: {
      ZqPage: {
        description: "a page",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ZqPageBody" } } },
      },
    },
    schemas: {
      ZqPageBody: {
        type: "object",
        properties: {
          items: { type: "array", items: { $ref: "#/components/schemas/ZqThing" } },
          next: { type: "string" },
        },
      },
      ZqThing: {
        oneOf: [{ $ref: "#/components/schemas/ZqBook" }],
        discriminator: { propertyName: "kind", mapping: { book: "#/components/schemas/ZqBook", film: "ZqFilm" } },
      },
      ZqBook: { type: "object", properties: { kind: { type: "string" } } },
      ZqFilm: {
        type: "object",
        properties: { kind: { type: "string" }, sequel: { $ref: "#/components/schemas/ZqThing/oneOf/0" } },
      },
      ZqEvent: { type: "object" },
      ZqUnbound: { type: "object" },
    },
  },
};

describe("the document cut to what a manifest binds", () => {
  it(
    "keeps the bound operations (their path items' own fields with them), what they reference to the end, " +
      "every security scheme and every other top-level field",
    () => {
      const cut = cutToBound(document, {
        operations: ["createThing", "GET /things/{id}"],
        nextPages: [],
        webhooks: [],
      });
      expect(cut).toEqual({
        openapi: "3.1.0",
        info: document.info,
        servers: document.servers,
        security: document.security,
        "x-zq-note": { kept: true },
        paths: {
          "/things": { parameters: document.paths["/things"].parameters, post: document.paths["/things"].post },
          "/things/{id}": document.paths["/things/{id}"],
          // Reached by a reference into its operation: the operation, whole, is kept.
          "/others": document.paths["/others"],
        },
        components: {
          securitySchemes: document.components.securitySchemes,
          parameters: { ZqTrace: document.components.parameters.ZqTrace },
          requestBodies: document.components.requestBodies,
          schemas: {
            ZqThing: document.components.schemas.ZqThing,
            ZqBook: document.components.schemas.ZqBook,
            // Named by the discriminator's mapping, by name.
            ZqFilm: document.components.schemas.ZqFilm,
          },
        },
      });
      // Kept values are the document's own, in its order: places in messages are the same.
      const { paths, components } = cut as { paths: Record<string, unknown>; components: object };
      expect(Object.keys(components)).toEqual(["securitySchemes", "parameters", "requestBodies", "schemas"]);
      expect(paths["/things/{id}"]).toBe(document.paths["/things/{id}"]);
    },
  );

  it(
    "keeps, for an operation that pages by a next address, the GETs answering in its shape (the next page's " +
      "address may name one)",
    () => {
      const cut = cutToBound(document, {
        operations: ["listThings"],
        nextPages: ["listThings"],
        webhooks: ["zqCreated"],
      }) as { paths: Record<string, object>; webhooks: object; components: { schemas: object } };
      expect(Object.keys(cut.paths)).toEqual(["/things", "/pages/{token}"]);
      expect(Object.keys(cut.paths["/things"] ?? {})).toEqual(["parameters", "get"]);
      expect(cut.webhooks).toEqual({ zqCreated: document.webhooks.zqCreated });
      expect(Object.keys(cut.components.schemas)).toEqual(["ZqPageBody", "ZqThing", "ZqBook", "ZqFilm", "ZqEvent"]);
      // Without paging by address, the list's next request is its own: no other operation is kept.
      const alone = cutToBound(document, { operations: ["listThings"], nextPages: [], webhooks: [] }) as {
        paths: object;
      };
      expect(Object.keys(alone.paths)).toEqual(["/things"]);
    },
  );

  it(
    "is not made when the manifest names an operation or webhook the document lacks (linking says so, " +
      "against the whole)",
    () => {
      expect(
        cutToBound(document, { operations: ["getThing", "zqNoSuch"], nextPages: [], webhooks: [] }),
      ).toBeUndefined();
      expect(cutToBound(document, { operations: ["getThing"], nextPages: [], webhooks: ["zqNoSuch"] })).toBeUndefined();
      expect(
        cutToBound({ openapi: "3.1.0" }, { operations: ["getThing"], nextPages: [], webhooks: [] }),
      ).toBeUndefined();
    },
  );

  it("reads what the manifest binds: operations, routes, webhooks, and which page by a next address", () => {
    const manifest = {
      operations: {
        zq_list: {
          operationId: "listThings",
          pagination: { style: "linkHeader" },
          routes: [{ when: { param: "id", pattern: "." }, operationId: "GET /things/{id}" }],
        },
        zq_create: { operationId: "createThing", pagination: { style: "cursor" } },
      },
      triggers: {
        zq_created: { event: { webhook: "zqCreated" } },
        zq_called: { event: { callback: { operation: "zq_create", name: "done" } } },
      },
    };
    expect(boundByManifest(manifest)).toEqual({
      operations: ["listThings", "GET /things/{id}", "createThing"],
      nextPages: ["listThings"],
      webhooks: ["zqCreated"],
    });
    expect(boundByManifest({ operations: {} })).toBeUndefined();
    expect(boundByManifest("not a manifest")).toBeUndefined();
  });
});
