// Poll triggers (`triggers.<id>.poll`): events nobody delivers, found by
// calling one of the manifest's list operations at an interval. The list
// output is the items; an item is the event, so `match`, `eventId` and
// `outputs` point into the item's schema in the document, as a delivered
// trigger's point into its event. How new items are told apart (`ids`,
// `since`, `delta`) is declared data that `blockwright serve` reads
// (src/serve/poll-*.ts); here each is held to the document and the linked
// operation: the outputs it reads exist and have the type it needs, the
// inputs are parameters of the operation and values it takes, and the
// interval leaves room for a request within the provider's documented rate.
import type {
  PollParamSpec,
  PollPositionSpec,
  PollTriggerSpec,
  ToolSpec,
  TriggerOutputSpec,
} from "@blockwright/runtime/internal";
import { checkValue, parsePointer, collectReferences, parseTemplate } from "@blockwright/runtime/internal/generate";
import type { Schema } from "../../load/openapi-document.js";
import type { Manifest, ManifestParam } from "../../load/precompiled/manifest-types.js";
import { titleFromName } from "../../model/naming.js";
import type { LinkContext, Path } from "../context.js";
import { checkMatchValues } from "../triggers/trigger-values.js";

type DeclaredTrigger = NonNullable<Manifest["triggers"]>[string];
type DeclaredPoll = NonNullable<DeclaredTrigger["poll"]>;

/** Seconds between polls unless the trigger says. */
export const DEFAULT_POLL_SECONDS = 300;
/** Ids an `ids` poll keeps unless the trigger says. */
export const DEFAULT_IDS_KEPT = 1000;
/** The fields of a delivered trigger, which a polled one has no use for (nothing is delivered). */
const DELIVERY_FIELDS = [
  "event",
  "authentication",
  "secret",
  "handshakes",
  "items",
  "acknowledge",
  "maxBodyBytes",
  "subscription",
] as const;
/** A trigger parameter is a rule on a value the inputs place: these make no sense for it. */
const UNPLACED_KEYS = ["wire", "secret", "sendDefault"] as const;

declare module "../../model/surface-format.js" {
  interface Surface {
    /** Each poll trigger: the operation it polls, its own parameters (true: required) and its outputs. */
    pollTriggers?: Record<string, { operation: string; params: Record<string, boolean>; outputs: string[] }>;
  }
}

/** The poll triggers, checked against the document and against the linked list operations they call. */
export function linkPollTriggers(ctx: LinkContext, tools: readonly ToolSpec[]): PollTriggerSpec[] {
  const declared = ctx.manifest.triggers ?? {};
  const byId = new Map(tools.map((t) => [t.id, t]));
  return Object.keys(declared)
    .sort()
    .flatMap((id) => {
      const t = declared[id];
      const spec = t?.poll ? linkPollTrigger(ctx, id, t, t.poll, byId) : undefined;
      return spec ? [spec] : [];
    });
}

function linkPollTrigger(
  ctx: LinkContext,
  id: string,
  t: DeclaredTrigger,
  poll: DeclaredPoll,
  tools: ReadonlyMap<string, ToolSpec>,
): PollTriggerSpec | undefined {
  const at: Path = ["triggers", id];
  const provider = ctx.manifest.provider;
  if (!id.startsWith(`${provider}_`))
    return ctx.fail(
      "BW2020",
      at,
      `a trigger id starts with the provider id and an underscore (${provider}_…), got "${id}"`,
    );
  if (ctx.manifest.operations[id])
    return ctx.fail("BW2011", at, `"${id}" is also an operation id: a trigger needs its own name`);
  for (const field of DELIVERY_FIELDS) {
    if (t[field] !== undefined)
      ctx.fail(
        "BW2024",
        [...at, field],
        `a poll trigger is found by calling ${poll.operation}, never delivered: it takes no ${field}`,
      );
  }
  const pollAt = [...at, "poll"];
  if (!ctx.manifest.operations[poll.operation])
    return ctx.fail(
      "BW2025",
      [...pollAt, "operation"],
      `"${poll.operation}" is not an operation of this manifest`,
      "value",
    );
  // An operation that did not link is reported on its own.
  const tool = tools.get(poll.operation);
  if (!tool) return undefined;
  const itemSchema = pollItemSchema(ctx, tool, poll, pollAt);
  if (!itemSchema) return undefined;
  const { match, eventId, outputs } = linkItemReads(ctx, at, t, tool, poll, itemSchema);
  const position = positionOf(ctx, poll, tool, itemSchema, pollAt);
  const params = pollParams(ctx, poll, tool, [...pollAt, "params"]);
  checkPollInputs(ctx, poll, tool, params, pollAt);
  const intervalSeconds = poll.intervalSeconds ?? DEFAULT_POLL_SECONDS;
  const perMinute = tool.rateLimits?.requestsPerMinute;
  if (perMinute && intervalSeconds * perMinute < 60)
    ctx.fail(
      "BW2026",
      [...pollAt, "intervalSeconds"],
      `${intervalSeconds} s between polls is shorter than one request's turn at the provider's ${perMinute} ` +
        `requests per minute (${Math.ceil(60 / perMinute)} s)`,
      "value",
    );
  if (!position) return undefined;
  return {
    id,
    provider,
    title: t.title,
    description: t.description,
    operation: tool.id,
    inputs: structuredClone((poll.inputs ?? {}) as Record<string, unknown>),
    params,
    items: poll.items,
    position,
    intervalSeconds,
    match,
    eventId,
    outputs,
    itemSchema: ctx.doc.flatten(itemSchema),
    ...(t.dedupeHours !== undefined ? { dedupeHours: t.dedupeHours } : {}),
    ...(t.retry ? { retry: { attempts: t.retry.attempts ?? 5, backoffSeconds: t.retry.backoffSeconds ?? 30 } } : {}),
  };
}

