// A delivery checked as its trigger declares: its size, who sent it (an HMAC,
// Standard Webhooks, or a secret echoed in each event), its age, then its
// events picked and mapped to outputs. The raw body is what is verified;
// nothing is parsed before the signature holds. The secret never appears in
// a result.
import { getAtPointer as pointerValue } from "../http/expressions.js";
import { NESTING_RULE, tooDeep } from "../common/nesting.js";
import { ed25519PublicKey, ed25519Verify } from "./ed25519.js";
import { constantTimeEqual, fromBase64, fromHex, hmac, signedText, toBase64, toHex } from "./signature.js";
import type { DeliveryAuthentication, DeliveryValue, TriggerSpec } from "../spec/trigger-types.js";

/** A delivery as received: the raw body, exactly the bytes the provider signed. */
export interface Delivery {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined> | Headers;
  body: string | Uint8Array;
}

export interface VerifyOptions {
  secret: string;
  /** The time to check the delivery's timestamp against (default: now). */
  now?: Date | number;
}

export const TRIGGER_ERROR_CODES = {
  SIGNATURE_MISMATCH:
    "The delivery's signature (or the secret echoed in it) is missing or is not the one the secret gives: " +
    "it was not sent by the provider, or was changed on the way.",
  STALE_EVENT:
    "The delivery's timestamp is outside the trigger's tolerance: an old delivery replayed, or a clock far off.",
  UNKNOWN_EVENT: "The delivery holds no event this trigger takes (another event type, or another change).",
  MALFORMED_EVENT:
    "The delivery is too large, is not the JSON (or form) its trigger reads, or none of its events holds a field a " +
    "required output reads.",
} as const;
export type TriggerErrorCode = keyof typeof TRIGGER_ERROR_CODES;

/** What a verified event gives a workflow: the event itself, and the trigger's outputs read from it. */
export interface TriggerOutputs {
  data: unknown;
  metadata: Record<string, unknown>;
}

export interface TriggerEvent<O extends TriggerOutputs = TriggerOutputs> {
  /** What makes this event unique (deduplication key). */
  id: string;
  event: O["data"];
  outputs: O;
}

/**
 * A delivery's events (`events`; the first also spread at the top; `skipped`: why each of its events left out lacks
 * what a required output reads), or why it was refused.
 */
export type VerifyResult<O extends TriggerOutputs = TriggerOutputs> =
  | ({ ok: true; events: TriggerEvent<O>[]; skipped?: string[] } & TriggerEvent<O>)
  | { ok: false; error: { code: TriggerErrorCode; message: string; trigger: string } };

