// What `verify --record` keeps of a live call, and how `test --replay` finds
// it again: each exchange with every secret redacted (the runtime's redact:
// raw, any case, URL-encoded, JSON-escaped, base64), and a canonical form of
// each request — method, path, sorted query, the headers the tool sets,
// the body in canonical JSON — in which the credential and every secret are
// stand-ins, so that the same call made on replay with stand-in secrets reads
// the same.
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import {
  authSlots,
  authWays,
  REDACTED,
  redact,
  redactDeep,
  type ToolSpec,
  wayCredentials,
} from "@blockwright/runtime/internal";
import { canonical } from "../common/canonical-json.js";
import { lineText } from "../common/github-actions.js";
import { NESTING_RULE, shownPath, tooDeep } from "../common/nesting.js";
import { readSourceText, UnreadableSource } from "../load/input-file.js";
import { writeWholeUnder } from "../common/files.js";
import { isLink, linkOnPath, statOf } from "../common/paths.js";
import type { LiveExchange } from "./live-fetch.js";
import { handedSecrets } from "../contract/handed-secrets.js";

export const RECORDING_VERSION = 1;

export interface Recording {
  recording: typeof RECORDING_VERSION;
  provider: string;
  /** The tool (operation) id. */
  operation: string;
  /** The probe it recorded: `minimal input`, `request example "…"`. */
  name: string;
  /** When (ISO 8601). */
  recordedAt: string;
  /** The origin the calls went to. */
  origin: string;
  /** The tool's input, secrets redacted. */
  input: Record<string, unknown>;
  /** Parameters whose values were secrets: replay gives each a stand-in. */
  secretParams: string[];
  /** The call went without its credential (taken out of each request): replay takes it out too. */
  withoutCredential?: true;
  exchanges: RecordedExchange[];
}

export interface RecordedExchange extends LiveExchange {
  /** The request in canonical form, what replay matches (secrets and the credential as stand-ins). */
  canonical: string;
}

/** Headers never kept: they carry sessions, not the contract. */
const DROPPED_HEADERS = new Set(["cookie", "set-cookie", "proxy-authorization"]);
/** A token endpoint's answer fields that are credentials (RFC 6749 §5.1, OpenID Connect). */
const ISSUED_SECRETS = ["access_token", "refresh_token", "id_token"];
/** Form fields of a token request that differ on every request (a signed JWT assertion). */
const ASSERTIONS = new Set(["assertion", "client_assertion"]);
const CREDENTIAL = "{{credential}}";

/**
 * The secrets of a call: the values of its secret parameters and every
 * token a token endpoint issued in it (at least SECRET_MIN_LENGTH long, as
 * the runtime redacts them).
 */
export function secretsOf(
  tool: ToolSpec,
  input: Record<string, unknown>,
  exchanges: readonly LiveExchange[],
): string[] {
  const secrets = tool.params
    .filter((p) => p.secret && typeof input[p.name] === "string")
    .map((p) => input[p.name] as string);
  // A JWT signed for each request (auth.signedJwt) is a credential for its short life: its header as sent, and the
  // bare token an answer may quote without the prefix.
  const signed = jwtHeaders(tool);
  for (const ex of exchanges) {
    for (const [name, value] of Object.entries(ex.requestHeaders)) {
      const prefix = signed.get(name.toLowerCase());
      if (prefix !== undefined && value)
        secrets.push(value, value.startsWith(prefix) ? value.slice(prefix.length) : value);
    }
    if (!ex.token) continue;
    // A signed JWT assertion gets a token for minutes: a credential too.
    const form = new URLSearchParams(ex.requestBody);
    for (const field of ASSERTIONS) {
      const value = form.get(field);
      if (value) secrets.push(value);
    }
    try {
      const body = JSON.parse(ex.responseBody) as Record<string, unknown>;
      for (const field of ISSUED_SECRETS) if (typeof body[field] === "string") secrets.push(body[field]);
    } catch {
      // Not JSON: no token in it that the call could use.
    }
  }
  // What its answers hand out (outputs marked `secret`: a created key) is withheld like the call's own.
  secrets.push(
    ...handedSecrets(
      tool,
      exchanges.filter((ex) => !ex.token),
    ),
  );
  return secrets;
}

/** The headers a tool's JWTs signed per request go in (lower case), each with its prefix (`Bearer `). */
function jwtHeaders(tool: ToolSpec): Map<string, string> {
  const headers = new Map<string, string>();
  for (const way of authWays(tool.auth))
    for (const c of wayCredentials(way)) if (c.type === "signedJwt") headers.set(c.header.toLowerCase(), c.prefix);
  return headers;
}

