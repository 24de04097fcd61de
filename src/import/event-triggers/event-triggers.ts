// Event triggers `add` drafts (triggers.<id>.event): one for each delivery the document describes, an OpenAPI 3.1
// `webhooks` entry or a callback of a drafted operation, whose signing it says (delivery-signing.ts): its title and
// description from the delivery's words, its eventId the event's own id (read as the poll triggers read an item's),
// its event type an output. A delivery whose signing the document does not say gets no trigger (one unauthenticated
// is refused) but a note naming it, at its operation (a callback) or at the document (a webhook).
import { formatPointer } from "@blockwright/runtime/internal";
import { followLocalRefs, valueAt } from "../../load/json-ref.js";
import type { OpenApiDocument, Schema } from "../../load/openapi-document.js";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import { itemOwnId } from "../../load/schemas/item-own-id.js";
import type { ReviewNote } from "../manifest-yaml.js";
import { firstSentence, titleText } from "../plain-text.js";
import { snakeCase } from "../draft/words/operation-words.js";
import { deliverySigning } from "./delivery-signing.js";

type Json = Record<string, unknown>;
type Trigger = NonNullable<Manifest["triggers"]>[string];

/** One delivery the document describes: where, its POST operation and path item. */
interface Delivery {
  event: NonNullable<Trigger["event"]>;
  /** How notes name it: `webhook zqThingMade`, `callback onEvent of zq_create_hook`. */
  said: string;
  name: string;
  post: Json;
  pathItem: Json;
}

/** A field naming the kind of event (`eventType`, `event_type`), looked for in the event and its `data`. */
const EVENT_TYPE = /^event[_-]?(type|name)$/i;
/** Objects an event's own fields are often wrapped in (JSON:API `data`, `attributes`). */
const WRAPPERS = ["data", "attributes"];
const JSON_TYPE = /^application\/([\w.+-]*\+)?json\b/i;
/** A webhook's or callback's name a trigger can name (triggers.schema.json). */
const EVENT_NAME = /^[A-Za-z0-9_.:-]+$/;
/**
 * A callback key that is an address written whole (`https://search.example.org/v1`): no runtime expression
 * (`{$request.body#/url}`), no placeholder (`{webhookURL}`) nor words (`Provided URL in /subscriptions`) standing for
 * the address a subscriber gave.
 */
const FIXED_ADDRESS = /^[a-z][a-z0-9+.-]*:\/\/[^\s{}]+$/i;

/** Drafts a trigger for each signed delivery of `doc` (the cut); a note for each described without its signing. */
export function draftEventTriggers(doc: OpenApiDocument, manifest: Manifest, notes: ReviewNote[]): void {
  const data = doc.source.data as Json;
  const unsigned = new Map<string, string[]>();
  for (const delivery of deliveries(doc, manifest, notes)) {
    const body = bodySchema(doc, delivery.post);
    const fields = body ? properties(doc, body) : {};
    const signing = body && deliverySigning(data, delivery.post, delivery.pathItem, fields);
    if (!body || !signing) {
      const at = "callback" in delivery.event ? `operations.${delivery.event.callback?.operation}` : "openapi";
      unsigned.set(at, [...(unsigned.get(at) ?? []), delivery.said]);
      continue;
    }
    const id = triggerName(manifest, delivery.name);
    const own = ownId(doc, body, [], 0);
    const type = eventType(doc, body, [], 0);
    const outputs: NonNullable<Trigger["outputs"]> = {};
    if (own) outputs.id = output(doc, body, own.pointer, "The event's id.");
    if (type) outputs.eventType = output(doc, body, type, "The kind of event.");
    const ids = eventIdOf(own, signing.authentication);
    const kind = type === undefined ? undefined : onlyValue(doc, body, type);
    manifest.triggers = {
      ...manifest.triggers,
      [id]: {
        ...wordsOf(delivery, followLocalRefs(data, delivery.post.requestBody)?.description),
        event: delivery.event,
        authentication: signing.authentication,
        secret: signing.secret,
        ...(kind === undefined ? {} : { match: { [type as string]: kind } }),
        ...(ids.eventId ? { eventId: ids.eventId } : {}),
        ...(Object.keys(outputs).length ? { outputs } : {}),
      },
    };
    const matched =
      kind === undefined
        ? ""
        : `; it takes only events whose ${type} is ${JSON.stringify(kind)}, the one value the document gives it ` +
          "(deliveries to one address carry every kind)";
    notes.push({ at: ["triggers", id], note: `${delivery.said}: ${signing.note}${ids.said}${matched}` });
  }
  for (const [at, said] of unsigned)
    notes.push({
      at: at.split("."),
      note:
        `the document describes deliveries (${said.join(", ")}) but not how they are signed: no trigger drafted, ` +
        "as one needs how a delivery proves its sender (an HMAC header, Standard Webhooks, a secret echoed in the " +
        "body); declare it by hand from the provider's documentation (docs/guides/triggers.md)",
    });
}

/**
 * The names of the published document's webhooks whose signing it says: the cut keeps them (draft-provider.ts), the
 * rest are left out as before.
 */
