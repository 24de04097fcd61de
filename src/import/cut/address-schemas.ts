// A schema `$ref` to an address (`https://…/swagger.yaml#/components/schemas/Receipt`: a field whose schema its
// publisher keeps in another API's document). add reads one document and fetches nothing, and generation reads no
// network address: the draft left the field out, kept the `$ref`, and generate stopped on it, so no operation of the
// draft could be generated. Such a `$ref` in the cut now names a schema added beside the others that accepts any value,
// as one the document defines nowhere does, its address in its description; the field is drafted as a JSON value.
// So does a schema `$ref` that is a name, not a reference (`App\Entity\Queue`, a class of the publisher's code: no
// `#`, no folder, no extension, no file of that name: isNameRef), which the bundle leaves as written: it refused the
// whole document before, --list too. A name where a parameter, a response or a body stands is left (no stand-in).
import { isNameRef } from "../../load/structure/file-refs.js";
import { rewriteEachObject } from "../shapes/cut-walk.js";

type Json = Record<string, unknown>;

const SCHEMA_AT_ADDRESS = /^https?:\/\/[^#]+#\/(?:components\/schemas|definitions)\/([^/]+)$/i;

/** The cut with each schema `$ref` to an address pointed at a stand-in schema (in place); the stand-ins added. */
export function withAddressSchemasAsAny(cut: Json): { added: string[]; refs: string[] } {
  const components = (cut.components ??= {}) as Json;
  const schemas = (components.schemas ??= {}) as Json;
  const byRef = new Map<string, string>();
  rewriteEachObject(
    cut,
    (node) => {
      const ref = node.$ref;
      const name = typeof ref === "string" ? SCHEMA_AT_ADDRESS.exec(ref)?.[1] : undefined;
      if (typeof ref !== "string" || name === undefined) return undefined;
      let local = byRef.get(ref);
      if (local === undefined) {
        const base = decodeURIComponent(name).replace(/[^A-Za-z0-9._-]/g, "_") || "External";
        local = base;
        for (let i = 2; Object.hasOwn(schemas, local); i++) local = `${base}_${i}`;
        schemas[local] = {
          description:
            `Added by blockwright add: the published document takes this schema from ${ref}, which add does not ` +
            "fetch; any value is accepted.",
        };
        byRef.set(ref, local);
      }
      node.$ref = `#/components/schemas/${local}`;
      return `$ref ${ref}`;
    },
    (key) => key.startsWith("x-") || key === "example" || key === "examples",
  );
  return {
    added: [...byRef.values()].map((local) => `components.schemas.${local}`),
    refs: [...byRef.keys()],
  };
}

/** The keys whose value is a schema, and those whose items or values each are. */
const SCHEMA_KEYS = new Set(["schema", "items", "additionalProperties", "not", "contains", "propertyNames"]);
const SCHEMA_LISTS = new Set(["allOf", "anyOf", "oneOf", "prefixItems"]);
const SCHEMA_MAPS = new Set(["properties", "patternProperties", "schemas", "definitions", "$defs"]);

/**
 * The cut with each schema `$ref` that is a name (isNameRef) pointed at a stand-in schema of any value (in place); the
 * stand-ins added and the names read. Run before the examples are read as data: their keys are not walked.
 */
export function withNameSchemasAsAny(cut: Json): { added: string[]; refs: string[] } {
  const schemas = (((cut.components ??= {}) as Json).schemas ??= {}) as Json;
  const byRef = new Map<string, string>();
  const seen = new Set<object>();
  const walk = (node: unknown, schemaPlace: boolean): void => {
    if (node === null || typeof node !== "object" || seen.has(node)) return;
    seen.add(node);
    const own = node as Json;
    const ref = own.$ref;
    if (schemaPlace && typeof ref === "string" && isNameRef(ref)) {
      let local = byRef.get(ref);
      if (local === undefined) {
        const base = ref.replace(/[^A-Za-z0-9._-]/g, "_") || "Named";
        local = base;
        for (let i = 2; Object.hasOwn(schemas, local); i++) local = `${base}_${i}`;
        schemas[local] = {
          description:
            `Added by blockwright add: the published document refers to ${JSON.stringify(ref)}, a name that is no ` +
            "file and no place in it (a $ref needs a # for one); any value is accepted.",
        };
        byRef.set(ref, local);
      }
      own.$ref = `#/components/schemas/${local}`;
      return;
    }
    for (const key of Object.keys(own)) {
      if (key.startsWith("x-") || key === "example" || key === "examples" || key === "default" || key === "enum")
        continue;
      const value = own[key];
      if (SCHEMA_LISTS.has(key) && Array.isArray(value)) for (const item of value) walk(item, true);
      else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === "object" && !Array.isArray(value))
        for (const item of Object.values(value)) walk(item, true);
      else if (Array.isArray(value)) for (const item of value) walk(item, false);
      else walk(value, SCHEMA_KEYS.has(key));
    }
  };
  walk(cut, false);
  return { added: [...byRef.values()].map((local) => `components.schemas.${local}`), refs: [...byRef.keys()] };
}
