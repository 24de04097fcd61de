// A GET or HEAD named as a change (`DeleteZqshot`, `remove_zqfile`, a summary "Delete the zqshot", a path ending in
// `/create`): an API that changes data through GET. Its method alone has it read-only to agents (MCP's readOnlyHint,
// `mcp --read-only` serving it, an adapter's approval of writes never asked), so `add` drafts it as the change it
// names — a deletion destructive, a creation adding (neither read-only nor idempotent) — for a person to check.
import type { ManifestOperation } from "../../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { snakeCase } from "./operation-words.js";

/** First words that name a deletion. */
const DELETING = new Set(["delete", "remove", "destroy", "purge", "erase", "wipe"]);

/** First words that name a creation (not `new`: `GET /users/new` is the page of a form, which only reads). */
const CREATING = new Set(["create", "add", "insert"]);

/** The methods whose calls only read, as toolBehavior derives them. */
const READING = new Set(["GET", "HEAD"]);

/** The first word of an operationId (`DeleteZqshot`, `delete_zqshot`), a summary or a path segment, in lower case. */
function firstWord(text: unknown): string {
  return typeof text === "string" ? (snakeCase(text.trim()).split("_")[0] ?? "") : "";
}

/** The last segment of a path that is no variable (`/links/create` → `create`; `/links/{id}` → none). */
function lastLiteralSegment(path: string): string {
  const last = path.split("/").filter(Boolean).at(-1) ?? "";
  return last.includes("{") ? "" : last;
}

/**
 * The drafted `behavior` of an operation whose method only reads but whose operationId, summary or last path segment
 * starts with a deletion's or a creation's verb, with a note naming the word; none for any other.
 */
export function namedChange(
  method: string,
  path: string,
  operationId: string | undefined,
  summary: unknown,
  at: readonly (string | number)[],
  notes: ReviewNote[],
): Pick<ManifestOperation, "behavior"> {
  if (!READING.has(method.toUpperCase())) return {};
  const words = [firstWord(operationId), firstWord(summary), firstWord(lastLiteralSegment(path))];
  const deleting = words.find((w) => DELETING.has(w));
  const creating = words.find((w) => CREATING.has(w));
  const word = deleting ?? creating;
  if (word === undefined) return {};
  const [kind, drafted] = deleting
    ? ["a deletion", "destructive, so that agents ask before calling it and a read-only server leaves it out"]
    : [
        "a creation",
        "not read-only and not idempotent, so that a read-only server leaves it out and no failure repeats it",
      ];
  notes.push({
    at: [...at, "behavior"],
    note:
      `a ${method.toUpperCase()} named as ${kind} ("${word}"): drafted behavior ${drafted}; ` +
      "if it only reads, remove behavior",
  });
  return { behavior: deleting ? { readOnly: false, destructive: true } : { readOnly: false, idempotent: false } };
}