export function signedWebhooks(data: Json): string[] {
  return Object.entries((followLocalRefs(data, data.webhooks) ?? {}) as Json).flatMap(([name, value]) => {
    const pathItem = followLocalRefs(data, value);
    const post = followLocalRefs(data, pathItem?.post);
    const body = post && followLocalRefs(data, post.requestBody);
    const json = Object.entries((body?.content ?? {}) as Record<string, Json>).find(([type]) => JSON_TYPE.test(type));
    const fields = followLocalRefs(data, json?.[1]?.schema)?.properties;
    const signed =
      pathItem && post && json?.[1]?.schema && deliverySigning(data, post, pathItem, (fields ?? {}) as Json);
    return signed && EVENT_NAME.test(name) ? [name] : [];
  });
}

/**
 * What tells one event from another: the Standard Webhooks message id (the same on every retry, by the standard),
 * else the event's own id, else none (the body's hash); with what the note says of it.
 */
function eventIdOf(
  own: { pointer: string; why?: string } | undefined,
  authentication: NonNullable<Trigger["authentication"]>,
): { eventId?: string[]; said: string } {
  if (authentication.standardWebhooks)
    return { eventId: ["$request.header.webhook-id"], said: "; its eventId is the webhook-id header, by the standard" };
  if (own)
    return {
      eventId: [`$event#${own.pointer}`],
      said: `; its eventId is the event's ${own.pointer}${own.why ? ` (${own.why})` : ""}: check it is one event's own`,
    };
  return { said: "; no field of the event reads as its id, so a delivery is told apart by its body's hash: name one" };
}

/**
 * The document's webhooks and the drafted operations' callbacks, each a POST; a note for each callback no trigger can
 * take (uncallableBack).
 */
function deliveries(doc: OpenApiDocument, manifest: Manifest, notes: ReviewNote[]): Delivery[] {
  const data = doc.source.data as Json;
  const found: Delivery[] = [];
  const post = (pathItem: Json | undefined) => followLocalRefs(data, pathItem?.post);
  for (const [id, operation] of Object.entries(manifest.operations)) {
    const op = doc.operations.get(operation.operationId);
    const raw = op ? (valueAt(data, op.location) as Json | undefined) : undefined;
    for (const [name, value] of Object.entries((followLocalRefs(data, raw?.callbacks) ?? {}) as Json)) {
      const callback = followLocalRefs(data, value) ?? {};
      for (const [address, expression] of Object.entries(callback)) {
        const pathItem = followLocalRefs(data, expression);
        const delivery = post(pathItem);
        if (!pathItem || !delivery) continue;
        const why = uncallableBack(name, address);
        if (why) {
          notes.push({ at: ["operations", id], note: `callback ${JSON.stringify(name)} of ${id}: ${why}` });
          break;
        }
        const event = { callback: { operation: id, name } };
        found.push({ event, said: `callback ${name} of ${id}`, name, post: delivery, pathItem });
        break;
      }
    }
  }
  for (const [name, value] of Object.entries((followLocalRefs(data, data.webhooks) ?? {}) as Json)) {
    const pathItem = followLocalRefs(data, value);
    const delivery = post(pathItem);
    if (pathItem && delivery && EVENT_NAME.test(name))
      found.push({ event: { webhook: name }, said: `webhook ${name}`, name, post: delivery, pathItem });
  }
  return found;
}

/**
 * Why no trigger can take a callback's deliveries, if none can. OpenAPI keys a callback's path item by a runtime
 * expression naming the URL called back, the address a subscriber gave: a key that is an address written whole is
 * one the document fixes, which the provider calls rather than the subscriber's receiver (a third party's index).
 * A name a trigger's event cannot hold (a condition, `target === index`) is one to rename first.
 */
function uncallableBack(name: string, address: string): string | undefined {
  if (FIXED_ADDRESS.test(address))
    return (
      `no trigger drafted, as it calls ${JSON.stringify(address)}, an address the document fixes, not one a ` +
      "request or its answer gives (a runtime expression such as {$request.body#/url}): the provider calls it, not " +
      "your receiver"
    );
  if (!EVENT_NAME.test(name))
    return (
      "no trigger drafted, as its name is none a trigger's event can name (letters, digits and _ . : - only): " +
      "rename the callback in the document's copy (openapi.yaml) and declare the trigger by hand " +
      "(docs/guides/triggers.md)"
    );
  return undefined;
}

/** The delivery's JSON request body schema. */
function bodySchema(doc: OpenApiDocument, post: Json): Schema | undefined {
  const body = followLocalRefs(doc.source.data, post.requestBody);
  const content = (body?.content ?? {}) as Record<string, Json>;
  const json = Object.keys(content).find((type) => JSON_TYPE.test(type));
  const schema = json ? content[json]?.schema : undefined;
  return schema && typeof schema === "object" ? (schema as Schema) : undefined;
}

function properties(doc: OpenApiDocument, schema: Schema): Record<string, Schema> {
  try {
    return (doc.flatten(doc.resolve(schema)).properties ?? {}) as Record<string, Schema>;
  } catch {
    return {};
  }
}

