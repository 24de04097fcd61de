// How the answers a call cannot use become failures, and the small rules of
// reading and retrying (send/attempts.ts): a reply past the limit, a redirect
// not followed, an HTML page, a network error, the backoff between retries.
import type { RuntimeErrorCode } from "../http/error-codes.js";
import type { Failure } from "../http/errors.js";
import { redirectOrigin, type HttpRequest } from "../http/transport.js";
import type { CsvCell, ToolCall } from "../spec/tool-types.js";
import type { OutputSource } from "../spec/reply-types.js";
import type { csvRecords } from "../common/csv-rows.js";

type CsvFields = Readonly<Record<string, CsvCell>>;

/** An answer the call cannot use, which no retry would change: its status, the runtime's code and what was wrong. */
export function upstreamFailure(status: number, code: RuntimeErrorCode, message: string): Failure {
  return { type: "upstream", status, code, message, retryable: false };
}

/** A reply (or, for allPages, the pages together) past the tool's reply limit. */
export function tooLarge(tool: ToolCall, status: number, limit: number): Failure {
  return upstreamFailure(
    status,
    "REPLY_TOO_LARGE" satisfies RuntimeErrorCode,
    `${tool.provider} answered ${status} with more than ${limit} bytes (limits.replyBytes); the rest was not read`,
  );
}

/** The message of a reply too large once the pages before it are counted (collectPages: the pages share one bound). */
export function pagesTooLarge(status: number, limit: number): string {
  return (
    `the pages of this call came to more than ${limit} bytes (limits.replyBytes) ` +
    `with the one answered ${status}; ask for fewer items (maxItems) or walk the pages with paginate`
  );
}

/** A redirect is not followed (transport.ts): an error naming only the origin it points to. */
export function redirectFailure(tool: ToolCall, response: Response, request: HttpRequest): Failure {
  const where = `${response.status || "a redirect"} pointing to ${redirectOrigin(response, request.url)}`;
  return upstreamFailure(
    response.status,
    "REDIRECT" satisfies RuntimeErrorCode,
    `${tool.provider} answered ${where}; redirects are not followed, so that the credential never goes to ` +
      `another address (check the base address)`,
  );
}

/** The media type of a non-empty HTML body (`text/html`, `application/xhtml+xml`), if the reply is one. */
export function htmlType(response: Response, text: string): string | undefined {
  const header = response.headers.get("content-type");
  // Nearly every answer's type says no HTML at all: not split and cut.
  if (!header || !/html/i.test(header)) return undefined;
  const type = header.split(";")[0]?.trim().toLowerCase();
  return (type === "text/html" || type === "application/xhtml+xml") && NOT_SPACE.test(text) ? type : undefined;
}

/**
 * A success's body the service sent in a form other than JSON (its Content-Type neither JSON nor absent: a parameter
 * chose CSV, the service ignored the Accept header), read as that type says: a text type (`text/*`, XML, CSV, YAML,
 * JSON lines, or any with a charset) as its text (a CSV of records as its records, answerText `{csv}`), any other as
 * a file (`{content, contentType, size}`, as a download answers); undefined when the type says JSON or nothing,
 * whose text is then read as JSON, and for a record the document declares as a text type (`answerText` "json", the
 * link's), whose text is JSON whatever its type says. `records`: the CSV reader (the support's `csv`, given where a
 * tool declares a CSV of records; one without it was refused before the call, support.ts).
 */
export function otherForm(
  response: Response,
  text: string,
  raw: Uint8Array,
  as?: unknown,
  records?: typeof csvRecords,
): OtherForm | undefined {
  const header = response.headers.get("content-type") ?? "";
  const type = header.split(";")[0]?.trim().toLowerCase();
  if (!type || JSON_TYPE.test(type) || as === "json") return undefined;
  if (!TEXT_TYPE.test(header)) return { body: { content: raw, contentType: header, size: raw.byteLength }, type };
  // A CSV of records (answerText `{csv}`, the link's): its rows as records (common/csv-rows.ts).
  const csv = typeof as === "object" && as !== null && "csv" in as ? (as as { csv: CsvFields }).csv : undefined;
  return csv && records ? { body: records(text, csv), type, rows: true } : { body: text, type };
}

/** A body read by its type (otherForm): the text, file or CSV records (`rows`), and the media type it came as. */
export type OtherForm = { body: unknown; type: string; rows?: true };

/** The failure of a success in another form (otherForm) whose outputs read fields of a JSON body it does not have. */
export function otherFormFailure(tool: ToolCall, status: number, type: string, bytes: number): Failure {
  const message = `${tool.provider} answered ${status} with ${type}, not the JSON its outputs read`;
  return { ...upstreamFailure(status, "UNEXPECTED_CONTENT_TYPE", message), details: { contentType: type, bytes } };
}

/**
 * Whether outputs read fields of a JSON body and none reads the body whole: what an answer in another form (otherForm)
 * cannot give them.
 */
export function readsOnlyBodyFields(outputs: readonly { source: OutputSource }[]): boolean {
  let fields = false;
  for (const { source } of outputs) {
    const places = "first" in source ? source.first : "ref" in source ? [source] : [];
    for (const { ref } of places) {
      if (ref.kind !== "body") continue;
      if (!ref.pointer.length) return false;
      fields = true;
    }
  }
  return fields;
}

/** `application/json`, `…+json`, and `*\/*` (a body of any type: read as JSON, as before). */
const JSON_TYPE = /^application\/([\w.-]+\+)?json$|^\*\/\*$/;
/** A Content-Type whose bytes are text: `text/*`, XML, CSV, YAML, JSON lines, a script, or any with a charset. */
const TEXT_TYPE = /^\s*text\/|[+/](xml|csv|x-csv|ya?ml|x-ya?ml)\b|json|script|sql|charset=/i;

/** A success (or an outcome) that came as an HTML page: a proxy's page or a login form, never parsed. */
export function htmlFailure(tool: ToolCall, status: number, html: string): Failure {
  const message = `${tool.provider} answered ${status} with an HTML page (${html}), not JSON`;
  return upstreamFailure(status, "UNEXPECTED_CONTENT_TYPE" satisfies RuntimeErrorCode, message);
}

/** A body's JSON; undefined for none, or one of white space only. */
export function parseBody(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  // Parsed first: its white space is looked for only when the text is not JSON (a test of every body before).
  try {
    return JSON.parse(text);
  } catch (e) {
    if (NOT_SPACE.test(text)) throw e;
  }
  return undefined;
}

const NOT_SPACE = /\S/;

export function networkError(e: unknown): Failure & { code?: string } {
  const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
  const code = cause?.code ?? (e as { code?: string })?.code;
  const detail = cause?.message ?? (e as Error)?.message ?? String(e);
  return { type: "network", message: `request failed: ${detail}`, ...(code ? { code } : {}), retryable: true };
}

/** Capped, jittered exponential backoff: ~0.5 s, 1 s, 2 s … up to 8 s. */
export function backoff(attempt: number): number {
  const base = Math.min(8_000, 500 * 2 ** attempt);
  return Math.round(base * (0.75 + Math.random() * 0.5));
}
