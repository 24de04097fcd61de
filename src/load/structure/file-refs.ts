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

/** A `$ref` key (quoted or not) and its value, quoted and starting with `#`: a place in the same document. */
const LOCAL_REF_WRITTEN = /\$ref["']?[ \t]*:[ \t]*["']#/y;
/**
 * What only a parse reads rightly: an escape that can write any character (`\x24ref` is `$ref`) or join two lines
 * (`"$re\` and `f"` on the next), and a line break that is not `\n` (a lone `\r`, U+0085, U+2028, U+2029: YAML 1.1
 * reads some as breaks, so a line this test takes for a comment may hold keys).
 */
const PARSE_ONLY = /\\[xuU\r\n]|\r(?!\n)|[\u0085\u2028\u2029]/;
/** Longest anchor name looked back over before a `$ref` key; one longer is taken for an anchor (a walk then). */
const ANCHOR_LOOKBACK = 1024;

/**
 * Whether the `$ref` key at `at` is anchored (`&k $ref: '#/x'`): its alias may be the key of another value (`*k :
 * ./zq.yaml`). Read back from `at` over the key's quote, the spaces and the one word before, never the whole line: a
 * JSON document of one line holds thousands of keys (a look over the line at each took minutes).
 */
function anchoredKey(text: string, at: number): boolean {
  let i = at - 1;
  if (text.charCodeAt(i) === 0x22 || text.charCodeAt(i) === 0x27) i--;
  const spaces = i;
  while (i >= 0 && (text.charCodeAt(i) === 0x20 || text.charCodeAt(i) === 0x09)) i--;
  if (i === spaces) return false;
  const end = i;
  while (i >= 0 && end - i <= ANCHOR_LOOKBACK && !/\s/.test(text.charAt(i))) i--;
  return end - i > ANCHOR_LOOKBACK || text.charCodeAt(i + 1) === 0x26;
}

/**
 * Whether `text` (YAML or JSON) surely names no other file by `$ref`, read from the text alone: it writes nothing
 * only a parse reads rightly (PARSE_ONLY), and each `$ref` in it is a key not anchored whose value is quoted and starts
 * with `#`, or is on a comment's line (a line whose first character is `#` and holds no quote before the `$ref`: a
 * comment, or a block text's line, never a key; a quote there may close a text of several lines whose line starts with
 * `#`, the `$ref` after it a key). False is no answer: the data is walked then (openapi-source.ts). A key is on one
 * line and spelt in the text (a complex key, `? $ref`, a value on the next line, an alias or a plain value are not
 * read here: false), so a `$ref` with another value would be one of those the test reads. A whole published
 * document's walk of its data took 14–20 ms, this 2–5 (GitHub's, 5,487 lines holding a `$ref`; performance.md, the
 * fifty-third round, wholegh3).
 */
export function writesOnlyLocalRefs(text: string): boolean {
  if (PARSE_ONLY.test(text)) return false;
  for (let at = text.indexOf("$ref"); at !== -1; at = text.indexOf("$ref", at + 4)) {
    LOCAL_REF_WRITTEN.lastIndex = at;
    if (LOCAL_REF_WRITTEN.test(text) && !anchoredKey(text, at)) continue;
    let first = text.lastIndexOf("\n", at) + 1;
    while (text.charCodeAt(first) === 0x20 || text.charCodeAt(first) === 0x09) first++;
    if (text.charCodeAt(first) !== 0x23 || /["']/.test(text.slice(first, at))) return false;
  }
  return true;
}
