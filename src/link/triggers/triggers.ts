// `triggers`: events of the provider that start a workflow. Each names its
// event in the document (a `webhooks` entry, or an operation's callback),
// whose request body types the event; the fields it matches on, reads outputs
// and ids from must exist there. The authentication, handshakes and the
// subscription's steps are declared values the runtime reads
// (runtime/triggers/), never code.
import type {
  DeliveryAuthentication,
  DeliveryValue,
  SubscriptionLifecycle,
  SubscriptionStep,
  ToolSpec,
  TriggerSpec,
} from "@blockwright/runtime/internal";
import { parsePointer, collectReferences } from "@blockwright/runtime/internal/generate";
import { valueAt } from "../../load/json-ref.js";
import { jsonMediaType, type Schema } from "../../load/openapi-document.js";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import type { LinkContext, Path } from "../context.js";
import { checkMatchValues, checkSubscriptionInputs } from "./trigger-values.js";

/**
 * A trigger the provider delivers (`event`): the schema requires its authentication and secret (a `poll` trigger is
 * poll-triggers.ts's).
 */
type DeclaredTrigger = NonNullable<Manifest["triggers"]>[string] &
  Required<Pick<NonNullable<Manifest["triggers"]>[string], "event" | "authentication" | "secret">>;

const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** The triggers, checked against the document and against the linked tools their subscriptions call. */
export function linkTriggers(ctx: LinkContext, tools: readonly ToolSpec[]): TriggerSpec[] {
  const declared = ctx.manifest.triggers ?? {};
  const byId = new Map(tools.map((t) => [t.id, t]));
  return Object.keys(declared)
    .sort()
    .flatMap((id) => {
      const t = declared[id];
      if (!t?.event || !t.authentication || t.secret === undefined) return [];
      const spec = linkTrigger(ctx, id, t as DeclaredTrigger, ["triggers", id], byId);
      return spec ? [spec] : [];
    });
}

function linkTrigger(
  ctx: LinkContext,
  id: string,
  t: DeclaredTrigger,
  at: Path,
  tools: ReadonlyMap<string, ToolSpec>,
): TriggerSpec | undefined {
  const provider = ctx.manifest.provider;
  if (!id.startsWith(`${provider}_`))
    return ctx.fail(
      "BW2020",
      at,
      `a trigger id starts with the provider id and an underscore (${provider}_…), got "${id}"`,
    );
  if (ctx.manifest.operations[id])
    return ctx.fail("BW2011", at, `"${id}" is also an operation id: a trigger needs its own name`);
  const located = eventOf(ctx, t, [...at, "event"]);
  if (!located) return undefined;
  const { event, body } = located;
  const eventSchema = t.items ? itemSchema(ctx, body, t.items, [...at, "items"]) : body;
  if (!eventSchema) return undefined;
  const inEvent = (pointer: string, place: Path): string[] | undefined => {
    const tokens = [...parsePointer(pointer)];
    if (ctx.doc.schemaAt(eventSchema, tokens) === undefined)
      return ctx.fail("BW2025", place, `${pointer} is not a field of the event in ${ctx.openapiName}`, "value");
    return tokens;
  };
  const deliveryValue = (text: string, place: Path): DeliveryValue | undefined => {
    if (text.startsWith("$request.header."))
      return { from: "header", name: text.slice("$request.header.".length).toLowerCase() };
    const tokens = inEvent(text.slice("$event#".length), place);
    return tokens && { from: "event", pointer: tokens };
  };
  const matched = Object.entries(t.match ?? {});
  const matchHeaders = matched
    .filter(([key]) => key.startsWith("$request.header."))
    .map(([key, equals]) => ({ header: key.slice("$request.header.".length).toLowerCase(), equals: String(equals) }));
  const match = matched
    .filter(([key]) => !key.startsWith("$request.header."))
    .flatMap(([pointer, equals]) => {
      const tokens = inEvent(pointer, [...at, "match", pointer]);
      return tokens ? [{ pointer: tokens, equals }] : [];
    });
  checkMatchValues(ctx, match, (pointer) => ctx.doc.schemaAt(eventSchema, pointer), [...at, "match"]);
  const authentication = authenticationOf(t.authentication, (pointer) =>
    inEvent(pointer, [...at, "authentication", "sharedSecret", "pointer"]),
  );
  if (!authentication) return undefined;
  if (t.secret in (ctx.manifest.params ?? {}))
    ctx.fail(
      "BW2011",
      [...at, "secret"],
      `"${t.secret}" is also a shared parameter's name: the trigger's secret needs its own`,
      "value",
    );
  const outputs = Object.entries(t.outputs ?? {}).flatMap(([name, o]) => {
    const source = deliveryValue(o.from, [...at, "outputs", name, "from"]);
    return source ? [{ name, description: o.description, source, required: o.required ?? true }] : [];
  });
  const eventId = (t.eventId ?? []).flatMap((text, i) => deliveryValue(text, [...at, "eventId", i]) ?? []);
  const subscription = subscriptionOf(ctx, t, [...at, "subscription"]);
  checkSubscriptionInputs(ctx, id, t, tools, [...at, "subscription"]);
  return {
    id,
    provider,
    title: t.title,
    description: t.description,
    event,
    ...(t.items ? { items: [...parsePointer(t.items)] } : {}),
    match,
    ...(matchHeaders.length ? { matchHeaders } : {}),
    authentication,
    secretParam: t.secret,
    handshakes: linkHandshakes(ctx, t, at),
    eventId,
    acknowledge: t.acknowledge ?? 200,
    maxBodyBytes: t.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    outputs,
    ...(t.dedupeHours !== undefined ? { dedupeHours: t.dedupeHours } : {}),
    ...(t.retry ? { retry: { attempts: t.retry.attempts ?? 5, backoffSeconds: t.retry.backoffSeconds ?? 30 } } : {}),
    eventSchema: ctx.doc.flatten(eventSchema),
    ...(subscription ? { subscription } : {}),
  };
}

