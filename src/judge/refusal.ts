// What the judge says of a request it refuses: the rule broken (an OpenAPI
// keyword or serialization rule), where the document writes it, where in
// the request the mistake is, and the bytes sent there.

/** The rules a refusal names: OpenAPI's keywords, and the judge's own words for what no one keyword covers. */
export const JUDGE_RULES = [
  "route",
  "required",
  "style",
  "explode",
  "allowReserved",
  "allowEmptyValue",
  "percent-encoding",
  "x-multi-segment",
  "content",
  "schema",
  "discriminator",
  "mediaType",
  "encoding.contentType",
  "encoding.headers",
  "encoding.style",
  "security",
  "accept",
] as const;

export type JudgeRule = (typeof JUDGE_RULES)[number];

export interface Refusal {
  rule: JudgeRule;
  /** Where the document writes the rule, as a reference (`#/paths/~1items/get/parameters/0`). */
  at: string;
  /**
   * Where in the request, as a JSON pointer over its parts: `/path/id`, `/query/ids/1`, `/header/x-trace`,
   * `/cookie/session`, `/body/items/0/price`.
   */
  pointer: string;
  /** The bytes sent there (cut to a few hundred characters; a credential never shown). */
  sent: string;
  message: string;
}

export interface Judgement {
  /** The operation the request was judged as (`operationId`, or `METHOD /path`), when one matched. */
  operation?: string;
  refusals: Refusal[];
  /**
   * What the service reads the request as, by the document's rules: each parameter sent (`query:ids`,
   * `header:x-trace`, names of headers lowercased) and the body, where they read without refusal; `path`,
   * each path expression's text as sent.
   */
  read: JudgedRead;
  /**
   * The other readings that meet the document as well, where the path reads several ways (two expressions spanning
   * segments side by side, `{namespace}/{parent}/{type}`): the service tells them apart by what it knows, the bytes
   * by nothing, so a value given is read back from any of them (read-back.ts).
   */
  alsoRead?: JudgedRead[];
}

/** What a request reads as in one reading of its path. */
export interface JudgedRead {
  params: Map<string, unknown>;
  body?: unknown;
  path: Record<string, string>;
}

/** The most of a request's bytes a refusal quotes. */
const SENT_CHARS = 300;

/** Bytes as a refusal quotes them. */
export function quoted(text: string): string {
  return text.length > SENT_CHARS ? `${text.slice(0, SENT_CHARS)}… (${text.length} characters)` : text;
}

/** One refusal in a line: the rule, where, what is wrong, the bytes sent and where the rule is written. */
export function describeRefusal(r: Refusal): string {
  return `[${r.rule}] ${r.pointer || "/"}: ${r.message} (sent ${JSON.stringify(r.sent)}; ${r.at})`;
}