export async function verifyEvent(
  spec: TriggerSpec,
  delivery: Delivery,
  options: VerifyOptions,
): Promise<VerifyResult> {
  const fail = (code: TriggerErrorCode, message: string): VerifyResult => ({
    ok: false,
    error: { code, message, trigger: spec.id },
  });
  const bytes = typeof delivery.body === "string" ? new TextEncoder().encode(delivery.body) : delivery.body;
  if (bytes.byteLength > spec.maxBodyBytes)
    return fail(
      "MALFORMED_EVENT",
      `the body is ${bytes.byteLength} bytes, over the trigger's limit of ${spec.maxBodyBytes}`,
    );
  const body = new TextDecoder().decode(bytes);
  const headers = lowerHeaders(delivery.headers);
  const nowMs =
    options.now === undefined ? Date.now() : typeof options.now === "number" ? options.now : options.now.getTime();

  const signed = await checkSignature(spec.authentication, {
    body,
    headers,
    url: delivery.url,
    secret: options.secret,
    nowMs,
  });
  if (signed) return fail(signed.code, signed.message);

  const parsed = parseBody(body, headers["content-type"]);
  if (parsed === undefined) return fail("MALFORMED_EVENT", "the body is not JSON (or a form) the trigger can read");
  // Refused before anything walks it (the store's JSON text, a redaction, a run's outputs): a body nested thousands
  // deep overflowed the stack when kept, and its 500 told the provider to send it again, for days.
  const deep = tooDeep(parsed);
  if (deep) return fail("MALFORMED_EVENT", `the body is ${NESTING_RULE}, at /${deep.map((k) => String(k)).join("/")}`);
  const all = spec.items ? pointerValue(parsed, spec.items) : [parsed];
  if (!Array.isArray(all))
    return fail("MALFORMED_EVENT", `the body has no list of events at /${spec.items?.join("/")}`);

  if (spec.authentication.kind === "shared-secret") {
    const pointer = spec.authentication.pointer;
    if (
      !all.every(
        (item) =>
          typeof pointerValue(item, pointer) === "string" &&
          constantTimeEqual(pointerValue(item, pointer) as string, options.secret),
      )
    )
      return fail("SIGNATURE_MISMATCH", `an event's /${pointer.join("/")} is not the subscription's secret`);
  }
  const otherHeader = (spec.matchHeaders ?? []).find((m) => headers[m.header] !== m.equals);
  if (otherHeader)
    return fail(
      "UNKNOWN_EVENT",
      `the delivery's ${otherHeader.header} header is not ${JSON.stringify(otherHeader.equals)}: ` +
        `another event (${describeMatch(spec)})`,
    );
  const mine = all.filter((item) => spec.match.every((m) => pointerValue(item, m.pointer) === m.equals));
  if (mine.length === 0)
    return fail("UNKNOWN_EVENT", `none of the ${all.length} event(s) is this trigger's (${describeMatch(spec)})`);

  const events: TriggerEvent[] = [];
  const skipped: string[] = [];
  for (const item of mine) {
    const metadata = outputsOf(spec, item, parsed, headers);
    if (typeof metadata === "string") {
      skipped.push(metadata);
      continue;
    }
    const idParts = spec.eventId.map((v) => readValue(v, item, parsed, headers));
    const id =
      idParts.every((p) => p !== undefined) && idParts.length > 0
        ? idParts.map(idPart).join(":")
        : `sha256:${toHex(await sha256(body))}:${events.length}`;
    events.push({ id, event: item, outputs: { data: item, metadata } });
  }
  // An event lacking what a required output reads is left out of a delivery whose other events hold it: refused
  // whole, the delivery would take those down with it at every redelivery. One whose events all lack it is malformed.
  if (!events.length) return fail("MALFORMED_EVENT", skipped[0] as string);
  return { ok: true, events, ...(skipped.length ? { skipped } : {}), ...(events[0] as TriggerEvent) };
}

/** An event's outputs, or why it has none: a required one reads what the event lacks. */
function outputsOf(
  spec: TriggerSpec,
  item: unknown,
  parsed: unknown,
  headers: Record<string, string>,
): Record<string, unknown> | string {
  const metadata: Record<string, unknown> = {};
  for (const output of spec.outputs) {
    const value = readValue(output.source, item, parsed, headers);
    if (value === undefined && output.required)
      return `an event lacks ${describeValue(output.source)}, which the output metadata.${output.name} reads`;
    if (value !== undefined) metadata[output.name] = value;
  }
  return metadata;
}

interface SignatureInput {
  body: string;
  headers: Record<string, string>;
  url: string;
  secret: string;
  nowMs: number;
}

