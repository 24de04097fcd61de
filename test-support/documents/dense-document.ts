// A densely linked OpenAPI document, as published ones are (a customer's
// invoices' customer's …): `count` components, each referencing the next
// `fanOut` (and the first one, a cycle), through a property, a list, an
// allOf and a oneOf. Expanding every `$ref` where it is used walks
// about fanOut^count paths; a walk that builds each schema once, count.
import { openapi, type Json } from "../../src/import/__fixtures__/draft-kit.js";

export function denseDocument(count: number, fanOut = 3): Json {
  const schemas: Json = {};
  const ref = (i: number) => ({ $ref: `#/components/schemas/Node${i}` });
  for (let i = 0; i < count; i++) {
    const properties: Json = { id: { type: "string" }, back: ref(0) };
    for (let j = 1; j <= fanOut && i + j < count; j++) {
      properties[`next${j}`] =
        j === 1 ? ref(i + j) : j === 2 ? { type: "array", items: ref(i + j) } : { allOf: [ref(i + j)], nullable: true };
    }
    if (i + 1 < count)
      properties.either = { oneOf: [ref(i + 1), { type: "object", properties: { id: { type: "string" } } }] };
    schemas[`Node${i}`] = { type: "object", required: ["id"], properties };
  }
  const reply = { description: "The node.", content: { "application/json": { schema: ref(0) } } };
  return openapi(
    {
      "/nodes/{id}": {
        get: {
          operationId: "getNode",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string", maxLength: 64 } }],
          responses: { "200": reply },
        },
      },
    },
    { schemas },
  );
}
