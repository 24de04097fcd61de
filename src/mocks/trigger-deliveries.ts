// Deliveries of a trigger as its provider would send them, made from the
// OpenAPI document alone: the body from the event's example (or one drawn
// from its schema when the document gives none), made this trigger's (each
// event given the values the trigger matches on, and the shared secret where
// the provider echoes it), then signed as the trigger's authentication
// declares (the runtime's signDelivery). `blockwright emit` sends them; the
// contract suite's trigger cases rehearse the receiver with them.
import { createHash, createPrivateKey, createPublicKey, type KeyObject } from "node:crypto";
import { getAtPointer, parsePointer, signDelivery, type TriggerSpec } from "@blockwright/runtime/internal";
import { jsonMediaType, type OpenApiDocument } from "../load/openapi-document.js";
import { followRefs, type PlacePath } from "../load/source-place.js";
import { DocumentSampler } from "./sample/schema-sample.js";

type Node = Record<string, unknown>;

/** Where the document describes a delivery's body: its media type object. */
export interface EventMedia {
  /** The keys that lead to the media type object, as written (for the reports' lines). */
  path: (string | number)[];
  /** The JSON pointer of its schema, local `$ref`s followed (for the sampler). */
  schemaPointer: string;
  mediaType: string;
  media: Node;
}

/** One example of a delivery's body: named in the document, or drawn from the schema. */
export interface EventExample {
  name: string;
  body: unknown;
  /** Where the document gives it (undefined: drawn from the schema). */
  path?: (string | number)[];
}

/** The name of the example drawn from the schema, where the document gives none. */
export const DRAWN_EXAMPLE = "drawn from the schema";

/**
 * The media type object of the trigger's delivery, or undefined when the document lacks it (the linker checked it is
 * there).
 */
export function eventMedia(doc: OpenApiDocument, trigger: TriggerSpec): EventMedia | undefined {
  const data = doc.source.data as Node;
  let item: PlacePath;
  if (trigger.event.source === "webhook") item = ["webhooks", trigger.event.name];
  else {
    const op = doc.operations.get(trigger.event.operationId);
    if (!op) return undefined;
    const callback: PlacePath = [...op.location, "callbacks", trigger.event.name];
    const expressions = Object.keys((valueAt(data, followRefs(data, callback)) as Node | undefined) ?? {});
    const expression = expressions.find(
      (e) => valueAt(data, followRefs(data, [...callback, e, "post", "requestBody", "content"])) !== undefined,
    );
    if (expression === undefined) return undefined;
    item = [...callback, expression];
  }
  const contentPath = [...item, "post", "requestBody", "content"];
  const content = valueAt(data, followRefs(data, contentPath)) as Node | undefined;
  const mediaType =
    jsonMediaType(content) ?? Object.keys(content ?? {}).find((m) => m.startsWith("application/x-www-form-urlencoded"));
  if (!content || mediaType === undefined) return undefined;
  const path = [...contentPath, mediaType];
  return {
    path,
    schemaPointer: pointerOf(followRefs(data, [...path, "schema"])),
    mediaType,
    media: content[mediaType] as Node,
  };
}

/**
 * The document's examples of the delivery's body (`example`, then each of `examples`), else one drawn from its schema
 * (with the fields `trigger` reads).
 */
export function eventExamples(doc: OpenApiDocument, media: EventMedia, trigger?: TriggerSpec): EventExample[] {
  const examples: EventExample[] = [];
  if (media.media.example !== undefined)
    examples.push({ name: "example", body: media.media.example, path: [...media.path, "example"] });
  for (const [name, raw] of Object.entries((media.media.examples ?? {}) as Record<string, Node>)) {
    const value = doc.resolve(raw).value;
    if (value !== undefined) examples.push({ name, body: value, path: [...media.path, "examples", name] });
  }
  if (examples.length) return examples;
  const drawn = samplerOf(doc).sample(media.schemaPointer, { everyField: true });
  return drawn
    ? [{ name: DRAWN_EXAMPLE, body: trigger ? withReadFields(doc, media, trigger, drawn.value) : drawn.value }]
    : [];
}

