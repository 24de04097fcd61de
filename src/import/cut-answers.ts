// What a cut says of its operations' answers that the published document does
// not: answers typed any media type with an object or list schema written as
// JSON (wildcard-json.ts), and a file answer for an operation that answers only
// by a redirect (redirect-file.ts). One place, so that `add`'s cut and
// `upstream --accept`'s re-cut are written alike and say so alike.
import { jsonForWildcards } from "./wildcard-json.js";
import { withRedirectFileAnswers } from "./redirect-file.js";

type Json = Record<string, unknown>;

export interface CutAnswers {
  /** The answers written as JSON, as the header names them. */
  asJson: string[];
  /** The operations given a 200 of bytes (`<operation> 200`). */
  fileAnswers: string[];
}

/** Rewrite the answers of the chosen operations in `cut` (each named `id` in what is said). */
export function rewriteCutAnswers(cut: Json, chosen: readonly { id: string; path: string; method: string }[]): CutAnswers {
  const paths = (cut.paths ?? {}) as Record<string, Json | undefined>;
  const operations = chosen.flatMap(({ id, path, method }) => {
    const op = paths[path]?.[method];
    return op && typeof op === "object" ? [{ id, op: op as Json }] : [];
  });
  return { asJson: jsonForWildcards(cut, operations), fileAnswers: withRedirectFileAnswers(operations) };
}

/** The cut's header lines for them, `by` the command that wrote it. */
export function cutAnswerLines({ asJson, fileAnswers }: CutAnswers, by: string): string[] {
  return [
    ...(asJson.length ? [`Written as application/json by ${by}, published as */*: ${asJson.join(", ")} (an object or list schema: JSON on the wire).`] : []),
    ...(fileAnswers.length ? [`Added by ${by}, not published: ${fileAnswers.join(", ")}, the file the redirect points to (the document declares no 2xx answer; a call follows the redirect).`] : []),
  ];
}