/** The schema of one item of the list output the poll reads (`poll.items`, an array output of the operation). */
function pollItemSchema(ctx: LinkContext, tool: ToolSpec, poll: DeclaredPoll, pollAt: Path): Schema | undefined {
  const items = tool.outputs.find((o) => o.path === poll.items);
  if (items?.type !== "array") {
    const lists = tool.outputs.filter((o) => o.type === "array").map((o) => o.path);
    return ctx.fail(
      "BW2025",
      [...pollAt, "items"],
      `"${poll.items}" is not a list output of ${tool.id} (its list outputs: ${lists.join(", ") || "none"})`,
      "value",
    );
  }
  const itemSchema = itemSchemaOf(ctx, tool, items.source);
  if (!itemSchema)
    return ctx.fail(
      "BW2025",
      [...pollAt, "items"],
      `${ctx.openapiName} gives no schema of one item of ${tool.id}'s ${poll.items}`,
      "value",
    );
  return itemSchema;
}

/** What the trigger reads of an item (its match, its eventId, its outputs): each a field of the item's schema. */
function linkItemReads(
  ctx: LinkContext,
  at: Path,
  t: DeclaredTrigger,
  tool: ToolSpec,
  poll: DeclaredPoll,
  itemSchema: Schema,
): { match: PollTriggerSpec["match"]; eventId: string[][]; outputs: TriggerOutputSpec[] } {
  const inItem = (text: string, place: Path): string[] | undefined => {
    if (!text.startsWith("$event#"))
      return ctx.fail(
        "BW2025",
        place,
        `a poll trigger reads its items, which have no headers: ${text} is not $event#/<pointer>`,
        "value",
      );
    const tokens = [...parsePointer(text.slice("$event#".length))];
    if (ctx.doc.schemaAt(itemSchema, tokens) === undefined)
      return ctx.fail(
        "BW2025",
        place,
        `${text.slice("$event#".length)} is not a field of an item of ${tool.id}'s ${poll.items} in ${ctx.openapiName}`,
        "value",
      );
    return tokens;
  };
  const match = Object.entries(t.match ?? {}).flatMap(([pointer, equals]) => {
    const tokens = inItem(`$event#${pointer}`, [...at, "match", pointer]);
    return tokens ? [{ pointer: tokens, equals }] : [];
  });
  checkMatchValues(ctx, match, (pointer) => ctx.doc.schemaAt(itemSchema, pointer), [...at, "match"]);
  if (!t.eventId)
    ctx.fail(
      "BW2024",
      at,
      `a poll trigger names what makes an item unique, so that it runs once: eventId, such as ["$event#/id"]`,
    );
  const eventId = (t.eventId ?? []).flatMap((text, i) => {
    const pointer = inItem(text, [...at, "eventId", i]);
    return pointer ? [pointer] : [];
  });
  const outputs = Object.entries(t.outputs ?? {}).flatMap(([name, o]): TriggerOutputSpec[] => {
    const pointer = inItem(o.from, [...at, "outputs", name, "from"]);
    return pointer
      ? [{ name, description: o.description, source: { from: "event", pointer }, required: o.required ?? true }]
      : [];
  });
  return { match, eventId, outputs };
}

