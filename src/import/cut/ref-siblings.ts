// A schema `$ref` with validation keywords beside it in an OpenAPI 3.1 document (`tokenUriTimeoutInMs: {$ref:
// '#/components/schemas/tokenUriTimeoutInMs', type: number}`): JSON Schema 2020-12, which 3.1 reads, applies both, but
// the draft, the link and the runtime follow a `$ref` and drop what is beside it (as 3.0 says), while the request
// judge's validator reads both. A field whose type stood beside its `$ref` was drafted with none (json, any value),
// and calls sent what the judge refused. add writes such a schema in the cut as `allOf` of the `$ref` beside the
// same keywords, which every reader merges, and says so; a `$ref` whose target holds no rule (a Parameter Object kept
// among the schemas, as a published NFT API keeps them) is left out, the keywords beside it the whole schema.
// Annotations beside a `$ref` (a description) change nothing and stay as written; so does every `$ref` of a 3.0
// document.
import type { ReviewNote } from "../manifest-yaml.js";
import { isJson, resolved, rewriteEachObject } from "../shapes/cut-walk.js";

type Json = Record<string, unknown>;

/** The keywords that hold a value to a rule (JSON Schema 2020-12's validation and applicators). */
const RULES = new Set([
  ...["type", "enum", "const", "format", "pattern", "multipleOf", "minimum", "maximum"],
  ...["exclusiveMinimum", "exclusiveMaximum", "minLength", "maxLength", "minItems", "maxItems", "uniqueItems"],
  ...["items", "prefixItems", "contains", "properties", "required", "additionalProperties", "patternProperties"],
  ...["minProperties", "maxProperties", "anyOf", "oneOf", "allOf", "not"],
]);

/** The rules a schema holds (a boolean `required` is a Parameter Object's, no rule: a `$ref` naming a parameter). */
function rulesOf(schema: Json): string[] {
  return Object.keys(schema).filter((key) => RULES.has(key) && (key !== "required" || Array.isArray(schema.required)));
}

/** Keys whose values are data or extensions: a `$ref` in them is no keyword. */
const DATA_KEYS = new Set(["default", "enum", "const", "example", "examples"]);

/**
 * The cut of a 3.1 (or later) document with each schema `$ref` (one naming `#/components/schemas/…` or `#/$defs/…`)
 * that has rules beside it written as `allOf` of the `$ref` beside them (changed in place); each place changed, as
 * `paths./zq.get.….properties.zqCount (type beside $ref tokenUriTimeoutInMs: allOf of both)`.
 */
export function withRefSiblingsAsAllOf(cut: Json): string[] {
  const version = typeof cut.openapi === "string" ? cut.openapi : "";
  if (!/^3\.[1-9]/.test(version)) return [];
  return rewriteEachObject(
    cut,
    (schema) => {
      const ref = schema.$ref;
      if (typeof ref !== "string" || !/^#\/(components\/schemas|\$defs)\//.test(ref)) return undefined;
      const rules = rulesOf(schema);
      if (!rules.length) return undefined;
      delete schema.$ref;
      const name = ref.split("/").at(-1);
      // A target holding no rule (a Parameter Object kept among the schemas: `name`, `in`, its own `schema`) adds none:
      // the keywords beside it are the whole schema, and read as one it broke the merge (a boolean `required`).
      const target = resolved(cut, { $ref: ref });
      if (!isJson(target) || !rulesOf(target).length)
        return `${rules.join(", ")} beside $ref ${name}, which holds no rule`;
      schema.allOf = [{ $ref: ref }, ...(Array.isArray(schema.allOf) ? schema.allOf : [])];
      return `${rules.join(", ")} beside $ref ${name}: allOf of both`;
    },
    (key) => DATA_KEYS.has(key) || key.startsWith("x-"),
  );
}

/** The review note on the `$ref`s rewritten, if add rewrote some. */
export function refSiblingNotes(changed: readonly string[]): ReviewNote[] {
  if (!changed.length) return [];
  return [
    {
      at: ["openapi"],
      note:
        `openapi.yaml changes ${changed.join(", ")}: OpenAPI 3.1 applies a $ref and the rules beside it both, which ` +
        "allOf says to every reader (the draft read the $ref alone); a $ref of no rule is left out: check them",
    },
  ];
}
