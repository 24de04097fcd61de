// A parsed OpenAPI document of `n` operations and their schemas (names no user takes), for the tests of what the walks
// over a document allocate: no examples, the shape of most published documents' operations.
export function walkedDocument(n: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {};
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    schemas[`ZqThing${i}`] = {
      type: "object",
      required: ["id", "name"],
      properties: {
        id: { type: "string", format: "uuid", description: `The thing's id (${i}).` },
        name: { type: "string", maxLength: 80, pattern: "^[a-z]+$" },
        count: { type: "integer", minimum: 0 },
        tags: { type: "array", items: { type: "string", enum: ["zqa", "zqb"] } },
        owner: { $ref: `#/components/schemas/ZqThing${(i + 1) % n}` },
        extra: { allOf: [{ type: "object", properties: { note: { type: "string" } } }] },
      },
    };
    paths[`/zqthings${i}/{id}`] = {
      parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
      get: {
        operationId: `zqGet${i}`,
        parameters: [{ name: "zqlimit", in: "query", schema: { type: "integer", maximum: 100 } }],
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { $ref: `#/components/schemas/ZqThing${i}` } } },
          },
          default: { description: "no", content: { "application/json": { schema: { type: "object" } } } },
        },
      },
    };
  }
  return { openapi: "3.0.3", info: { title: "zq", version: "1" }, paths, components: { schemas } };
}