/** The schema of one item of the list output, from the operation's answer in the document. */
function itemSchemaOf(
  ctx: LinkContext,
  tool: ToolSpec,
  source: ToolSpec["outputs"][number]["source"],
): Schema | undefined {
  const op = ctx.doc.operations.get(tool.operationId);
  const body = op && ctx.doc.bodyResponse(op)?.schema;
  // Of several places (a bare list or a page object holding it), the first whose schema is a list's.
  const refs = "value" in source ? [] : "first" in source ? source.first.map((p) => p.ref) : [source.ref];
  for (const ref of refs) {
    const list = body && ref.kind === "body" ? ctx.doc.schemaAt(ctx.doc.resolve(body), ref.pointer) : undefined;
    const item = list && (ctx.doc.flatten(list).items as Schema | undefined);
    if (item) return ctx.doc.resolve(item);
  }
  return undefined;
}

/**
 * How the poll tells new items, checked: the field in the item (of its type), or the operation's outputs holding the
 * addresses.
 */
function positionOf(
  ctx: LinkContext,
  poll: DeclaredPoll,
  tool: ToolSpec,
  itemSchema: Schema,
  at: Path,
): PollPositionSpec | undefined {
  if (poll.ids) return { kind: "ids", order: poll.ids.order, keep: poll.ids.keep ?? DEFAULT_IDS_KEPT };
  if (poll.since) {
    const pointer = [...parsePointer(poll.since.field)];
    const field = ctx.doc.schemaAt(itemSchema, pointer);
    if (!field)
      return ctx.fail(
        "BW2025",
        [...at, "since", "field"],
        `${poll.since.field} is not a field of an item of ${tool.id}'s ${poll.items} in ${ctx.openapiName}`,
        "value",
      );
    const flat = ctx.doc.flatten(field);
    const types = (Array.isArray(flat.type) ? flat.type : [flat.type]).filter((x) => x !== "null" && x !== undefined);
    const wanted = poll.since.type === "number" ? ["integer", "number"] : ["string"];
    if (types.length && !types.some((x) => wanted.includes(String(x))))
      return ctx.fail(
        "BW2026",
        [...at, "since", "type"],
        `${poll.since.field} is of type ${types.join(" or ")} in ${ctx.openapiName}, not a ${poll.since.type} field`,
        "value",
      );
    return { kind: "since", pointer, type: poll.since.type };
  }
  const delta = poll.delta as NonNullable<DeclaredPoll["delta"]>;
  const addressOutput = (name: string, place: Path) => {
    const output = tool.outputs.find((o) => o.path === name);
    if (output?.type !== "string") {
      const texts = tool.outputs.filter((o) => o.type === "string").map((o) => o.path);
      return ctx.fail(
        "BW2025",
        place,
        `"${name}" is not a string output of ${tool.id} (its string outputs: ${texts.join(", ") || "none"})`,
        "value",
      );
    }
    return name;
  };
  const link = addressOutput(delta.link, [...at, "delta", "link"]);
  const next = delta.next === undefined ? undefined : addressOutput(delta.next, [...at, "delta", "next"]);
  const removed = delta.removed === undefined ? undefined : [...parsePointer(delta.removed)];
  if (removed && ctx.doc.schemaAt(itemSchema, removed) === undefined)
    return ctx.fail(
      "BW2025",
      [...at, "delta", "removed"],
      `${delta.removed} is not a field of an item of ${tool.id}'s ${poll.items} in ${ctx.openapiName}`,
      "value",
    );
  if (!link || (delta.next !== undefined && !next)) return undefined;
  return {
    kind: "delta",
    link,
    ...(next ? { next } : {}),
    ...(delta.new === "created" ? { created: true } : {}),
    ...(removed ? { removed } : {}),
  };
}

