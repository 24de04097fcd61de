// A live answer's body held against its response schema: every error the
// validator finds that is a reason (not a summary of the errors below it, nor
// the "not null" of a nullable schema's alternative), each at the line of the
// schema keyword it breaks, with a suggested patch.
import { type OutputUnit, type Schema, validate } from "@cfworker/json-schema";
import {
  describe,
  isNullAlternative as noise,
  rootCause,
  WRAPPERS,
  withFalsePlaced,
} from "../load/examples/example-errors.js";
import { discriminatorMiss } from "../load/examples/discriminated-kinds.js";
import { refPath, valueAt } from "../load/json-ref.js";
import { guardedly } from "../load/schemas/guarded-kinds.js";
import type { DocumentChecker, Path } from "./document-schemas.js";
import { keywordPlace } from "./document-schemas.js";
import type { Drift, OverlayAction } from "./drift.js";
import { jsonPath, observedType, quoted, shown } from "./overlay.js";

/** The drift of `value` against the registered schema `schema` (the body of an answer to `operation`). */
export function schemaDrift(
  checker: DocumentChecker,
  operation: string,
  schema: Schema | boolean,
  value: unknown,
): Drift[] {
  // First the unions of kinds checked as the kind their property names (load/schemas/guarded-kinds.ts), the verdict
  // the same: a value they take has no drift; every kind walked for the reasons of one they refuse (as the judge does).
  if (passes(() => guardedly(checker.lookup, () => validate(value, schema, checker.draft, checker.lookup, true).valid)))
    return [];
  let errors: OutputUnit[];
  try {
    errors = validate(value, schema, checker.draft, checker.lookup, false).errors;
  } catch (e) {
    // The validator names every schema it knows after its first line: the first line says what is wrong.
    return [
      {
        operation,
        kind: "constraint",
        pointer: "",
        message: `the spec's schema for this answer cannot be used to check it: ${(e as Error).message.split("\n")[0]}`,
      },
    ];
  }
  const drifts: Drift[] = [];
  // A discriminated union's property naming no shape, or one whose fields the value lacks while it has another's:
  // said as the request judge says it, at the property, in place of the union's own reasons.
  const placed = withFalsePlaced(errors);
  const cause = rootCause(placed);
  const kind = cause && discriminatorMiss(placed, cause, schema, checker.lookup, value);
  if (kind) drifts.push({ operation, kind: "constraint", pointer: pointerOf(kind.path), message: kind.message });
  const inUnion = (e: OutputUnit) =>
    kind !== undefined && (e.keywordLocation === kind.union || e.keywordLocation.startsWith(`${kind.union}/`));
  for (const i of reasons(errors)) {
    const error = errors[i] as OutputUnit;
    if (inUnion(placed[i] as OutputUnit)) continue;
    // `false` (an `additionalProperties: false`) is located by the error just before it, the keyword that held it.
    const located = error.keyword === "false" ? errors[i - 1] : error;
    const place = located ? keywordPlace(schema, located, checker.lookup) : undefined;
    const path = [...refPath(error.instanceLocation)];
    const message = describe(error, path, value, "the body");
    const at = place ? checker.locate(place.keyword) : undefined;
    const where = { ...(at ? { at } : {}) };
    if (error.keyword === "required") {
      const field = /required property "(.*)"/.exec(error.error)?.[1] ?? "";
      const overlay: OverlayAction | undefined = place && {
        target: `${jsonPath(place.keyword)}[?(@ == ${quoted(field)})]`,
        description:
          `The live service answered without "${field}": if it may be absent, it is not required (observed, ` +
          `to be reviewed).`,
        remove: true,
      };
      drifts.push({
        operation,
        kind: "missing-required",
        pointer: pointerOf([...path, field]),
        message,
        ...where,
        ...(overlay ? { overlay } : {}),
      });
    } else if (error.keyword === "type") {
      const found = valueAt(value, path);
      drifts.push({
        operation,
        kind: "type-mismatch",
        pointer: pointerOf(path),
        message,
        ...where,
        ...(place ? { overlay: typeOverlay(checker, place.schema, found) } : {}),
      });
    } else {
      // No patch for a broken constraint (enum, bound, pattern…): whether the service or the spec is wrong is a
      // judgement, not an edit.
      drifts.push({ operation, kind: "constraint", pointer: pointerOf(path), message, ...where });
    }
  }
  return drifts;
}

/** Whether a check passes; false where the validator cannot use the schema (the full check then says why). */
function passes(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

/**
 * A schema's type widened to what the service answered: 3.0 has `nullable` for null and one type, 3.1 a list of types.
 */
function typeOverlay(checker: DocumentChecker, schema: Path, found: unknown): OverlayAction {
  const declared = valueAt(checker.document.source.data, [...schema, "type"]);
  const declaredList = (Array.isArray(declared) ? declared : declared === undefined ? [] : [declared]).map(String);
  const observed = observedType(found);
  const description =
    `The live service answered ${article(observed)} ${observed} (${shown(found)}) ` +
    `where the spec says ${declaredList.join(" or ")}: review.`;
  const target = jsonPath(schema);
  if (checker.is31) return { target, description, update: { type: [...new Set([...declaredList, observed])] } };
  return { target, description, update: observed === "null" ? { nullable: true } : { type: observed } };
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? "an" : "a";
}

/**
 * The indexes of the errors that are reasons. An `anyOf`/`oneOf` whose
 * failed alternatives (null's left out) come down to one gives that one's
 * reasons; failing several, it is the reason itself (its alternatives'
 * errors would each describe another shape the value does not have).
 */
function reasons(errors: OutputUnit[]): number[] {
  const dropped = new Set<number>();
  const inside = (outer: OutputUnit, e: OutputUnit) =>
    e.keywordLocation.startsWith(`${outer.keywordLocation}/`) &&
    (e.instanceLocation === outer.instanceLocation || e.instanceLocation.startsWith(`${outer.instanceLocation}/`));
  const unions = [...errors.keys()].filter((i) => errors[i]?.keyword === "anyOf" || errors[i]?.keyword === "oneOf");
  unions.sort((a, b) => (errors[a]?.keywordLocation.length ?? 0) - (errors[b]?.keywordLocation.length ?? 0));
  for (const u of unions) {
    if (dropped.has(u)) continue;
    const union = errors[u] as OutputUnit;
    const below = [...errors.keys()].filter(
      (j) => j !== u && !noise(errors[j] as OutputUnit) && inside(union, errors[j] as OutputUnit),
    );
    const branches = new Set(
      below.map((j) => (errors[j] as OutputUnit).keywordLocation.slice(union.keywordLocation.length + 1).split("/")[0]),
    );
    if (branches.size === 1) dropped.add(u);
    else for (const j of below) dropped.add(j);
  }
  return [...errors.keys()].filter(
    (i) => !dropped.has(i) && !noise(errors[i] as OutputUnit) && !WRAPPERS.has((errors[i] as OutputUnit).keyword),
  );
}

/** A JSON pointer (RFC 6901) of a path in the body. */
export function pointerOf(path: readonly (string | number)[]): string {
  return path.map((s) => `/${String(s).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}
