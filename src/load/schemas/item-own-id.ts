// Which field of a list's item is the item's own id, read from names alone: `id` (and its spellings), else a field
// named as an id of its own kind (`gid`, `sid`, `uid`, `_id`, `key`) or after the list's own resource (`PlayerID` on
// a players list, `user_id` on a users list), never a parent's or another resource's id (`account_sid` on a messages
// list, `projectId` on a tasks list). Several such fields, none alone read-only or required, are ambiguous: the
// caller names them rather than guess.
import pluralize from "pluralize";

/** One field of the item, as far as telling its id goes. */
export interface ItemField {
  name: string;
  readOnly: boolean;
  required: boolean;
  /** A text or a number (or untyped): an object or a list is no id. */
  scalar: boolean;
}

export type OwnId = { field: string; why?: string } | { ambiguous: string[] } | undefined;

/** The names that are the item's id whatever else it holds: taken first, as they always were. */
const ID_FIELDS = ["id", "Id", "ID", "uuid", "guid"];
/** Names of an id of its own kind. */
const ID_NAMES = ["gid", "sid", "uid", "_id", "key"];
/** `<noun>ID`, `<noun>Id`, `<noun>_id`, `<noun>-id` (and the uid, uuid, sid and gid kinds): the noun, a word's end. */
const NOUN_ID = /^([A-Za-z][A-Za-z0-9_-]*?)(?:[_-](?:id|uid|uuid|sid|gid)|ID|Id|U[Ii][Dd]|U[Uu][Ii][Dd]|S[Ii][Dd])$/i;
/** An item schema's name that says only that it is one of a list (`List`, `Item`, `Result`), no resource. */
const CONTAINER_NAME = /^(list|items?|results?|data|entry|entries|records?|objects?|elements?|nodes?|rows?|values?)$/i;
const CASED_END = /(?:[_-](?:id|uid|uuid|sid|gid)|ID|Id|U[Ii][Dd]|U[Uu][Ii][Dd]|S[Ii][Dd])$/;

/**
 * The item's own id among `fields`; `nouns` are the names of the list's own resource (the path's last literal
 * segment, the item schema's name), singular or plural.
 */
export function itemOwnId(fields: ItemField[], nouns: string[]): OwnId {
  const named = ID_FIELDS.find((f) => fields.some((field) => field.name === f));
  if (named) return { field: named };
  const own = new Set(nouns.flatMap(singulars));
  const found = fields.flatMap((f) => {
    if (!f.scalar) return [];
    if (ID_NAMES.includes(f.name)) return [{ f, why: "named as an id" }];
    const noun = CASED_END.test(f.name) ? NOUN_ID.exec(f.name)?.[1] : undefined;
    return noun && own.has(plain(noun)) ? [{ f, why: `named after the list's own resource, ${plain(noun)}` }] : [];
  });
  if (found.length === 1) return { field: found[0]?.f.name as string, why: found[0]?.why };
  const marked = found.filter(({ f }) => f.readOnly || f.required);
  if (found.length && marked.length === 1) {
    const [{ f, why }] = marked as [(typeof marked)[0]];
    return { field: f.name, why: `${why}, the only one of ${names(found)} ${f.readOnly ? "read-only" : "required"}` };
  }
  return found.length ? { ambiguous: found.map(({ f }) => f.name) } : undefined;
}

/**
 * The list's own resource as named by its path's last literal segment (an extension dropped: `Messages.json`) and by
 * its item schema's name (`#/components/schemas/Player`).
 */
export function resourceNouns(path: string, itemRef: unknown): string[] {
  const segment = path
    .split("/")
    .filter((s) => s && !/[{}]/.test(s))
    .pop();
  const name = typeof itemRef === "string" ? itemRef.split("/").pop() : undefined;
  const schema = name && !CONTAINER_NAME.test(name) ? name : undefined;
  return [segment?.replace(/\.[A-Za-z]+$/, ""), schema].filter((n): n is string => !!n);
}

/**
 * A noun and its singular (`categories` category, `statuses` status, `people` person), by pluralize, which the n8n
 * target's names already read.
 */
function singulars(noun: string): string[] {
  const word = plain(noun);
  return [word, pluralize.singular(word)];
}

/** A name compared without case or separators: `line-items`, `LineItems` and `line_items` alike. */
function plain(name: string): string {
  return name.replace(/[_-]/g, "").toLowerCase();
}

function names(found: { f: ItemField }[]): string {
  return found.map(({ f }) => f.name).join(", ");
}