/** A call's recording, every secret redacted. */
export function recordingOf(
  tool: ToolSpec,
  name: string,
  input: Record<string, unknown>,
  origin: string,
  exchanges: readonly LiveExchange[],
  recordedAt: Date,
  withoutCredential?: true,
): Recording {
  const secrets = secretsOf(tool, input, exchanges);
  const secretParams = tool.params.filter((p) => p.secret && Object.hasOwn(input, p.name)).map((p) => p.name);
  const keptInput = redactDeep(
    Object.fromEntries(Object.entries(input).map(([k, v]) => [k, secretParams.includes(k) ? REDACTED : v])),
    secrets,
  );
  return {
    recording: RECORDING_VERSION,
    provider: tool.provider,
    operation: tool.id,
    name,
    recordedAt: recordedAt.toISOString(),
    origin,
    input: keptInput,
    secretParams,
    ...(withoutCredential ? { withoutCredential } : {}),
    exchanges: exchanges.map((ex) => ({
      method: ex.method,
      url: redact(ex.url, secrets),
      canonical: canonicalRequest(tool, ex, secrets),
      requestHeaders: keptHeaders(ex.requestHeaders, secrets),
      requestBody: redact(ex.requestBody, secrets),
      status: ex.status,
      responseHeaders: keptHeaders(ex.responseHeaders, secrets),
      responseBody: redact(ex.responseBody, secrets),
      ...(ex.token ? { token: true as const } : {}),
    })),
  };
}

function keptHeaders(headers: Record<string, string>, secrets: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (DROPPED_HEADERS.has(name.toLowerCase())) continue;
    out[name.toLowerCase()] = name.toLowerCase() === "authorization" ? redactCredential(value) : redact(value, secrets);
  }
  return out;
}

/** `Bearer <token>` keeps its scheme: the token goes, whoever issued it. */
function redactCredential(value: string): string {
  const scheme = /^(\S+)\s+\S/.exec(value)?.[1];
  return scheme ? `${scheme} ${REDACTED}` : REDACTED;
}

/**
 * The request as replay matches it: method and path; the query sorted; the
 * headers the tool itself sets (its header parameters, the content type);
 * the body as canonical JSON, or a form's fields sorted. The credential's
 * slot reads `{{credential}}` whoever's it is, and every secret is redacted.
 */
export function canonicalRequest(
  tool: ToolSpec,
  ex: Pick<LiveExchange, "method" | "url" | "requestHeaders" | "requestBody" | "token">,
  secrets: readonly string[],
): string {
  const url = new URL(ex.url);
  const slots = authSlots(tool.auth);
  const isSlot = (place: string, name: string) =>
    slots.some(
      (slot) => slot.in === place && (place === "header" ? slot.name.toLowerCase() === name : slot.name === name),
    );
  const query = [...url.searchParams].map(([k, v]) => [k, isSlot("query", k) ? CREDENTIAL : v]).sort(compare);
  const headers = new Map(Object.entries(ex.requestHeaders).map(([k, v]) => [k.toLowerCase(), v]));
  const named = new Set([
    "content-type",
    ...tool.params.flatMap((p) => (p.wire.in === "header" ? [p.wire.name.toLowerCase()] : [])),
  ]);
  for (const slot of slots)
    if (slot.in === "header" && slot.name.toLowerCase() !== "authorization") named.add(slot.name.toLowerCase());
  const headerLines = [...named]
    .filter((h) => headers.has(h))
    .sort()
    .map((h) => `${h}: ${isSlot("header", h) ? CREDENTIAL : headers.get(h)}`);
  const authorization = headers.get("authorization");
  if (authorization !== undefined && isSlot("header", "authorization") && !ex.token)
    headerLines.push(`authorization: ${authorization.split(" ")[0]} ${CREDENTIAL}`);
  // A token request is matched as one whatever the endpoint's address (the manifest's, or --token-url's when recorded).
  const lines = [
    `${ex.method} ${ex.token ? "(token endpoint)" : url.pathname}`,
    ...query.map(([k, v]) => `?${k}=${v}`),
    ...headerLines,
    canonicalBody(ex.requestBody, headers.get("content-type") ?? ""),
  ];
  return redact(lines.join("\n"), secrets).trimEnd();
}

function canonicalBody(body: string, contentType: string): string {
  if (!body) return "";
  if (contentType.startsWith("application/x-www-form-urlencoded")) {
    return [...new URLSearchParams(body)]
      .map(([k, v]) => [k, ASSERTIONS.has(k) ? CREDENTIAL : v])
      .sort(compare)
      .map(([k, v]) => `&${k}=${v}`)
      .join("\n");
  }
  try {
    return canonical(JSON.parse(body));
  } catch {
    return body;
  }
}

