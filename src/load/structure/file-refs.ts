// Which `$ref`s of a published document name another file: a path, not a network address (which nothing here reads)
// and not a name (`App\Entity\Queue`, `Pet`) that is no file there. The bundle reads the files; a name is left
// as written for add's cut to read as a schema of any value (import/cut/name-refs.ts).
import { existsSync } from "node:fs";
import { resolve } from "node:path";

/** A `$ref` to a network address (`https://…`). */
export const NETWORK_REF = /^[a-z][a-z0-9+.-]*:\/\//i;

/** A document's extension (`pet.yaml`, `common.JSON`): a file however the rest reads. */
const DOCUMENT_EXTENSION = /\.(ya?ml|json)$/i;
/**
 * A file's extension: a dot and one to four letters or digits at the end, the first not upper-case (`.md`, `.txt`,
 * `.v2`). After a type's namespace the last part is a type, whose name starts upper-case (`Zq.Model.Pet`, a .NET or
 * Java type; `System.Object`): published documents write extensions in lower case.
 */
const FILE_EXTENSION = /\.[a-z0-9][A-Za-z0-9]{0,3}$/;

/**
 * Whether a `$ref` is a name rather than a reference a bundler can follow: no `#` (no place in any document), no
 * scheme (no address), no `/` (no folder) and no file extension (a document's, `.yaml`, `.yml`, `.json` in any case,
 * or FILE_EXTENSION). A PHP class (`App\Entity\Queue`), a dotted type name (`Zq.Model.Pet`, `zq.Thing.Record`) or a
 * bare one (`Pet`) is one; `./schemas/pet.yaml`, `pet.json`, `Pet.JSON`, `common.yaml#/Pet` and
 * `#/components/schemas/Pet` are not. A name is read as a file only where a file of that name is there (hasFileRef,
 * the bundle): one that is missing is no file to name.
 */
export function isNameRef(ref: string): boolean {
  return (
    ref !== "" &&
    !/[#/]/.test(ref) &&
    !/^[a-z][a-z0-9+.-]*:/i.test(ref) &&
    !DOCUMENT_EXTENSION.test(ref) &&
    !FILE_EXTENSION.test(ref)
  );
}

/**
 * Whether any `$ref` names another file (a relative or absolute path; not a network address; not a name, isNameRef,
 * unless a file of that name is in `folder`, the document's).
 */
export function hasFileRef(node: unknown, folder: string): boolean {
  if (Array.isArray(node)) return node.some((item) => hasFileRef(item, folder));
  if (node === null || typeof node !== "object") return false;
  const ref = (node as { $ref?: unknown }).$ref;
  if (typeof ref === "string" && !ref.startsWith("#") && !NETWORK_REF.test(ref)) {
    // The bundler reads a backslash as a folder's separator, as Windows does.
    if (!isNameRef(ref) || existsSync(resolve(folder, ref.replace(/\\/g, "/")))) return true;
  }
  return Object.values(node).some((value) => hasFileRef(value, folder));
}
