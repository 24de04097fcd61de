// The name `add` drafts a tool id from for an operation without an operationId, read as an operationId would read:
// `DELETE /api/rest/v1/contacts/{contactId}` → `delete contact`, not `delete api rest v1 contacts contact id`.
import pluralize from "pluralize";
import { methodPathLabels, snakeCase } from "./operation-words.js";

/** Leading segments that say where the API is served, never what the operation does (`/api/rest/v1`, `/2.0`). */
const SERVED_UNDER = /^(?:api|apis|rest|v\d+(?:[._]\d+)*(?:[a-z]+\d*)?|\d+(?:\.\d+)*)$/i;

/** The verb a method stands for where the path names no action of its own. */
const METHOD_VERBS: Record<string, string> = { get: "get", put: "update", patch: "update", delete: "delete" };

/**
 * A collection's noun made singular, as an item of it reads (`contacts/{id}` → `contact`): by pluralize, kept only
 * where it takes a plain plural ending away (`display_ads` → `display_ad`, `categories` → `category`, `shelves` →
 * `shelf`), never an irregular reading of a short or foreign word (`data` → `datum`, `sms` → `sm`).
 */
function singular(word: string): string {
  const words = snakeCase(word).split("_");
  const last = words.at(-1) ?? "";
  if (words.join("").length < 4) return words.join("_");
  const one = pluralize.singular(last);
  const stem = last.slice(0, -3);
  const plain =
    last === `${one}s` ||
    last === `${one}es` ||
    (last.endsWith("ies") && one === `${stem}y`) ||
    (last.endsWith("ves") && (one === `${stem}f` || one === `${stem}fe`));
  return [...words.slice(0, -1), plain ? one : last].join("_");
}

/**
 * A segment written as a call in code, a verb then what it acts on (`getChatAdministrators`, `sendMessage`,
 * `setMyCommands`): an RPC method's name, which says the whole action as it stands (no method verb before it, its
 * nouns as written).
 */
const CALL_NAME = new RegExp(
  "^(get|list|set|send|create|delete|remove|update|edit|add|answer|copy|forward|kick|ban|unban|pin|unpin|promote|" +
    "restrict|export|import|leave|stop|upload|download|close|open|start|search|find|fetch|mark|move|rename|reset|" +
    "revoke|approve|decline|cancel|check|verify|validate)[A-Z][A-Za-z0-9]*$",
);

function isCollection(word: string): boolean {
  return singular(word) !== snakeCase(word);
}

/**
 * The words of a tool id for `method path`: the leading segments that say where the API is served dropped, path
 * variables dropped (the noun before one made singular: it names one item), and a verb first: the path's own action
 * where its last word is one (a singular word after an item, `/messages/{id}/markRead`, or after one other word,
 * `/sms/send`, on a method other than GET), else the method's (`create` for a POST to a collection), else the method;
 * a last segment written as a call (CALL_NAME, `/getChatAdministrators`) read as no such action is the whole action,
 * as written.
 * Undefined where the path has no word left to name (`/`, `/{id}`).
 */
export function pathToolName(method: string, path: string): string | undefined {
  const segments = path.split("/").filter(Boolean);
  const isVariable = (segment: string) => /^\{[^{}]*\}$/.test(segment) || /^\$\{[^{}]*\}$/.test(segment);
  let start = 0;
  while (start < segments.length && SERVED_UNDER.test(segments[start] ?? "")) start++;
  // A path made only of such segments (`/v1`) keeps them: they are all it says.
  if (!segments.slice(start).some((s) => !isVariable(s))) start = 0;
  const rest = segments.slice(start);
  const literals: { word: string; item: boolean; afterItem: boolean }[] = [];
  rest.forEach((segment, i) => {
    if (isVariable(segment)) return;
    const item = i + 1 < rest.length && isVariable(rest[i + 1] ?? "");
    literals.push({ word: segment, item, afterItem: i > 0 && isVariable(rest[i - 1] ?? "") });
  });
  if (!literals.length) return undefined;
  const verb = method.toLowerCase();
  const last = literals.at(-1) as (typeof literals)[number];
  const onlyVariablesAfter = rest.slice(rest.lastIndexOf(last.word) + 1).every(isVariable);
  const action =
    verb !== "get" &&
    onlyVariablesAfter &&
    !isCollection(last.word) &&
    (last.afterItem || (literals.length === 2 && rest.length === 2));
  if (!action && onlyVariablesAfter && CALL_NAME.test(last.word))
    return [...literals.slice(0, -1).map((l) => snakeCase(l.word)), snakeCase(last.word)].join("_");
  const lead = action
    ? snakeCase(last.word)
    : verb === "post"
      ? isCollection(last.word) && onlyVariablesAfter && !last.item
        ? "create"
        : "post"
      : (METHOD_VERBS[verb] ?? verb);
  // An item's noun is singular (`contacts/{id}`), as is what an action acts on or a POST creates (`create_page`).
  const nouns = (action ? literals.slice(0, -1) : literals).map((l, i, all) =>
    l.item || (i === all.length - 1 && (action || lead === "create")) ? singular(l.word) : snakeCase(l.word),
  );
  return [lead, ...nouns].filter(Boolean).join("_");
}

/**
 * pathToolName of each operation, but methodPathLabels' words (`operation-words.ts`) for those whose name another's is
 * too (`GET /x/{a}` and `GET /x/{a}/{b}` both `get_x`), and for a path that leaves no word to name.
 */
export function pathToolNames<T extends { method: string; path: string }>(operations: readonly T[]): Map<T, string> {
  const fallback = methodPathLabels(operations);
  const named = new Map(operations.map((o) => [o, pathToolName(o.method, o.path)]));
  const readers = new Map<string, number>();
  for (const name of named.values()) if (name) readers.set(name, (readers.get(name) ?? 0) + 1);
  return new Map(
    operations.map((o) => {
      const name = named.get(o);
      return [o, name && readers.get(name) === 1 ? name : (fallback.get(o) as string)];
    }),
  );
}