async function checkSignature(
  auth: DeliveryAuthentication,
  input: SignatureInput,
): Promise<{ code: TriggerErrorCode; message: string } | undefined> {
  if (auth.kind === "shared-secret") return undefined;
  if (auth.kind === "standard-webhooks") {
    const id = input.headers["webhook-id"];
    const timestamp = input.headers["webhook-timestamp"];
    const header = input.headers["webhook-signature"];
    if (!id || !timestamp || !header)
      return {
        code: "SIGNATURE_MISMATCH" satisfies TriggerErrorCode,
        message: "the delivery lacks webhook-id, webhook-timestamp or webhook-signature",
      };
    const stale = staleness(timestamp, auth.toleranceSeconds, input.nowMs);
    if (stale) return stale;
    const key = fromBase64(input.secret.startsWith("whsec_") ? input.secret.slice(6) : input.secret);
    if (!key)
      return {
        code: "SIGNATURE_MISMATCH" satisfies TriggerErrorCode,
        message: "the secret is not base64 (Standard Webhooks secrets are `whsec_` and base64)",
      };
    const expected = toBase64(await hmac("SHA-256", key, `${id}.${timestamp}.${input.body}`));
    const offered = header.split(" ").flatMap((s) => (s.startsWith("v1,") ? [s.slice(3)] : []));
    return offered.some((s) => constantTimeEqual(s, expected))
      ? undefined
      : {
          code: "SIGNATURE_MISMATCH" satisfies TriggerErrorCode,
          message: "no v1 signature in webhook-signature matches the body",
        };
  }
  if (auth.kind === "ed25519") return checkEd25519(auth, input);
  const header = input.headers[auth.header.toLowerCase()];
  if (!header)
    return {
      code: "SIGNATURE_MISMATCH" satisfies TriggerErrorCode,
      message: `the delivery has no ${auth.header} header`,
    };
  let offered: string[];
  let timestamp = auth.timestamp?.header ? input.headers[auth.timestamp.header.toLowerCase()] : undefined;
  if (auth.pairs) {
    const pairs = header.split(",").map((p): [string, string | undefined] => {
      const at = p.indexOf("=");
      return at < 0 ? [p.trim(), undefined] : [p.slice(0, at).trim(), p.slice(at + 1).trim()];
    });
    offered = pairs.flatMap(([k, v]) => (k === auth.pairs?.signature && v !== undefined ? [v] : []));
    const t = pairs.find(([k]) => k === auth.pairs?.timestamp)?.[1];
    if (t !== undefined) timestamp = t;
  } else {
    offered = [
      auth.prefix && header.startsWith(auth.prefix) ? header.slice(auth.prefix.length) : auth.prefix ? "" : header,
    ];
  }
  if (auth.timestamp) {
    if (!timestamp)
      return { code: "STALE_EVENT" satisfies TriggerErrorCode, message: "the delivery carries no timestamp" };
    const stale = staleness(timestamp, auth.timestamp.toleranceSeconds, input.nowMs);
    if (stale) return stale;
  }
  const secret =
    auth.secret?.encoding === "base64"
      ? fromBase64(
          auth.secret.prefix && input.secret.startsWith(auth.secret.prefix)
            ? input.secret.slice(auth.secret.prefix.length)
            : input.secret,
        )
      : new TextEncoder().encode(input.secret);
  if (!secret)
    return {
      code: "SIGNATURE_MISMATCH" satisfies TriggerErrorCode,
      message: "the secret is not base64, as the trigger declares",
    };
  const text = signedText(auth.signedText, { body: input.body, timestamp, url: input.url, headers: input.headers });
  const digest = await hmac(auth.algorithm, secret, text);
  const expected = auth.encoding === "hex" ? toHex(digest) : toBase64(digest);
  const matches = offered.some((s) =>
    auth.encoding === "hex" ? constantTimeEqual(s.toLowerCase(), expected) : constantTimeEqual(s, expected),
  );
  return matches
    ? undefined
    : {
        code: "SIGNATURE_MISMATCH" satisfies TriggerErrorCode,
        message: `the ${auth.header} signature does not match the body`,
      };
}

/** An Ed25519 signature of the signed text, checked with the public key the trigger's input holds. */
async function checkEd25519(
  auth: Extract<DeliveryAuthentication, { kind: "ed25519" }>,
  input: SignatureInput,
): Promise<{ code: TriggerErrorCode; message: string } | undefined> {
  const mismatch = (message: string): { code: TriggerErrorCode; message: string } => ({
    code: "SIGNATURE_MISMATCH" satisfies TriggerErrorCode,
    message,
  });
  const header = input.headers[auth.header.toLowerCase()];
  if (!header) return mismatch(`the delivery has no ${auth.header} header`);
  const timestamp = auth.timestamp ? input.headers[auth.timestamp.header.toLowerCase()] : undefined;
  if (auth.timestamp) {
    if (!timestamp)
      return { code: "STALE_EVENT" satisfies TriggerErrorCode, message: "the delivery carries no timestamp" };
    const stale = staleness(timestamp, auth.timestamp.toleranceSeconds, input.nowMs);
    if (stale) return stale;
  }
  const key = await ed25519PublicKey(input.secret);
  if (typeof key === "string") return mismatch(key);
  const signature = auth.encoding === "hex" ? fromHex(header.trim()) : fromBase64(header.trim());
  const text = signedText(auth.signedText, { body: input.body, timestamp, url: input.url, headers: input.headers });
  return signature && (await ed25519Verify(key, signature, text))
    ? undefined
    : mismatch(`the ${auth.header} signature does not match the body`);
}

