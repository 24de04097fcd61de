// A schema `$ref` to an address (`https://…/swagger.yaml#/components/schemas/Receipt`: a field whose schema its
// publisher keeps in another API's document). add reads one document and fetches nothing, and generation reads no
// network address: the draft left the field out, kept the `$ref`, and generate stopped on it, so no operation of the
// draft could be generated. Such a `$ref` in the cut now names a schema added beside the others that accepts any value,
// as one the document defines nowhere does, its address in its description; the field is drafted as a JSON value.
// A `$ref` that is a name, not a reference (`App\Entity\Queue`), is read by the place it stands in: name-refs.ts.
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
