// The words `add` drafts an operation with (draft/manifest.ts): its id's snake case, its title and description from
// its summary and description (a summary that only repeats the operationId drafted from the operationId in words),
// with a review note where it guessed, and the `deprecated:` text of an operation the document marks deprecated.
import { sentences } from "../../../load/text/sentences.js";
import type { ReviewNote } from "../../manifest-yaml.js";
import { plainText, shortText, titleText } from "../../plain-text.js";

type Json = Record<string, unknown>;

/** A block's selector label is at most this long. */
const TITLE_LENGTH = 80;

/**
 * `chat_postMessage` → `chat_post_message`; `issues/list-for-repo` → `issues_list_for_repo`. An initialism's plural is
 * one word (`getOrphanURLs` → `get_orphan_urls`, `listAPIsByTag` → `list_apis_by_tag`), not its last capital and the s.
 */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/**
 * The words a tool id is drafted from for an operation without an operationId: its method and path, each path
 * variable's braces dropped and, where it repeats the segment before it (`/severity/{severity}`, `/cve/{cve_id}`),
 * only its words past that segment kept, so the id reads `severity`, `cve_id`, never `severity_severity`.
 */
export function methodPathLabel(method: string, path: string): string {
  const segments = path.split("/");
  const kept = segments.map((segment, i) => {
    const variable = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    const before = i > 0 ? snakeCase(segments[i - 1] ?? "") : "";
    if (variable === undefined || !before) return segment.replace(/[{}]/g, "");
    const words = snakeCase(variable);
    return words === before ? "" : words.startsWith(`${before}_`) ? words.slice(before.length + 1) : words;
  });
  return `${method} ${kept.join("/")}`;
}

/**
 * methodPathLabel of each operation, but the path's words whole (its variables' braces dropped) for those whose short
 * label another's is too: `GET /x` and `GET /x/{x}` would both read `get x`, told apart only by a counter by order.
 */
export function methodPathLabels<T extends { method: string; path: string }>(operations: readonly T[]): Map<T, string> {
  const short = new Map(operations.map((o) => [o, methodPathLabel(o.method, o.path)]));
  const readers = new Map<string, number>();
  // Read as the id reads them: `get /x/` (its variable said once) is `get /x`.
  for (const label of short.values()) readers.set(snakeCase(label), (readers.get(snakeCase(label)) ?? 0) + 1);
  for (const [o, label] of short)
    if ((readers.get(snakeCase(label)) ?? 0) > 1) short.set(o, `${o.method} ${o.path.replace(/[{}]/g, "")}`);
  return short;
}

/**
 * The operation's title and description, from its summary and description (a summary that only repeats the
 * operationId, `addCards()`, says nothing a title from the operationId would not say better), and the notes on them.
 */
export function operationTitle(
  rawOp: Json,
  label: string,
  at: (string | number)[],
  notes: ReviewNote[],
): { title: string; description: string } {
  const summaryText = typeof rawOp.summary === "string" ? plainText(rawOp.summary) : "";
  // A description that is markup alone (`<p/>`) says nothing: plain, it is empty, which a manifest refuses.
  const written = typeof rawOp.description === "string" ? rawOp.description : "";
  const descriptionText = written && plainText(written) ? written : "";
  // A summary that only repeats the operationId (`addCards()`) says nothing a title from the operationId would not
  // say better.
  const codeName = summaryText !== "" && namesOperation(summaryText, label);
  // Another name in code (`searchActivity` on getSandboxesActivity) says what the operation does, but not in words.
  const inCode = !codeName && isCodeName(summaryText) ? titleOf(summaryText.replace(/\(\)$/, "")) : undefined;
  const title = summaryText && !codeName ? (inCode ?? titleText(summaryText, TITLE_LENGTH)) : undefined;
  if (!summaryText)
    notes.push({
      at: [...at, "title"],
      note: "the operation has no summary: a short label for the block's selector",
    });
  else if (codeName)
    notes.push({
      at: [...at, "title"],
      note:
        `the operation's summary is its operationId (${JSON.stringify(summaryText)}): drafted from the ` +
        "operationId in words",
    });
  else if (inCode)
    notes.push({
      at: [...at, "title"],
      note: `the operation's summary is a name in code (${JSON.stringify(summaryText)}): drafted in words`,
    });
  else if (!title)
    notes.push({
      at: [...at, "title"],
      note:
        "the operation's summary opens with no short statement (a question, a teaser, too long): drafted from the " +
        "operationId",
    });
  return {
    title: title ?? titleOf(label),
    description: shortText(descriptionText || (codeName ? "" : (inCode ?? summaryText)) || titleOf(label), 400),
  };
}

/** Where a document dates an operation's end (x-extensions published documents use). */
const SUNSET_KEYS = ["x-sunset", "x-sunset-date", "x-deprecated-at", "x-deprecation-date"];

/**
 * The `deprecated:` note of an operation the document marks deprecated (generate requires one): the sentence of its
 * text that speaks of the deprecation or names a replacement, and the date the document gives, else a plain notice.
 */
export function deprecationText(rawOp: Json, operationId: string): string {
  const text = plainText(
    [rawOp.description, rawOp.summary].filter((t): t is string => typeof t === "string").join(" "),
  );
  const said = sentences(text).find((s) => /deprecat|replaced by|in favou?r of|\binstead\b|sunset/i.test(s));
  const date = SUNSET_KEYS.map((k) => rawOp[k]).find((v): v is string => typeof v === "string" && v.trim() !== "");
  const base = said
    ? shortText(said, 300)
    : `${operationId} is deprecated in the published document, which names no replacement.`;
  return date ? `${base} Sunset: ${shortText(date, 40)}.` : base;
}

/**
 * Whether a summary is the operationId as code (`addCards()`, `add_cards`): the same letters and digits, letter case
 * aside.
 */
function namesOperation(summary: string, operationId: string): boolean {
  const letters = (text: string) => text.replace(/[^A-Za-z0-9]/g, "").toLowerCase();
  const code = /[()_]|[a-z][A-Z]/.test(summary); // a word such as "Check" is a title already
  return code && !/\s/.test(summary.trim()) && letters(summary) === letters(operationId);
}

/**
 * Whether a summary is one name in code, of words joined in camel case (`searchActivity`) or by underscores, maybe
 * called (`()`): not a brand's mixed-case name (`iOS`, `macOS`), which has no lower-case word after a capital.
 */
function isCodeName(summary: string): boolean {
  const text = summary.trim();
  return /^[A-Za-z][A-Za-z0-9_]*(\(\))?$/.test(text) && /[a-z][A-Z][a-z]|[A-Za-z0-9]_[A-Za-z0-9]/.test(text);
}

function titleOf(operationId: string): string {
  const words = snakeCase(operationId).split("_").filter(Boolean);
  const text = words.join(" ");
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : operationId;
}
