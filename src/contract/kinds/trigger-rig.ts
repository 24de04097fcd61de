// What the trigger cases (trigger.ts) are rehearsed with: the secrets a delivery is signed with, the receiver
// `blockwright serve` runs (src/serve/receiver.ts) on a loopback port with the runs it starts, a delivery altered
// after signing or made another event's, and what a started run's outputs must hold.
import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { isDeepStrictEqual } from "node:util";
import { getAtPointer, type TriggerErrorCode, type TriggerSpec } from "@blockwright/runtime/internal";
import { nodeHttp } from "../../common/request-guard.js";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import { type EventField, type EventMedia, verifyingKey } from "../../mocks/trigger-deliveries.js";
import { createReceiver } from "../../serve/receiver.js";
import { memoryStore } from "../../serve/memory-store.js";
import { check, fail } from "../call.js";
import { type CaseSource, type ContractCase, ContractFailure } from "../types.js";

/**
 * What every case of one trigger is made with: its event's media, the secrets, the first example, and how a case is
 * named, refused or signed.
 */
export interface Rig {
  trigger: TriggerSpec;
  doc: OpenApiDocument;
  media: EventMedia;
  right: string;
  wrong: string;
  first: unknown;
  at: (...path: (string | number)[]) => CaseSource;
  made: (name: string, run: ContractCase["run"], source: CaseSource) => ContractCase;
  refused: (
    name: string,
    code: TriggerErrorCode,
    source: CaseSource,
    make: (url: string) => Promise<{ body: string; headers: Record<string, string> }>,
  ) => ContractCase;
  signed: (
    url: string,
    fields: EventField[],
    secret: string,
    now?: number,
  ) => Promise<{ body: string; headers: Record<string, string> }>;
}

/** What a delivery is signed with in the cases: a secret of the form the scheme takes, and another one. */
export function secrets(trigger: TriggerSpec): { right: string; wrong: string } {
  const auth = trigger.authentication;
  const encoded = (key: string, prefix = "") => `${prefix}${Buffer.from(key).toString("base64")}`;
  if (auth.kind === "standard-webhooks")
    return { right: encoded("zq-contract-signing-key", "whsec_"), wrong: encoded("zq-contract-other-key", "whsec_") };
  if (auth.kind === "hmac" && auth.secret?.encoding === "base64")
    return {
      right: encoded("zq-contract-signing-key", auth.secret.prefix),
      wrong: encoded("zq-contract-other-key", auth.secret.prefix),
    };
  // The provider signs with its private key (a 32-byte seed, as hex) and the receiver checks with the public one:
  // `verifyingKey` gives it.
  if (auth.kind === "ed25519")
    return { right: seedOf("zq-contract-signing-key"), wrong: seedOf("zq-contract-other-key") };
  return { right: "zq-contract-secret-1", wrong: "zq-contract-secret-2" };
}

const seedOf = (name: string) => createHash("sha256").update(name).digest("hex");

export type Post = (
  body: string,
  headers: Record<string, string>,
  query?: string,
) => Promise<{ status: number; text: string; headers: Headers }>;

/** The receiver of `serve` for `trigger`, on a loopback port for the length of `use`, with the runs it starts. */
export async function withReceiver(
  trigger: TriggerSpec,
  secret: string,
  use: (
    post: Post,
    started: { id: string; outputs: { data: unknown; metadata: Record<string, unknown> } }[],
    url: string,
  ) => Promise<void>,
): Promise<void> {
  const started: { id: string; outputs: { data: unknown; metadata: Record<string, unknown> } }[] = [];
  const log: string[] = [];
  const path = `/triggers/${trigger.id}`;
  const receiver = createReceiver({
    trigger,
    path,
    secret: verifyingKey(trigger, secret),
    store: memoryStore(),
    log: (line) => log.push(line),
    accepted: (events) => void started.push(...events),
  });
  // Loaded as a case runs: an ESM import of node:http builds its namespace from every export, whose WebSocket getters
  // load undici (0.035 s of CPU in the command's own thread, which derives the cases and runs none).
  const { createServer } = nodeHttp();
  const server = createServer(receiver.handle);
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  try {
    await use(
      async (body, headers, query = "") => {
        const response = await fetch(base + query, { method: "POST", headers, body });
        return { status: response.status, text: await response.text(), headers: response.headers };
      },
      started,
      base,
    );
  } catch (e) {
    if (e instanceof ContractFailure && log.length)
      throw new ContractFailure(`${e.message} (receiver: ${log.join("; ")})`);
    throw e;
  } finally {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
  }
}