/** The event's own id: a field of the event, else of the object it wraps its fields in (`/data/id`). */
function ownId(
  doc: OpenApiDocument,
  schema: Schema,
  at: string[],
  depth: number,
): { pointer: string; why?: string } | undefined {
  const fields = properties(doc, schema);
  const required = new Set((doc.flatten(doc.resolve(schema)).required as string[] | undefined) ?? []);
  const own = itemOwnId(
    Object.entries(fields).map(([name, f]) => ({
      name,
      readOnly: false,
      required: required.has(name),
      scalar: /^(string|integer|number|undefined)$/.test(String(doc.flatten(doc.resolve(f)).type)),
    })),
    [],
  );
  if (own && "field" in own) return { pointer: formatPointer([...at, own.field]), why: own.why };
  const wrapper = depth < 2 && WRAPPERS.find((w) => fields[w]);
  return wrapper ? ownId(doc, fields[wrapper] as Schema, [...at, wrapper], depth + 1) : undefined;
}

/** The field naming the kind of event, in the event or the objects it wraps its fields in. */
function eventType(doc: OpenApiDocument, schema: Schema, at: string[], depth: number): string | undefined {
  const fields = properties(doc, schema);
  const named = Object.keys(fields).find((f) => EVENT_TYPE.test(f));
  if (named) return formatPointer([...at, named]);
  for (const wrapper of depth < 2 ? WRAPPERS.filter((w) => fields[w]) : []) {
    const found = eventType(doc, fields[wrapper] as Schema, [...at, wrapper], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * The one value the event's field at `pointer` can hold (an enum of one, a const): the trigger's match, as a provider
 * posts every kind of event to the one address its subscriber gave, each trigger taking its own kind.
 */
function onlyValue(doc: OpenApiDocument, body: Schema, pointer: string): string | number | boolean | undefined {
  let schema: Schema | undefined = body;
  for (const name of pointer.split("/").slice(1))
    schema = schema && properties(doc, schema)[name.replaceAll("~1", "/").replaceAll("~0", "~")];
  if (!schema) return undefined;
  const flat = doc.flatten(doc.resolve(schema));
  const values = flat.const !== undefined ? [flat.const] : Array.isArray(flat.enum) ? flat.enum : [];
  const [value] = values;
  return values.length === 1 && ["string", "number", "boolean"].includes(typeof value)
    ? (value as string | number | boolean)
    : undefined;
}

function output(doc: OpenApiDocument, body: Schema, at: string, description: string) {
  const guaranteed = doc.isGuaranteed(body, at.split("/").slice(1));
  return { from: `$event#${at}`, description, ...(guaranteed ? {} : { required: false }) };
}

/** Words a delivery's summary shares with every delivery's (`Handling webhook events`): they name no event. */
const GENERIC =
  /^(events?|webhooks?|callbacks?|hooks?|notifications?|handl(e|es|ing)|receiv(e|es|ing)|on|the|an?|of|for)$/;

/** A word's first five letters, so that `answered` meets `answer`. */
const stem = (word: string) => word.toLowerCase().slice(0, 5);

/** Whether `text` names the delivery `name`'s event: shares a word of the name other than the generic ones. */
function namesEvent(text: string, name: string): boolean {
  const own = snakeCase(name)
    .split("_")
    .filter((w) => w && !GENERIC.test(w));
  const said = new Set(snakeCase(text).split("_").map(stem));
  return !own.length || own.some((w) => said.has(stem(w)));
}

/**
 * The trigger's title and description from the delivery's summary and description (else its body's) where they name
 * its event, else
 * its name's words: a summary shared by every delivery (`Handling webhook events`) would title each trigger alike.
 */
function wordsOf(delivery: Delivery, bodyWords: unknown): { title: string; description: string } {
  const text = (key: string, ...more: unknown[]) =>
    [delivery.post[key], delivery.pathItem[key], ...more].find((w): w is string => typeof w === "string" && !!w.trim());
  const summary = text("summary");
  // A delivery described only on its request body ("Triggered by your request to DELETE /things/{id}") says it there.
  const description = text("description", bodyWords);
  const title = [summary, description]
    .map((w) => w && titleText(w, 80))
    .find((w): w is string => !!w && namesEvent(w, delivery.name));
  const about = description ? firstSentence(description, 200) : "";
  return {
    title: title ?? nameWords(delivery.name),
    description: about || `Starts for each ${delivery.name} event the provider delivers.`,
  };
}

/** `zqThingMade`, `fax.delivered` as words: `Zq thing made`, `Fax delivered`. */
function nameWords(name: string): string {
  const words = snakeCase(name).replaceAll("_", " ");
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** `<provider>_<delivery name>`, named apart from the operations and the triggers drafted. */
function triggerName(manifest: Manifest, name: string): string {
  const base = `${manifest.provider}_${snakeCase(name) || "event"}`;
  let id = base;
  for (let i = 2; id in manifest.operations || id in (manifest.triggers ?? {}); i++) id = `${base}_${i}`;
  return id;
}
