// A GET or HEAD named as a deletion (`DeleteZqshot`, `remove_zqfile`, a summary "Delete the zqshot"): an API that
// changes data through GET. Its method alone has it read-only to agents (MCP's readOnlyHint, `mcp --read-only`
// serving it, an adapter's approval of writes never asked), so `add` drafts it destructive, for a person to check.
import type { ManifestOperation } from "../../../load/precompiled/manifest-types.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { snakeCase } from "./operation-words.js";

/** First words that name a deletion. */
const DELETING = new Set(["delete", "remove", "destroy", "purge", "erase", "wipe"]);

/** The methods whose calls only read, as toolBehavior derives them. */
const READING = new Set(["GET", "HEAD"]);

/** The first word of an operationId (`DeleteZqshot`, `delete_zqshot`) or of a summary, in lower case. */
function firstWord(text: unknown): string {
  return typeof text === "string" ? (snakeCase(text.trim()).split("_")[0] ?? "") : "";
}

/**
 * The drafted `behavior` of an operation whose method only reads but whose operationId or summary starts with a
 * deletion's verb, with a note naming the word; none for any other.
 */
export function namedDeletion(
  method: string,
  operationId: string | undefined,
  summary: unknown,
  at: readonly (string | number)[],
  notes: ReviewNote[],
): Pick<ManifestOperation, "behavior"> {
  if (!READING.has(method.toUpperCase())) return {};
  const word = [firstWord(operationId), firstWord(summary)].find((w) => DELETING.has(w));
  if (word === undefined) return {};
  notes.push({
    at: [...at, "behavior"],
    note:
      `a ${method.toUpperCase()} named as a deletion ("${word}"): drafted behavior destructive, so that agents ` +
      "ask before calling it and a read-only server leaves it out; if it only reads, remove behavior",
  });
  return { behavior: { readOnly: false, destructive: true } };
}