/** The code a receiver's refusal names: its JSON body's `error.code`, else the whole text (not the receiver's JSON). */
export function refusalCode(text: string): string {
  try {
    const code = (JSON.parse(text) as { error?: { code?: unknown } } | null)?.error?.code;
    return typeof code === "string" ? code : text.trim();
  } catch {
    return text.trim();
  }
}

/** `/a/b` of a plain object set to `value`, making the objects on the way. */
export function setField(target: Record<string, unknown>, pointer: readonly string[], value: unknown): void {
  let node = target;
  for (const [i, key] of pointer.entries()) {
    if (i === pointer.length - 1) node[key] = value;
    else node = (node[key] ??= {}) as Record<string, unknown>;
  }
}

/** The body changed after signing: one more field (JSON) or parameter (form). */
export function tampered(body: string, media: EventMedia): string {
  if (media.mediaType.startsWith("application/x-www-form-urlencoded")) return `${body}&zqTampered=1`;
  const parsed = JSON.parse(body) as unknown;
  return parsed && typeof parsed === "object" && !Array.isArray(parsed)
    ? JSON.stringify({ ...parsed, zqTampered: true })
    : `${body} `;
}

/** A value of a matched field that is not the trigger's: another of its enum, else one that differs. */
export function otherValue(doc: OpenApiDocument, trigger: TriggerSpec, m: TriggerSpec["match"][number]): unknown {
  const schema = trigger.eventSchema ? doc.schemaAt(trigger.eventSchema as Schema, m.pointer) : undefined;
  const other = Array.isArray(schema?.enum)
    ? schema.enum.find((v) => v !== m.equals && typeof v === typeof m.equals)
    : undefined;
  if (other !== undefined) return other;
  return typeof m.equals === "string"
    ? `${m.equals}.zq-other`
    : typeof m.equals === "number"
      ? m.equals + 1
      : !m.equals;
}

/**
 * A run's outputs: `data` the event as delivered, each declared field read from it (or a header), present when
 * required, of its schema's type.
 */
export function expectTriggerOutputs(
  doc: OpenApiDocument,
  trigger: TriggerSpec,
  outputs: { data: unknown; metadata: Record<string, unknown> },
  event: unknown,
  headers: Record<string, string>,
): void {
  check(isDeepStrictEqual(outputs.data, event), () => "output data is not the event as delivered");
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  for (const o of trigger.outputs) {
    const expected =
      o.source.from === "header"
        ? lower[o.source.name]
        : getAtPointer(o.source.from === "event" ? event : outputs.data, o.source.pointer);
    const value = outputs.metadata[o.name];
    if (value === undefined) {
      check(!o.required || expected === undefined, () => `required output metadata.${o.name} is missing`);
      continue;
    }
    check(
      isDeepStrictEqual(value, expected),
      () => `output metadata.${o.name} is ${JSON.stringify(value)}, but the delivery holds ${JSON.stringify(expected)}`,
    );
    if (o.source.from !== "event" || !trigger.eventSchema) continue;
    const schema = doc.schemaAt(trigger.eventSchema as Schema, o.source.pointer);
    const problem = schema && typeProblem(schema, value);
    if (problem) fail(`output metadata.${o.name} ${problem}`);
  }
}

/** How `value` breaks its schema's type or enum, if it does. */
function typeProblem(schema: Schema, value: unknown): string | undefined {
  const types = (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : []) as string[];
  const actual = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
  // An integer too large for a number reaches the workflow as its exact text (parseLosslessJson).
  const bigInteger = typeof value === "string" && /^-?\d+$/.test(value) && !Number.isSafeInteger(Number(value));
  const fits = (t: string) =>
    t === actual ||
    (t === "integer" && (Number.isInteger(value) || bigInteger)) ||
    (t === "number" && (actual === "number" || bigInteger));
  if (types.length && !types.some(fits)) return `is a ${actual}, not a ${types.join(" or ")} as its schema says`;
  if (Array.isArray(schema.enum) && !schema.enum.some((v) => isDeepStrictEqual(v, value)))
    return `is ${JSON.stringify(value)}, not one of its schema's enum`;
  return undefined;
}
