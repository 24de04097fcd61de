// A provider's OpenAPI document made ready to check answers against: every
// schema registered once (as the example check registers them, see
// load/examples/openapi-examples.ts; a discriminated union read by its property's value, as the request judge reads
// it: load/examples/discriminated-kinds.ts), kept per document so that a verify run pays
// for it once however many answers it checks, and the way back from a
// validator's schema location to the line of the document.
import type { OutputUnit, Schema } from "@cfworker/json-schema";
import type { OpenApiDocument } from "../load/openapi-document.js";
import { documentSchemas, schemaUri, type DocumentSchemas } from "../load/examples/openapi-examples.js";
import { followRefs } from "../load/source-place.js";
import { markBaseKinds, withDiscriminatedKinds } from "../load/examples/discriminated-kinds.js";
import { withBaseRefsAsKinds } from "../load/schemas/base-kinds.js";
import { withKindsGuarded } from "../load/schemas/guarded-kinds.js";
import { refPath } from "../load/json-ref.js";
import type { SourcePosition } from "../load/yaml-source.js";

export type Path = (string | number)[];

/**
 * A registered schema as the validator keeps it: its absolute URI, and that of its `$ref`, are set by `dereference`.
 */
type Registered = Record<string, unknown> & { __absolute_uri__?: string; __absolute_ref__?: string };

export interface DocumentChecker extends DocumentSchemas {
  document: OpenApiDocument;
  /** The registered schema at `path` of the document (after its `$ref`s). */
  schemaAt(path: Path): Schema | boolean | undefined;
  /** The path a place is at after following the local `$ref`s on the way, and at it. */
  resolved(path: Path): Path;
  locate(path: Path, which?: "key" | "value"): SourcePosition;
}

const checkers = new WeakMap<OpenApiDocument, DocumentChecker>();

export function checkerOf(document: OpenApiDocument): DocumentChecker {
  let checker = checkers.get(document);
  if (!checker) checkers.set(document, (checker = build(document)));
  return checker;
}

function build(document: OpenApiDocument): DocumentChecker {
  const { source } = document;
  const schemas = documentSchemas(new Map([[source.file, source]]), source.file);
  // A discriminated union, and a field of a discriminated base as the union of its kinds, read as the request judge
  // and the mock read them: the property's value names the shape.
  const kinds =
    withBaseRefsAsKinds(schemas.lookup, source.data, markBaseKinds) +
    withDiscriminatedKinds(schemas.lookup, source.data);
  // Its unions of kinds found, kept as written: guarded only for body-check.ts's first pass (guarded-kinds.ts). A
  // document with none (no discriminator read) has no union to find: its lookup is not walked for them.
  if (kinds) withKindsGuarded(schemas.lookup, false);
  const resolved = (path: Path) => followRefs(source.data, [...path, ""]).slice(0, -1);
  return {
    ...schemas,
    document,
    resolved,
    schemaAt: (path) => schemas.lookup[schemaUri(source.file, resolved(path))],
    locate: (path, which = "key") => source.locate(path, which),
  };
}

/**
 * The path in the document of the schema a registered schema object is (undefined for one the checker made, such as a
 * nullable wrapper).
 */
export function placeOf(schema: unknown): Path | undefined {
  const uri = (schema as Registered | null)?.__absolute_uri__;
  return typeof uri === "string" ? [...refPath(uri)] : undefined;
}

/** The registered schema a `$ref` leads to (the schema itself when it has none). */
export function deref(schema: unknown, lookup: Record<string, Schema | boolean>): unknown {
  let current = schema;
  for (let hops = 0; hops < 32; hops++) {
    // A reference read as something else keeps its URI without its `$ref` (a base's field as its kinds'
    // union, load/schemas/base-kinds.ts): the validator follows it no more, nor is it followed here.
    const ref = (current as Registered | null)?.__absolute_ref__;
    if (typeof ref !== "string" || (current as Registered).$ref === undefined) return current;
    current = lookup[ref];
  }
  return current;
}

/**
 * Where in the document the keyword an error names is: the validator's
 * `keywordLocation` is the way it walked from the schema it started at
 * (through `$ref`s), followed here over the registered schemas to the one
 * holding the keyword. `schema`: the path of that schema; `keyword`: the
 * keyword's own path (the schema's, plus the keyword).
 */
export function keywordPlace(
  start: unknown,
  error: OutputUnit,
  lookup: Record<string, Schema | boolean>,
): { schema: Path; keyword: Path } | undefined {
  const steps = error.keywordLocation
    .replace(/^#/, "")
    .split("/")
    .slice(1)
    .map((s) => decodeURIComponent(s).replace(/~1/g, "/").replace(/~0/g, "~"));
  const keyword = steps.pop();
  if (keyword === undefined) return undefined;
  let node: unknown = start;
  // The last registered schema met, and the steps taken since (into a schema the checker made: a nullable wrapper,
  // which holds the registered one).
  let known = placeOf(node);
  let since: Path = [];
  for (const step of steps) {
    node =
      step === "$ref"
        ? lookup[String((node as Registered).__absolute_ref__)]
        : (node as Record<string, unknown> | undefined)?.[step];
    if (node === undefined) return undefined;
    const place = placeOf(node);
    if (place) [known, since] = [place, []];
    else if (step !== "$ref") since.push(step);
  }
  if (!known) return undefined;
  const schema = [...known, ...since];
  return { schema, keyword: [...schema, keyword] };
}
