// A document tree whose nodes are a union of many node types, each holding
// children of the union again (the shape of a design tool's file: a canvas
// of frames, groups, texts, each with children), with unions inside the
// nodes too (paints, effects). Comparing two versions path by path costs
// more at each level of depth (every node type's every field at every
// level, and every union inside a union multiplies the forms met); pair by
// pair, the pairs of nodes. `newer` is the same document a
// version later: a node type added to the union, a paint added to the
// paints' union, one node type's field retyped.
// biome-ignore lint/suspicious/noExplicitAny: a synthetic document, built field by field without types
type Json = Record<string, any>;

/**
 * An OpenAPI 3.0 document with these paths and components (the head of src/import/__fixtures__/draft-kit.ts's, which
 * the benchmark does not import).
 */
const openapi = (paths: Json, components: Json): Json => ({
  openapi: "3.0.3",
  info: { title: "Acme API", version: "1", description: "Acme keeps orders. It has other features too." },
  servers: [{ url: "https://api.acme.test" }],
  paths,
  components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } }, ...components },
  security: [{ bearer: [] }],
});

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** How deep the unions inside a node's layers go. */
const LAYERS = 5;
/** The schemas every version holds: node and paint unions, colours, effects, text styles, base node, document. */
function sharedSchemas(types: string[], paints: string[]): Json {
  return {
    ZqNode: { oneOf: types.map(ref), discriminator: { propertyName: "type" } },
    // Any node, the document too: what the nodes answer holds (its children are ZqNode, another union of the same
    // types).
    ZqAnyNode: { oneOf: [ref("ZqDocument"), ...types.map(ref)] },
    ZqColor: {
      type: "object",
      required: ["r", "g", "b"],
      properties: { r: { type: "number" }, g: { type: "number" }, b: { type: "number" }, a: { type: "number" } },
    },
    ZqPaint: { oneOf: paints.map(ref) },
    ZqEffect: { oneOf: [ref("ZqShadowEffect"), ref("ZqBlurEffect")] },
    ZqShadowEffect: {
      type: "object",
      required: ["type"],
      properties: {
        type: { type: "string", enum: ["DROP_SHADOW", "INNER_SHADOW"] },
        color: ref("ZqColor"),
        radius: { type: "number" },
      },
    },
    ZqBlurEffect: {
      type: "object",
      required: ["type"],
      properties: { type: { type: "string", enum: ["LAYER_BLUR"] }, radius: { type: "number" } },
    },
    ZqTypeStyle: {
      type: "object",
      properties: {
        fontFamily: { type: "string" },
        fontSize: { type: "number" },
        fills: { type: "array", items: ref("ZqPaint") },
      },
    },
    ZqBase: {
      type: "object",
      required: ["id", "name", "type"],
      properties: {
        id: { type: "string" },
        name: { type: "string" },
        visible: { type: "boolean", default: true },
        fills: { type: "array", items: ref("ZqPaint") },
        strokes: { type: "array", items: ref("ZqPaint") },
        effects: { type: "array", items: ref("ZqEffect") },
        styleOverrides: { type: "object", additionalProperties: ref("ZqTypeStyle") },
        layers: { type: "array", items: ref("ZqLayer0") },
      },
    },
    ZqDocument: {
      type: "object",
      required: ["id", "type", "children"],
      properties: {
        id: { type: "string" },
        type: { type: "string", enum: ["DOCUMENT"] },
        children: { type: "array", items: ref("ZqNode") },
      },
    },
  };
}

/** Unions inside unions, LAYERS deep: each level three forms, each holding the next level. */
function addLayers(schemas: Json): void {
  for (let level = 0; level < LAYERS; level++) {
    const forms = ["A", "B", "C"].map((f) => `ZqLayer${level}${f}`);
    schemas[`ZqLayer${level}`] = { oneOf: forms.map(ref) };
    for (const form of forms)
      schemas[form] = {
        type: "object",
        required: ["kind"],
        properties: {
          kind: { type: "string", enum: [form.toUpperCase()] },
          ...(level + 1 < LAYERS ? { next: ref(`ZqLayer${level + 1}`) } : { value: { type: "number" } }),
        },
      };
  }
}

/** Each paint of the paints' union: a colour (the first) or stops of colours. */
function addPaints(schemas: Json, paints: string[]): void {
  for (const [i, paint] of paints.entries())
    schemas[paint] = {
      type: "object",
      required: ["type"],
      properties: {
        type: { type: "string", enum: [paint.slice(2).toUpperCase()] },
        opacity: { type: "number" },
        ...(i === 0 ? { color: ref("ZqColor") } : { stops: { type: "array", items: ref("ZqColor") } }),
      },
    };
}

/** Each node type: the base node, its own type, children of the union again, and a field of its own. */
function addNodes(schemas: Json, types: string[], newer: boolean): void {
  for (const [i, name] of types.entries()) {
    const own: Json = {
      type: { type: "string", enum: [name.toUpperCase()] },
      children: { type: "array", items: ref("ZqNode") },
      style: ref("ZqTypeStyle"),
      [`field${i}`]: newer && i === 1 ? { type: "string" } : { type: "number" },
    };
    schemas[name] = { allOf: [ref("ZqBase"), { type: "object", properties: own }] };
  }
}

/** The two operations reading the tree: a whole file and some of its nodes. */
function treePaths(): Json {
  const key = { name: "key", in: "path", required: true, schema: { type: "string" } };
  const reply = (schema: Json) => ({ "200": { description: "ok", content: { "application/json": { schema } } } });
  return {
    "/files/{key}": {
      get: {
        operationId: "getZqFile",
        parameters: [key],
        responses: reply({
          type: "object",
          required: ["document"],
          properties: { name: { type: "string" }, document: ref("ZqDocument") },
        }),
      },
    },
    "/files/{key}/nodes": {
      get: {
        operationId: "getZqFileNodes",
        parameters: [key, { name: "ids", in: "query", required: true, schema: { type: "string" } }],
        responses: reply({
          type: "object",
          properties: {
            nodes: {
              type: "object",
              additionalProperties: { type: "object", properties: { document: ref("ZqAnyNode") } },
            },
          },
        }),
      },
    },
  };
}

/** The document with `nodeTypes` node types (at least 2); `newer`: the version after. */
export function recursiveUnionDocument(nodeTypes: number, newer = false): Json {
  const types = Array.from({ length: nodeTypes + (newer ? 1 : 0) }, (_, i) => `ZqNode${i}`);
  const paints = ["ZqSolidPaint", "ZqGradientPaint", "ZqImagePaint", ...(newer ? ["ZqPatternPaint"] : [])];
  const schemas = sharedSchemas(types, paints);
  addLayers(schemas);
  addPaints(schemas, paints);
  addNodes(schemas, types, newer);
  return openapi(treePaths(), { schemas });
}
