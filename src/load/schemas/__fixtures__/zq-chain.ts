// A document of schemas each holding the next through a `$ref` (reference-depth.ts), for its tests.
type Json = Record<string, unknown>;

/** A document of `count` schemas, each holding the next by `shape` (the last a text; `back`: the last refers to 0). */
export function zqChain(count: number, shape: "allOf" | "oneOf" | "field", back = false): Json {
  const schemas: Json = {};
  for (let i = 0; i < count; i++) {
    const last = i + 1 === count;
    const next = last && !back ? { type: "string" } : { $ref: `#/components/schemas/Zq${last ? 0 : i + 1}` };
    const own = { type: "object", properties: { [`zq${i}`]: { type: "string" } } };
    schemas[`Zq${i}`] =
      shape === "allOf"
        ? { type: "object", additionalProperties: false, allOf: [next, own] }
        : shape === "oneOf"
          ? { type: "object", properties: { zqn: { oneOf: [next, own] } } }
          : { type: "object", properties: { zqnext: next } };
  }
  const body = {
    description: "Zq.",
    content: { "application/json": { schema: { $ref: "#/components/schemas/Zq0" } } },
  };
  return {
    openapi: "3.0.3",
    info: { title: "Zq chain", version: "1" },
    paths: { "/zq": { post: { operationId: "zqPost", requestBody: body, responses: { "200": body } } } },
    components: { schemas },
  };
}
