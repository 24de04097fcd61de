// Parts `$ref`'d inside another operation (`#/paths/~1register/post/responses/201/…/schema`):
// some published documents reuse a part where it first appears instead of
// defining it under `components`. A cut that leaves that operation out keeps
// the part by moving it into `components`, under a name made from where it
// was: what kind of part it is follows from the OpenAPI structure the pointer
// walks through. cut.ts moves the part and rewrites the refs to it.

/** The OpenAPI 3 operation keys of a path item. */
const METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * Where a step leads: the kind of part reached, and how many name segments (a status, a media type, an index) follow
 * the key.
 */
type Step = readonly [kind: string, names: number];

/**
 * Within each kind of part, the keys that lead to another part. `media` is a Media Type Object, `operation` an
 * Operation: no component kind.
 */
const STEPS: Record<string, Record<string, Step>> = {
  pathItem: { parameters: ["parameters", 1] },
  operation: {
    parameters: ["parameters", 1],
    requestBody: ["requestBodies", 0],
    responses: ["responses", 1],
    callbacks: ["callbacks", 1],
  },
  parameters: { schema: ["schemas", 0], content: ["media", 1], examples: ["examples", 1] },
  headers: { schema: ["schemas", 0], content: ["media", 1], examples: ["examples", 1] },
  requestBodies: { content: ["media", 1] },
  responses: { headers: ["headers", 1], content: ["media", 1], links: ["links", 1] },
  media: { schema: ["schemas", 0], examples: ["examples", 1] },
  schemas: Object.fromEntries([
    ...[
      "properties",
      "patternProperties",
      "$defs",
      "definitions",
      "dependentSchemas",
      "allOf",
      "anyOf",
      "oneOf",
      "prefixItems",
    ].map((k) => [k, ["schemas", 1] as const]),
    ...[
      "additionalProperties",
      "not",
      "contains",
      "if",
      "then",
      "else",
      "propertyNames",
      "unevaluatedItems",
      "unevaluatedProperties",
      "additionalItems",
    ].map((k) => [k, ["schemas", 0] as const]),
  ]),
};

/** Keys that say how a part is reached, not which: left out of a moved part's name. */
const STRUCTURE = new Set([
  "parameters",
  "requestBody",
  "responses",
  "content",
  "schema",
  "properties",
  "items",
  "headers",
  "examples",
  "links",
  "callbacks",
]);

/**
 * The component kind (`schemas`, `responses`, …) of the part a pointer into
 * `paths` names, or undefined when it names no part a component can hold
 * (a path item, an operation, a media type entry, or a place inside data).
 */
export function pathPartKind(pointer: readonly string[]): string | undefined {
  if (pointer[0] !== "paths" || pointer.length < 3) return undefined;
  let kind = "pathItem";
  for (let i = 2; i < pointer.length; ) {
    const key = pointer[i] as string;
    // `items` is a schema, or (JSON Schema draft 4's tuples) a list of them.
    const step: Step | undefined =
      kind === "pathItem" && METHODS.has(key)
        ? ["operation", 0]
        : kind === "schemas" && key === "items"
          ? ["schemas", /^\d+$/.test(pointer[i + 1] ?? "") ? 1 : 0]
          : STEPS[kind]?.[key];
    if (!step || i + 1 + step[1] > pointer.length) return undefined;
    kind = step[0];
    i += 1 + step[1];
  }
  return kind === "pathItem" || kind === "operation" || kind === "media" ? undefined : kind;
}

/**
 * A component name for the part at `pointer` (`paths`, path, method, …): the
 * operation's id (else its method and path), then the names along the way,
 * as components may be named (`register_201_data_faction`); `taken` says
 * which names are used, and a clash gets a number.
 */
export function movedPartName(
  pointer: readonly string[],
  operationId: unknown,
  taken: (name: string) => boolean,
): string {
  const [, path = "", method = ""] = pointer;
  const operation = METHODS.has(method)
    ? typeof operationId === "string" && operationId
      ? operationId
      : `${method}${path}`
    : path;
  const rest = pointer.slice(METHODS.has(method) ? 3 : 2).filter((k) => !STRUCTURE.has(k) && !k.includes("/"));
  const base =
    [operation, ...rest]
      .join("_")
      .replace(/[^A-Za-z0-9._-]+/g, "_")
      .replace(/_{2,}/g, "_")
      .replace(/^_+|_+$/g, "") || "part";
  let name = base;
  for (let n = 2; taken(name); n++) name = `${base}_${n}`;
  return name;
}