/**
 * A drawn body given the fields the trigger reads (its outputs, its event id) that the draw left out as optional, each
 * drawn from its own schema, from the first object missing on the way: a body of required fields alone failed the
 * trigger's outputs (MALFORMED_EVENT) on a hand-declared webhook. A list of events drawn empty gets one event.
 */
function withReadFields(doc: OpenApiDocument, media: EventMedia, trigger: TriggerSpec, drawn: unknown): unknown {
  const body = structuredClone(drawn) as unknown;
  if (!isNode(body)) return body;
  const sampler = samplerOf(doc);
  const data = doc.source.data as Node;
  const fill = (root: Node, rootSchema: string, pointer: readonly string[]) => {
    for (let depth = 1; depth <= pointer.length; depth++) {
      const at = pointer.slice(0, depth);
      if (getAtPointer(root, at) !== undefined) continue;
      const parent = depth === 1 ? root : getAtPointer(root, pointer.slice(0, depth - 1));
      const schema = schemaPointerAt(data, rootSchema, at);
      const made = schema === undefined ? undefined : sampler.sample(schema, { everyField: true });
      if (!(isNode(parent) || Array.isArray(parent)) || !made) return;
      Object.defineProperty(parent, at[depth - 1] as string, {
        value: made.value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  };
  const read = [...trigger.outputs.map((o) => o.source), ...trigger.eventId];
  for (const source of read) if (source.from === "body") fill(body, media.schemaPointer, source.pointer);
  const itemsSchema = trigger.items ? schemaPointerAt(data, media.schemaPointer, [...trigger.items, "0"]) : undefined;
  if (trigger.items && itemsSchema) {
    fill(body, media.schemaPointer, [...trigger.items, "0"]);
    const list = getAtPointer(body, trigger.items);
    for (const event of Array.isArray(list) ? list : [])
      if (isNode(event))
        for (const source of read) if (source.from === "event") fill(event, itemsSchema, source.pointer);
  } else if (!trigger.items)
    for (const source of read) if (source.from === "event") fill(body, media.schemaPointer, source.pointer);
  return body;
}

/**
 * The JSON pointer of the schema of the value at `path` under the schema at `schema`: through `$ref`s, `properties`,
 * `items` and the members of `allOf`, `anyOf` and `oneOf` that name the field; undefined where none says.
 */
function schemaPointerAt(data: Node, schema: string, path: readonly string[], depth = 0): string | undefined {
  if (!path.length || depth > 24) return path.length ? undefined : schema;
  const node = getAtPointer(data, parsePointer(schema));
  if (!isNode(node)) return undefined;
  if (typeof node.$ref === "string" && node.$ref.startsWith("#"))
    return schemaPointerAt(data, node.$ref.slice(1), path, depth + 1);
  const [key, ...rest] = path as [string, ...string[]];
  if (isNode(node.properties) && Object.hasOwn(node.properties, key))
    return schemaPointerAt(data, `${schema}/properties/${escapeKey(key)}`, rest, depth + 1);
  if (/^\d+$/.test(key) && isNode(node.items)) return schemaPointerAt(data, `${schema}/items`, rest, depth + 1);
  for (const k of ["allOf", "anyOf", "oneOf"])
    for (const [i] of (Array.isArray(node[k]) ? (node[k] as unknown[]) : []).entries()) {
      const found = schemaPointerAt(data, `${schema}/${k}/${i}`, path, depth + 1);
      if (found !== undefined) return found;
    }
  return undefined;
}

function escapeKey(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

/** Whether `body` is valid against the delivery's schema in the document. */
export function validDeliveryBody(doc: OpenApiDocument, media: EventMedia, body: unknown): boolean {
  return samplerOf(doc).valid(body, media.schemaPointer);
}

/** A field of each event set to a value (`--param /book/id=b-7`, or a case's change). */
export interface EventField {
  pointer: string[];
  value: unknown;
}

/**
 * The delivery's body text: `example` made this trigger's. Each event (the
 * body, or each item of the list `items` points at) gets the values the
 * trigger matches on, the secret where the provider echoes it (a shared
 * secret), then `fields`.
 */
export function deliveryBody(
  trigger: TriggerSpec,
  media: EventMedia,
  example: unknown,
  options: { secret: string; fields?: EventField[] },
): string {
  const body = structuredClone(example ?? {}) as Node;
  const list = trigger.items ? getAtPointer(body, trigger.items) : undefined;
  const events = trigger.items ? (Array.isArray(list) ? list : []) : [body];
  for (const event of events) {
    if (!isNode(event)) continue;
    for (const m of trigger.match) setAt(event, m.pointer, m.equals);
    if (trigger.authentication.kind === "shared-secret") setAt(event, trigger.authentication.pointer, options.secret);
    for (const f of options.fields ?? []) setAt(event, f.pointer, f.value);
  }
  if (!media.mediaType.startsWith("application/x-www-form-urlencoded")) return JSON.stringify(body);
  return new URLSearchParams(
    Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v)]),
  ).toString();
}

/**
 * The headers that make `body` verify, signed at `now`. A Standard Webhooks
 * id is made from the body: the same delivery sent twice is the same event
 * (deduplicated), another body another one.
 */
export async function deliveryHeaders(
  trigger: TriggerSpec,
  media: EventMedia,
  body: string,
  options: { secret: string; url: string; now?: number },
): Promise<Record<string, string>> {
  const id = `msg_${createHash("sha256").update(body).digest("hex").slice(0, 32)}`;
  const signed = await signDelivery(trigger, body, {
    secret: options.secret,
    url: options.url,
    id,
    contentType: media.mediaType,
    ...(options.now !== undefined ? { now: options.now } : {}),
  });
  // The headers the trigger routes on (an event type sent as a header), as the provider sends them.
  for (const m of trigger.matchHeaders ?? []) signed[m.header] = m.equals;
  return signed;
}

/** `/a/b` set to `value`, making the objects on the way. */
function setAt(target: Node, pointer: readonly string[], value: unknown): void {
  let node = target;
  for (const [i, key] of pointer.entries()) {
    if (i === pointer.length - 1) {
      Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });
      return;
    }
    const next = Object.hasOwn(node, key) ? node[key] : undefined;
    if (!isNode(next))
      Object.defineProperty(node, key, { value: {}, enumerable: true, writable: true, configurable: true });
    node = node[key] as Node;
  }
}

