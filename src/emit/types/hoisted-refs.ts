// A `$ref` openapi-typescript cannot type, given a type of its own.
//
// The transform types a `$ref` as an indexed access of the type its pointer runs through, skipping each `properties`
// segment (oapiRef: `#/components/schemas/channel/properties/from/oneOf/0` becomes
// `components["schemas"]["channel"]["from"]["oneOf"]["0"]`). A pointer into a union's member, a list's items, a map's
// values, a request's or answer's schema, or a property of a property or an optional one (which may be absent:
// `T | undefined` has no member to index) names no type there, and a package whose document had one did not compile
// (TS2339, tsc --strict on a consumer, declarations checked). Each such `$ref` of the types' copy now points at its
// target hoisted under `components.schemas`, named by its pointer (`channel/properties/from/oneOf/0`): the same
// schema, typed once.
import { refPath, refTarget } from "../../load/json-ref.js";
import { rewrittenTree } from "./rewritten-tree.js";

/**
 * The keywords whose value is a schema or holds schemas: a pointer running through one, past a component's name,
 * points at a schema (`#/paths/~1a/get/parameters/0`, through none, names a parameter, which is left as it is).
 */
const SCHEMA_STEPS: ReadonlySet<string> = new Set([
  "schema",
  "properties",
  "patternProperties",
  "additionalProperties",
  "items",
  "prefixItems",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "$defs",
  "definitions",
]);

/**
 * Whether the transform may type `ref` as something other than the schema it names (the document walk's cheap test,
 * refined by hoistedRefs): a local pointer past `#/<a>/<b>/<c>` running through a schema keyword.
 */
export function mayBeUnindexable(ref: string): boolean {
  if (!ref.startsWith("#/")) return false;
  let slashes = 0;
  for (let i = 1; i < ref.length && slashes < 4; i++) if (ref.charCodeAt(i) === 47) slashes++;
  if (slashes < 4) return false;
  const steps = safePath(ref);
  return steps?.slice(3).some((step) => SCHEMA_STEPS.has(step)) === true;
}

/**
 * `document` with each ref of `refs` that the transform cannot type pointed at its target, hoisted under
 * `components.schemas`; `document` itself when none is. The document is copied only on the way to what changes.
 */
export function hoistedRefs(document: unknown, refs: ReadonlySet<string>): unknown {
  const root = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = root.components?.schemas ?? {};
  const names = new Map<string, string>();
  const taken = new Set(Object.keys(schemas));
  // In the pointers' order, not the walk's: the hoisted schemas print in it.
  for (const ref of [...refs].sort()) {
    const steps = safePath(ref);
    if (!steps || indexable(document, steps)) continue;
    const target = refTarget(document, ref);
    if (target === null || typeof target !== "object" || Array.isArray(target)) continue;
    const base = (steps[0] === "components" && steps[1] === "schemas" ? steps.slice(2) : steps).join("/");
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
    taken.add(name);
    names.set(ref, name);
  }
  if (!names.size) return document;
  const pointed = rewrittenTree(document, (record) => {
    const name = typeof record.$ref === "string" ? names.get(record.$ref) : undefined;
    return name === undefined ? record : { ...record, $ref: `#/components/schemas/${escaped(name)}` };
  }) as { components?: { schemas?: Record<string, unknown> } };
  const hoisted: Record<string, unknown> = { ...pointed.components?.schemas };
  // Each target as the rewritten copy has it: its own such refs point at hoisted schemas too.
  for (const [ref, name] of names) hoisted[name] = refTarget(pointed, ref);
  return { ...pointed, components: { ...(pointed.components as object | undefined), schemas: hoisted } };
}

/**
 * Whether the transform's indexed access of `steps` is a type: a component (`#/components/schemas/A`, three steps or
 * fewer), or a property an object component declares itself and requires, no union's
 * (`#/components/schemas/A/properties/b`).
 */
function indexable(document: unknown, steps: readonly string[]): boolean {
  if (steps.length <= 3) return true;
  if (steps.length !== 5 || steps[0] !== "components" || steps[1] !== "schemas" || steps[3] !== "properties")
    return false;
  const holder = refTarget(document, `#/components/schemas/${escaped(steps[2] as string)}`) as
    | Record<string, unknown>
    | undefined;
  if (!holder || typeof holder !== "object" || "$ref" in holder || "oneOf" in holder || "anyOf" in holder) return false;
  const properties = holder.properties as Record<string, unknown> | undefined;
  const name = steps[4] as string;
  // An optional one is typed `T | undefined`, which has no member to index (an answer that is a component's optional
  // `rules`, whose fields outputs read).
  const required = Array.isArray(holder.required) && holder.required.includes(name);
  return required && properties !== null && typeof properties === "object" && Object.hasOwn(properties, name);
}

/** A pointer segment as the transform reads one back (`~1` a slash, `~0` a tilde; no percent-decoding). */
function escaped(name: string): string {
  return name.replaceAll("~", "~0").replaceAll("/", "~1");
}

function safePath(ref: string): readonly string[] | undefined {
  try {
    return refPath(ref);
  } catch {
    return undefined;
  }
}