/** The trigger's own parameters: a parameter's rules, its default, placeholder and example held to them. */
function pollParams(ctx: LinkContext, poll: DeclaredPoll, tool: ToolSpec, at: Path): PollParamSpec[] {
  return Object.entries((poll.params ?? {}) as Record<string, ManifestParam>).flatMap(([name, p]): PollParamSpec[] => {
    const place = [...at, name];
    if (tool.params.some((q) => q.name === name))
      ctx.fail("BW2011", place, `"${name}" is also a parameter of ${tool.id}: a trigger parameter needs its own name`);
    for (const key of UNPLACED_KEYS)
      if (p[key] !== undefined)
        ctx.fail(
          "BW2024",
          [...place, key],
          `a trigger parameter is placed by the inputs that use it, and is no credential: it takes no ${key}`,
        );
    if (p.type === "json" || p.type === "file")
      return (
        ctx.fail(
          "BW2004",
          [...place, "type"],
          `a trigger parameter is placed in a template: a string, number or boolean, not ${p.type}`,
          "value",
        ) ?? []
      );
    const { wire: _w, secret: _s, sendDefault: _d, title, ...rules } = p;
    const spec: PollParamSpec = {
      ...rules,
      name,
      type: p.type,
      title: title ?? titleFromName(name),
      description: p.description,
      required: p.required ?? false,
      secret: false,
      visibility: "user-only",
    } as PollParamSpec;
    for (const key of ["default", "placeholder", "example"] as const) {
      const value =
        key === "placeholder" && typeof p.placeholder === "string" && p.type !== "string"
          ? Number(p.placeholder)
          : p[key];
      const checked = value === undefined ? undefined : checkValue({ ...spec, wire: { in: "auth" } }, value);
      if (checked && "issue" in checked)
        ctx.fail(
          "BW2009",
          [...place, key],
          `${JSON.stringify(value)} is not a value of ${name} (${checked.issue.message})`,
          "value",
        );
    }
    return [spec];
  });
}

/**
 * Each input against the operation's parameter: a value it takes (the runtime's own check), or a
 * template serve fills: `{{poll.since}}` (a `since` poll only), `{{inputs.<name>}}` (a trigger
 * parameter). A `since` poll must pass `{{poll.since}}`, or each poll would list every item again.
 */
function checkPollInputs(
  ctx: LinkContext,
  poll: DeclaredPoll,
  tool: ToolSpec,
  params: readonly PollParamSpec[],
  at: Path,
): void {
  let sincePassed = false;
  for (const [input, value] of Object.entries((poll.inputs ?? {}) as Record<string, unknown>)) {
    const place = [...at, "inputs", input];
    const param = tool.params.find((p) => p.name === input);
    if (!param) {
      ctx.fail(
        "BW2001",
        place,
        `unknown parameter "${input}" of ${tool.id} (its parameters: ${tool.params.map((p) => p.name).join(", ")})`,
      );
      continue;
    }
    let references: ReturnType<typeof collectReferences>;
    try {
      references = collectReferences(value);
    } catch (e) {
      ctx.fail("BW2026", place, (e as Error).message, "value");
      continue;
    }
    if (!references.length) {
      const checked = checkValue(param, value, tool);
      if ("issue" in checked)
        ctx.fail(
          "BW2026",
          place,
          `${JSON.stringify(value)} is not a value ${tool.id} takes (${checked.issue.message})`,
          "value",
        );
      continue;
    }
    for (const { reference } of references) {
      const problem = templateProblem(reference.text, poll, params);
      if (problem) ctx.fail("BW2026", place, problem, "value");
      if (reference.text === "poll.since") sincePassed = true;
    }
    // A value that is one template of a trigger parameter passes that parameter's values: their type must fit.
    const parts = typeof value === "string" ? parseTemplate(value) : [];
    const only = parts.length === 1 && typeof parts[0] === "object" ? parts[0].text : undefined;
    const of = only?.startsWith("inputs.") ? params.find((p) => `inputs.${p.name}` === only) : undefined;
    if (of && of.type !== param.type)
      ctx.fail("BW2026", place, `{{${only}}} is a ${of.type}, but ${tool.id}'s ${input} is a ${param.type}`, "value");
  }
  if (poll.since && !sincePassed)
    ctx.fail(
      "BW2024",
      [...at, "inputs"],
      `a since poll passes {{poll.since}} to one of ${tool.id}'s inputs, to ask only for the items at or ` +
        `after the last seen: without it each poll lists every item again`,
    );
}

/** Why serve cannot fill `{{text}}` in a poll's inputs, or undefined. */
function templateProblem(text: string, poll: DeclaredPoll, params: readonly PollParamSpec[]): string | undefined {
  const fills = ["poll.since (a since poll)", ...params.map((p) => `inputs.${p.name}`)].join(", ");
  if (text === "poll.since")
    return poll.since
      ? undefined
      : `{{poll.since}} has a value only in a since poll (this one is by ${poll.ids ? "ids" : "delta"})`;
  if (text.startsWith("inputs.") && params.some((p) => `inputs.${p.name}` === text)) return undefined;
  return `{{${text}}} is not a value serve fills in a poll's inputs (it fills ${fills})`;
}