/** The provider's handshakes the receiver answers: a query or header echoed, or a body field when a delivery is one. */
function linkHandshakes(ctx: LinkContext, t: DeclaredTrigger, at: Path): TriggerSpec["handshakes"] {
  return (t.handshakes ?? []).flatMap((h, i): TriggerSpec["handshakes"] => {
    if (h.echoQuery !== undefined) return [{ kind: "echo-query", param: h.echoQuery }];
    if (h.echoHeader !== undefined) return [{ kind: "echo-header", header: h.echoHeader }];
    if (h.echoBody === undefined || !h.when) {
      ctx.fail(
        "BW2025",
        [...at, "handshakes", i],
        "a handshake echoing a body field names it (echoBody) and when a delivery is one (when: {/type: " +
          "url_verification})",
        "value",
      );
      return [];
    }
    return [
      {
        kind: "echo-body",
        pointer: [...parsePointer(h.echoBody)],
        when: Object.entries(h.when).map(([pointer, equals]) => ({ pointer: [...parsePointer(pointer)], equals })),
      },
    ];
  });
}

/** The event's place in the document and the JSON schema of a delivery's body. */
function eventOf(
  ctx: LinkContext,
  t: DeclaredTrigger,
  at: Path,
): { event: TriggerSpec["event"]; body: Schema } | undefined {
  const data = ctx.doc.source.data as Schema;
  if (t.event.webhook !== undefined) {
    const item = (data.webhooks as Record<string, Schema> | undefined)?.[t.event.webhook];
    const known = Object.keys((data.webhooks as object) ?? {});
    if (!item)
      return ctx.fail(
        "BW2025",
        [...at, "webhook"],
        `"${t.event.webhook}" is not among the webhooks of ${ctx.openapiName} ` +
          `(${known.length ? known.join(", ") : "it declares none"})`,
        "value",
      );
    const place = [...at, "webhook"];
    const resolved = follow(ctx, item, place);
    if (!resolved) return undefined;
    const body = deliveryBody(ctx, resolved, place);
    if (body === null) return undefined;
    if (!body)
      return ctx.fail(
        "BW2025",
        [...at, "webhook"],
        `webhook "${t.event.webhook}" declares no POST with a JSON (or form) request body schema`,
        "value",
      );
    return { event: { source: "webhook", name: t.event.webhook }, body };
  }
  const callback = t.event.callback as { operation: string; name: string };
  const mop = ctx.manifest.operations[callback.operation];
  if (!mop)
    return ctx.fail(
      "BW2025",
      [...at, "callback", "operation"],
      `"${callback.operation}" is not an operation of this manifest`,
      "value",
    );
  const body = callbackBody(ctx, mop.operationId, callback.name, [...at, "callback", "name"]);
  return body && { event: { source: "callback", operationId: mop.operationId, name: callback.name }, body };
}

