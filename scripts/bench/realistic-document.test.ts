// The realistic large document of `npm run bench -- large`: a published
// document repeated under renamed paths, operation ids and components, every
// copy whole (its references resolve in its own copy) and no name taken twice.
import { describe, expect, it } from "vitest";
import { realisticDocument } from "./realistic-document.js";

const published = JSON.stringify({
  openapi: "3.0.3",
  info: { title: "zq", version: "1" },
  security: [{ zqKey: [] }],
  paths: {
    "/things/{id}": {
      parameters: [{ $ref: "#/components/parameters/Id" }],
      get: { operationId: "things/get", responses: { "200": { $ref: "#/components/responses/Thing" } } },
    },
  },
  components: {
    securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Key" } },
    parameters: { Id: { name: "id", in: "path", required: true, schema: { type: "string" } } },
    responses: {
      Thing: {
        description: "a thing",
        content: { "application/json": { schema: { $ref: "#/components/schemas/thing" } } },
      },
    },
    schemas: {
      thing: {
        type: "object",
        properties: { parts: { type: "array", items: { $ref: "#/components/schemas/thing" } } },
      },
    },
  },
});

describe("the realistic large document", () => {
  const document = realisticDocument(published, 3) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
    components: Record<string, Record<string, unknown>>;
  };

  it("holds every copy's paths, operations and components, each name once", () => {
    expect(Object.keys(document.paths)).toEqual(["/things/{id}", "/c1/things/{id}", "/c2/things/{id}"]);
    expect(Object.values(document.paths).map((item) => item.get?.operationId)).toEqual([
      "things/get",
      "c1-things/get",
      "c2-things/get",
    ]);
    expect(Object.keys(document.components.schemas ?? {})).toEqual(["thing", "c1-thing", "c2-thing"]);
    // The credential's scheme is shared: the top-level requirement names it.
    expect(Object.keys(document.components.securitySchemes ?? {})).toEqual(["zqKey"]);
  });

  it("resolves every reference of a copy inside that copy", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/(\w+)\/([^"]+)"/g)].map(
      ([, section, name]) => [section, name] as const,
    );
    expect(refs.length).toBe(12);
    for (const [section, name] of refs)
      expect(document.components[section as string]?.[name as string], `${section}/${name}`).toBeDefined();
    expect(JSON.stringify(document.paths["/c2/things/{id}"])).toContain("#/components/responses/c2-Thing");
  });
});