/** A timestamp in seconds (or milliseconds, when it is that large) outside the tolerance. */
function staleness(
  timestamp: string,
  toleranceSeconds: number,
  nowMs: number,
): { code: TriggerErrorCode; message: string } | undefined {
  const n = Number(timestamp);
  if (!Number.isFinite(n))
    return { code: "STALE_EVENT" satisfies TriggerErrorCode, message: "the delivery's timestamp is not a number" };
  const ms = n > 1e11 ? n : n * 1000;
  const age = Math.round((nowMs - ms) / 1000);
  if (Math.abs(age) <= toleranceSeconds) return undefined;
  return {
    code: "STALE_EVENT" satisfies TriggerErrorCode,
    message:
      `the delivery was signed ${Math.abs(age)} s ${age >= 0 ? "ago" : "ahead"}, ` +
      `outside the ${toleranceSeconds} s tolerance`,
  };
}

/**
 * The body as its text is written: a form when labelled one, but JSON whenever its text is a JSON object or list. A
 * form's text never is (`{"type":…}` read as a form is one parameter named after the whole body), and a provider that
 * labels its JSON a form (a default of its HTTP client) otherwise had every event read as no event of the trigger:
 * acknowledged, and never run.
 */
function parseBody(body: string, contentType: string | undefined): unknown {
  const form = contentType?.toLowerCase().includes("application/x-www-form-urlencoded");
  if (form && !/^\s*[[{]/.test(body)) return Object.fromEntries(new URLSearchParams(body));
  try {
    return parseLosslessJson(body);
  } catch {
    return form ? Object.fromEntries(new URLSearchParams(body)) : undefined;
  }
}

/** An integer literal of JSON, and the characters that may continue a number. */
const INTEGER = /^-?\d+$/;
const NUMBER_PART = /[0-9.eE+-]/;

/**
 * JSON as a delivery means it: an integer too large for a number (a 64-bit id such as
 * 820982911946154508, which JSON.parse rounds to ...500) is kept as its text, exactly; every other
 * value as JSON.parse reads it.
 */
export function parseLosslessJson(text: string): unknown {
  let out = "";
  let copied = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      let end = i + 1;
      while (end < text.length && NUMBER_PART.test(text[end] as string)) end++;
      const token = text.slice(i, end);
      if (INTEGER.test(token) && !Number.isSafeInteger(Number(token))) {
        out += `${text.slice(copied, i)}"${token}"`;
        copied = end;
      }
      i = end - 1;
    }
  }
  return JSON.parse(copied ? out + text.slice(copied) : text);
}

function readValue(source: DeliveryValue, item: unknown, body: unknown, headers: Record<string, string>): unknown {
  if (source.from === "header") return headers[source.name.toLowerCase()];
  return pointerValue(source.from === "event" ? item : body, source.pointer);
}

/**
 * One part of an event id as text: a string as it is, a number or boolean as written, an object
 * or list as canonical JSON (keys sorted), so two different objects are two ids and the same one
 * sent with its keys in another order is one (String() made every object `[object Object]`).
 */
function idPart(value: unknown): string {
  return value !== null && typeof value === "object" ? canonicalJson(value) : String(value);
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

function describeValue(source: DeliveryValue): string {
  return source.from === "header" ? `the ${source.name} header` : `/${source.pointer.join("/")}`;
}

function describeMatch(spec: TriggerSpec): string {
  return (
    [
      ...(spec.matchHeaders ?? []).map((m) => `${m.header}: ${JSON.stringify(m.equals)}`),
      ...spec.match.map((m) => `/${m.pointer.join("/")} = ${JSON.stringify(m.equals)}`),
    ].join(", ") || "any event"
  );
}

/** Header names in lower case, one value each (the first of a repeated header). */
export function lowerHeaders(headers: Delivery["headers"]): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  for (const [name, value] of entries) {
    const v = Array.isArray(value) ? value[0] : value;
    if (typeof v === "string") out[name.toLowerCase()] ??= v;
  }
  return out;
}

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(
    await globalThis.crypto.subtle.digest("SHA-256", new TextEncoder().encode(text) as BufferSource),
  );
}