/** The request body schema of an operation's callback, as the provider posts it. */
function callbackBody(ctx: LinkContext, operationId: string, name: string, at: Path): Schema | undefined {
  const op = ctx.doc.operations.get(operationId);
  const raw = op && (valueAt(ctx.doc.source.data, op.location) as Schema | undefined);
  const callbacks = (raw?.callbacks ?? {}) as Record<string, Schema>;
  const declared = callbacks[name];
  if (!op || !declared)
    return ctx.fail(
      "BW2025",
      at,
      `operation "${operationId}" declares no callback "${name}" in ${ctx.openapiName} (callbacks: ` +
        `${Object.keys(callbacks).join(", ") || "none"})`,
      "value",
    );
  const callback = follow(ctx, declared, at);
  if (!callback) return undefined;
  let body: Schema | null | undefined;
  for (const value of Object.values(callback)) {
    const item = follow(ctx, value as Schema, at);
    body = item && deliveryBody(ctx, item, at);
    if (item === undefined || body === null) return undefined;
    if (body) break;
  }
  if (!body)
    return ctx.fail(
      "BW2025",
      at,
      `callback "${name}" declares no POST with a JSON (or form) request body schema`,
      "value",
    );
  return body;
}

/**
 * A `$ref` followed, or its problem reported at the trigger's place (undefined): one the load leaves (a chain of more
 * hops than the document's reader follows) failed the link as an internal error.
 */
function follow(ctx: LinkContext, value: Schema, at: Path): Schema | undefined {
  try {
    return ctx.doc.resolve(value);
  } catch (e) {
    return ctx.fail("BW2025", at, `the event's ${(e as Error).message.replace(/^[^:]*: /, "")} in ${ctx.openapiName}`);
  }
}

/** The delivery's body schema; null when a `$ref` on the way was reported (follow). */
function deliveryBody(ctx: LinkContext, item: Schema, at: Path): Schema | null | undefined {
  const post = item.post as Schema | undefined;
  const requestBody = post?.requestBody ? follow(ctx, post.requestBody as Schema, at) : undefined;
  if (post?.requestBody && !requestBody) return null;
  const content = (requestBody?.content ?? {}) as Record<string, Schema>;
  const mediaType =
    jsonMediaType(content) ?? Object.keys(content).find((m) => m.startsWith("application/x-www-form-urlencoded"));
  const schema = mediaType ? content[mediaType]?.schema : undefined;
  return schema ? (follow(ctx, schema as Schema, at) ?? null) : undefined;
}

function itemSchema(ctx: LinkContext, body: Schema, items: string, at: Path): Schema | undefined {
  const list = ctx.doc.schemaAt(body, [...parsePointer(items)]);
  const item = list && (ctx.doc.flatten(list).items as Schema | undefined);
  if (!item)
    return ctx.fail(
      "BW2025",
      at,
      `${items} is not an array of events in the delivery's body in ${ctx.openapiName}`,
      "value",
    );
  return follow(ctx, item, at);
}

function authenticationOf(
  a: DeclaredTrigger["authentication"],
  inEvent: (pointer: string) => string[] | undefined,
): DeliveryAuthentication | undefined {
  if (a.standardWebhooks) return { kind: "standard-webhooks", toleranceSeconds: a.standardWebhooks.toleranceSeconds };
  if (a.sharedSecret) {
    const pointer = inEvent(a.sharedSecret.pointer);
    return pointer && { kind: "shared-secret", pointer };
  }
  if (a.ed25519) {
    const e = a.ed25519;
    return {
      kind: "ed25519",
      encoding: e.encoding,
      header: e.header,
      signedText: e.signedText,
      ...(e.timestamp
        ? { timestamp: { header: e.timestamp.header, toleranceSeconds: e.timestamp.toleranceSeconds } }
        : {}),
    };
  }
  const h = a.hmac as NonNullable<typeof a.hmac>;
  const [encoding, prefix] = (h.secretEncoding ?? "utf8").split(/:(.*)/s) as [string, string | undefined];
  return {
    kind: "hmac",
    algorithm: h.algorithm === "sha1" ? "SHA-1" : "SHA-256",
    encoding: h.encoding,
    header: h.header,
    ...(h.prefix !== undefined ? { prefix: h.prefix } : {}),
    ...(h.pairs
      ? { pairs: { signature: h.pairs.signature, ...(h.pairs.timestamp ? { timestamp: h.pairs.timestamp } : {}) } }
      : {}),
    signedText: h.signedText,
    ...(h.timestamp
      ? {
          timestamp: {
            ...(h.timestamp.header ? { header: h.timestamp.header } : {}),
            toleranceSeconds: h.timestamp.toleranceSeconds,
          },
        }
      : {}),
    ...(encoding === "base64" ? { secret: { encoding: "base64", ...(prefix ? { prefix } : {}) } } : {}),
  };
}