function compare(a: string[], b: string[]): number {
  const x = `${a[0]}=${a[1]}`;
  const y = `${b[0]}=${b[1]}`;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Where a recording goes, under the recordings folder: `<provider>/<operation>/<probe name as a file name>.json`. */
export function recordingFile(recording: Pick<Recording, "provider" | "operation" | "name">): string {
  const file = recording.name.replace(/[^A-Za-z0-9_-]+/g, "-").replace(/^-|-$/g, "") || "call";
  return `${recording.provider}/${recording.operation}/${file}.json`;
}

/**
 * The first symbolic link where recordings of `operations` would be written
 * under `dir` (the provider's folder, an operation's, a file already in one),
 * relative to `dir`: checked before any request, so that a refusal costs none.
 */
export function linkInRecordings(dir: string, provider: string, operations: readonly string[]): string | undefined {
  for (const operation of operations) {
    const link = linkOnPath(dir, `${provider}/${operation}`);
    if (link) return link;
    const folder = join(dir, provider, operation);
    if (!statOf(folder)?.isDirectory()) continue;
    const file = readdirSync(folder).find((name) => isLink(join(folder, name)));
    if (file) return `${provider}/${operation}/${file}`;
  }
  return undefined;
}

/** The recording written whole under `dir`, never through a symbolic link (LinkRefused); its path. */
export function writeRecording(dir: string, recording: Recording): string {
  return writeWholeUnder(dir, recordingFile(recording), `${JSON.stringify(recording, null, 2)}\n`, "--record");
}

/** A recording file that cannot be used: its path and why. */
export class RecordingError extends Error {}

/**
 * Every recording of `provider` under `dir`, by file (named relative to `root`), in a stable order; none when it has no
 * folder there.
 */
export function readRecordings(dir: string, provider: string, root: string): { file: string; recording: Recording }[] {
  const top = join(dir, provider);
  if (!statOf(top)?.isDirectory()) return [];
  const out: { file: string; recording: Recording }[] = [];
  for (const operation of readdirSync(top).sort()) {
    const folder = join(top, operation);
    if (!statOf(folder)?.isDirectory()) continue;
    for (const name of readdirSync(folder).sort()) {
      if (!name.endsWith(".json")) continue;
      const file = join(folder, name);
      const shown = relative(root, file) || file;
      const recording = parseRecording(recordingText(file, shown), shown);
      if (recording.provider !== provider || recording.operation !== operation)
        throw new RecordingError(
          `${shown}: records ${recording.provider} ${recording.operation}, but lies in the folder of ` +
            `${provider} ${operation}`,
        );
      out.push({ file: shown, recording });
    }
  }
  return out;
}

/**
 * The most of a recording read: its answers are held to the tools' reply limits (64 MiB unless a manifest says less).
 */
const RECORDING_LIMIT = { bytes: 256 * 1024 * 1024, what: "a recording" };

/** A recording's text: a file (not a pipe or device, which could be read for ever), within the limit, UTF-8. */
function recordingText(file: string, shown: string): string {
  try {
    return readSourceText(file, shown, RECORDING_LIMIT);
  } catch (e) {
    if (e instanceof UnreadableSource) throw new RecordingError(e.message);
    throw e;
  }
}

/** A value of a recording as a message shows it: JSON, cut short, escaped. */
const shownValue = (value: unknown) => {
  const json = JSON.stringify(value) ?? String(value);
  return lineText(json.length > 80 ? `${json.slice(0, 80)}…` : json);
};

function parseRecording(text: string, file: string): Recording {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new RecordingError(`${file}: not JSON (${(e as Error).message})`);
  }
  // Before anything walks it: the messages below (JSON.stringify), canonical forms and replayed inputs recurse.
  const deep = tooDeep(data);
  if (deep) throw new RecordingError(`${file}: ${shownPath(deep)}: ${NESTING_RULE}`);
  const r = data as Partial<Recording>;
  if (!r || typeof r !== "object" || r.recording !== RECORDING_VERSION)
    throw new RecordingError(
      `${file}: not a recording of this version (field "recording" must be ${RECORDING_VERSION}, ` +
        `got ${shownValue(r?.recording)})`,
    );
  for (const field of ["provider", "operation", "name", "recordedAt", "origin"] as const) {
    if (typeof r[field] !== "string")
      throw new RecordingError(`${file}: field "${field}" must be a string, got ${shownValue(r[field])}`);
  }
  if (Number.isNaN(Date.parse(r.recordedAt as string)))
    throw new RecordingError(
      `${file}: field "recordedAt" must be a date and time (ISO 8601), got ${shownValue(r.recordedAt)}`,
    );
  if (!r.input || typeof r.input !== "object" || Array.isArray(r.input))
    throw new RecordingError(`${file}: field "input" must be an object`);
  if (!Array.isArray(r.secretParams) || !r.secretParams.every((s) => typeof s === "string"))
    throw new RecordingError(`${file}: field "secretParams" must be a list of names`);
  if (!Array.isArray(r.exchanges) || !r.exchanges.length)
    throw new RecordingError(`${file}: field "exchanges" must be a list of at least one exchange`);
  r.exchanges.forEach((ex, i) => {
    const e = ex as Partial<RecordedExchange>;
    for (const field of ["method", "url", "canonical", "requestBody", "responseBody"] as const) {
      if (typeof e?.[field] !== "string")
        throw new RecordingError(`${file}: exchanges[${i}].${field} must be a string, got ${shownValue(e?.[field])}`);
    }
    if (!Number.isInteger(e.status))
      throw new RecordingError(`${file}: exchanges[${i}].status must be an HTTP status, got ${shownValue(e.status)}`);
    for (const field of ["requestHeaders", "responseHeaders"] as const) {
      if (!e[field] || typeof e[field] !== "object")
        throw new RecordingError(`${file}: exchanges[${i}].${field} must be an object of header names and values`);
    }
  });
  return r as Recording;
}
