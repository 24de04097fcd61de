// Fields of a live answer its schema does not declare: informational drift
// (they fail nothing, but a spec that lists an object's properties and misses
// some undersells what the service gives). An object is looked at when its
// schema lists `properties` and admits nothing more by
// `additionalProperties`/`patternProperties` (an explicit `true` or a schema
// there declares the rest); `allOf` adds its branches' properties, an
// `anyOf`/`oneOf` those of the branches the value matches (all of them when
// none does). A field is reported once per schema that misses it, not once
// per item of a list, and at most `cap` in all.
import { type Schema, validate } from "@cfworker/json-schema";
import { valueAt } from "../load/json-ref.js";
import { kindGuard } from "../load/schemas/guarded-kinds.js";
import { pointerOf } from "./body-check.js";
import { deref, type DocumentChecker, type Path, placeOf } from "./document-schemas.js";
import type { Drift } from "./drift.js";
import { jsonPath, observedType } from "./overlay.js";

type Node = Record<string, unknown>;

/**
 * A schema that applies to the value, and the one an undeclared field is reported at (the `allOf` holding it, or the
 * `anyOf` branch the value matched).
 */
interface Applied {
  schema: Node;
  holder: unknown;
}

/** Deep enough for any real document; stops an `allOf` that includes itself. */
const MAX_DEPTH = 32;

export function extraFields(
  checker: DocumentChecker,
  operation: string,
  schema: Schema | boolean,
  value: unknown,
  cap = 50,
): Drift[] {
  const drifts: Drift[] = [];
  const seen = new Set<string>();
  const visit = (value: unknown, schemas: unknown[], path: string[]): void => {
    if (drifts.length >= cap || value === null || typeof value !== "object") return;
    const applied = schemas.flatMap((s) => expand(checker, s, value, undefined, 0));
    if (Array.isArray(value)) {
      const items = applied.flatMap(({ schema }) =>
        schema.items && typeof schema.items === "object" && !Array.isArray(schema.items) ? [schema.items] : [],
      );
      if (items.length) for (const [i, item] of value.entries()) visit(item, items, [...path, String(i)]);
      return;
    }
    const declaring = applied.filter(({ schema }) => schema.properties && typeof schema.properties === "object");
    const open = applied.some(
      ({ schema }) =>
        schema.additionalProperties === true ||
        (schema.additionalProperties !== null && typeof schema.additionalProperties === "object"),
    );
    const closed = applied.some(({ schema }) => schema.additionalProperties === false);
    for (const [name, member] of Object.entries(value as Node)) {
      const inner = applied.flatMap(({ schema }) => memberSchemas(schema, name));
      if (inner.length) {
        visit(member, inner, [...path, name]);
        continue;
      }
      // Closed objects break `additionalProperties: false`: that is a constraint drift already.
      if (!declaring.length || open || closed) continue;
      // The first schema declaring fields that has a place in the document (a reading's own, such as a discriminated
      // union's shape with its property's values, load/examples/discriminated-kinds.ts, has none).
      const place = declaring.map(({ holder, schema }) => placeOf(holder) ?? placeOf(schema)).find(Boolean);
      const key = `${JSON.stringify(place)}\u0000${name}`;
      if (!place || seen.has(key) || drifts.length >= cap) continue;
      seen.add(key);
      drifts.push(extraField(checker, operation, place, [...path, name], member));
    }
  };
  visit(value, [schema], []);
  return drifts;
}

/**
 * The schemas of a member named `name`: its property's, a pattern's it matches, or `additionalProperties`' when a
 * schema.
 */
function memberSchemas(schema: Node, name: string): unknown[] {
  const own = (schema.properties as Node | undefined)?.[name];
  const patterns = Object.entries((schema.patternProperties ?? {}) as Node).flatMap(([pattern, s]) =>
    safeTest(pattern, name) ? [s] : [],
  );
  const additional =
    schema.additionalProperties !== null &&
    typeof schema.additionalProperties === "object" &&
    own === undefined &&
    !patterns.length
      ? [schema.additionalProperties]
      : [];
  return [...(own !== undefined ? [own] : []), ...patterns, ...additional];
}

function safeTest(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern, "u").test(text);
  } catch {
    return false;
  }
}

/**
 * The schemas that apply to `value`: `$ref`s followed, `allOf` branches all, `anyOf`/`oneOf` branches the value matches
 * (every one if none does).
 */
function expand(checker: DocumentChecker, start: unknown, value: unknown, holder: unknown, depth: number): Applied[] {
  const schema = deref(start, checker.lookup);
  if (depth > MAX_DEPTH || schema === null || typeof schema !== "object") return [];
  const node = schema as Node;
  const own = holder ?? node;
  const out: Applied[] = [{ schema: node, holder: own }];
  // A schema of no place holds no member's fields: each member is its own holder.
  const holding = holder ?? (placeOf(node) ? node : undefined);
  for (const member of Array.isArray(node.allOf) ? node.allOf : [])
    out.push(...expand(checker, member, value, holding, depth + 1));
  const union = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
  if (union) {
    const matching = union.filter((branch) => {
      try {
        // A kind's branch (a field of a discriminated base as its kinds' union): the property naming it first, the
        // kind's whole schema only where it holds (load/schemas/guarded-kinds.ts); a value of n kinds walked n kinds.
        const guard = kindGuard(branch);
        if (guard && !validate(value, guard as Schema, checker.draft, checker.lookup, true).valid) return false;
        return validate(value, branch as Schema, checker.draft, checker.lookup, true).valid;
      } catch {
        return false; // a branch that cannot be used (body-check.ts reports it) matches nothing
      }
    });
    for (const branch of matching.length ? matching : union)
      out.push(...expand(checker, branch, value, undefined, depth + 1));
  }
  return out;
}

function extraField(checker: DocumentChecker, operation: string, schema: Path, path: string[], value: unknown): Drift {
  const properties = [...schema, "properties"];
  const hasProperties = valueAt(checker.document.source.data, properties) !== undefined;
  const observed = observedType(value);
  const declared = observed === "null" ? (checker.is31 ? { type: "null" } : { nullable: true }) : { type: observed };
  const field = path.at(-1) as string;
  const where = path.length > 1 ? pointerOf(path.slice(0, -1)) : "the body";
  return {
    operation,
    kind: "extra-field",
    pointer: pointerOf(path),
    message: `${where} has field "${field}" (${observed}), which the spec does not declare`,
    informational: true,
    at: checker.locate(hasProperties ? properties : schema),
    overlay: {
      target: jsonPath(schema),
      description: `Observed from the live service, not in the spec: declare "${field}" (to be reviewed).`,
      update: { properties: { [field]: declared } },
    },
  };
}