function subscriptionOf(ctx: LinkContext, t: DeclaredTrigger, at: Path): TriggerSpec["subscription"] {
  const s = t.subscription;
  if (!s) return undefined;
  const step = (name: "create" | "renew" | "delete") => {
    const declared = s[name];
    if (!declared) return undefined;
    const mop = ctx.manifest.operations[declared.operation];
    if (!mop)
      return ctx.fail(
        "BW2025",
        [...at, name, "operation"],
        `"${declared.operation}" is not an operation of this manifest`,
        "value",
      );
    return {
      operation: declared.operation,
      inputs: structuredClone((declared.inputs ?? {}) as Record<string, unknown>),
    };
  };
  const create = step("create");
  const renew = step("renew");
  const remove = step("delete");
  const outputs = create ? Object.keys(ctx.manifest.operations[create.operation]?.outputs ?? {}) : [];
  if (create && !outputs.includes(s.id))
    ctx.fail(
      "BW2025",
      [...at, "id"],
      `"${s.id}" is not an output of ${create.operation} (outputs: ${outputs.join(", ") || "none"})`,
      "value",
    );
  if (!create) return undefined;
  const lifecycle = s.lifecycle && lifecycleOf(ctx, t, create, [...at, "lifecycle"]);
  return {
    create,
    ...(renew ? { renew } : {}),
    ...(remove ? { delete: remove } : {}),
    idOutput: s.id,
    ...(s.lifetimeMinutes ? { lifetimeMinutes: s.lifetimeMinutes } : {}),
    ...(lifecycle ? { lifecycle } : {}),
  };
}

/**
 * The subscription's lifecycle notifications: their callback on the create step's operation types them; the
 * fields read, and the secret a shared-secret trigger finds in each, must be there; the create step must give
 * the provider their address.
 */
function lifecycleOf(
  ctx: LinkContext,
  t: DeclaredTrigger,
  create: SubscriptionStep,
  at: Path,
): SubscriptionLifecycle | undefined {
  const l = t.subscription?.lifecycle;
  const mop = ctx.manifest.operations[create.operation];
  if (!l || !mop) return undefined;
  if (!collectReferences(create.inputs).some((r) => r.reference.text === "trigger.lifecycleUrl"))
    ctx.fail(
      "BW2024",
      at,
      `the provider sends lifecycle notifications to the address the create step gives it: ` +
        `pass {{trigger.lifecycleUrl}} to one of ${create.operation}'s inputs`,
    );
  for (const [event, action] of Object.entries(l.actions)) {
    if (action === "renew" && !t.subscription?.renew)
      ctx.fail(
        "BW2024",
        [...at, "actions", event],
        `renewing on "${event}" needs the subscription's renew step`,
        "value",
      );
  }
  const body = callbackBody(ctx, mop.operationId, l.callback, [...at, "callback"]);
  const item = body && (l.items ? itemSchema(ctx, body, l.items, [...at, "items"]) : body);
  if (!item) return undefined;
  const field = (pointer: string, place: Path) => {
    const tokens = [...parsePointer(pointer)];
    return ctx.doc.schemaAt(item, tokens) === undefined
      ? ctx.fail(
          "BW2025",
          place,
          `${pointer} is not a field of a lifecycle notification in ${ctx.openapiName}`,
          "value",
        )
      : tokens;
  };
  const event = field(l.event, [...at, "event"]);
  const subscription = l.subscription === undefined ? undefined : field(l.subscription, [...at, "subscription"]);
  if (t.authentication.sharedSecret) field(t.authentication.sharedSecret.pointer, [...at, "callback"]);
  if (!event || (l.subscription !== undefined && !subscription)) return undefined;
  return {
    ...(l.items ? { items: [...parsePointer(l.items)] } : {}),
    event,
    ...(subscription ? { subscription } : {}),
    actions: { ...l.actions },
  };
}