const samplers = new WeakMap<OpenApiDocument, DocumentSampler>();

function samplerOf(doc: OpenApiDocument): DocumentSampler {
  let sampler = samplers.get(doc);
  if (!sampler) samplers.set(doc, (sampler = new DocumentSampler(doc.source.data as Node)));
  return sampler;
}

function pointerOf(path: PlacePath): string {
  return path.map((k) => `/${escapeKey(String(k))}`).join("");
}

function valueAt(data: unknown, path: PlacePath): unknown {
  let node = data;
  for (const key of path) {
    if (!isNode(node) && !Array.isArray(node)) return undefined;
    if (!Object.hasOwn(node as object, String(key))) return undefined;
    node = (node as Node)[String(key)];
  }
  return node;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** DER of PKCS #8 for an Ed25519 private key, before its 32-byte seed (RFC 8410). */
const PKCS8_SEED_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/**
 * What a receiver checks a delivery signed with `secret` with: the secret itself, or, for Ed25519, the public key of
 * the private key the provider signs with (PKCS #8 PEM, or its 32-byte seed as hex or base64), as PEM. A text that is
 * no private key is given back as it is, for the check to refuse.
 */
export function verifyingKey(trigger: TriggerSpec, secret: string): string {
  if (trigger.authentication.kind !== "ed25519") return secret;
  const text = secret.trim();
  try {
    if (text.startsWith("-----BEGIN")) return pemPublic(createPrivateKey(text));
    const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
    const der = bytes.length === 32 ? Buffer.concat([PKCS8_SEED_PREFIX, bytes]) : bytes;
    return pemPublic(createPrivateKey({ key: der, format: "der", type: "pkcs8" }));
  } catch {
    return secret;
  }
}

const pemPublic = (key: KeyObject) => createPublicKey(key).export({ format: "pem", type: "spki" }).toString();
