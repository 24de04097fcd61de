// Poll triggers `add` drafts (triggers.<id>.poll): for a GET list operation
// whose items have an id, "a new item" found the way the document offers:
// by the delta link its answer carries (`delta`, created items only), by a
// query parameter asking for items created at or after a time or number the
// items carry (`since`), or, on the first page of a list sorted newest first
// (a sort parameter's value, or the operation's own words), by the ids seen
// (`ids`). Each is a guess from names and words, with a review note saying
// what to check. A list none of those fits gets no trigger, nor one whose
// items' own id is not told by the names (load/schemas/item-own-id.ts): a
// note names the fields it could be. A list asking for the items changed
// since a time they carry gets an "item changed" trigger too: `since` on that
// time, its eventId the id and the time, so that each change runs once.
import { valueAt } from "../../load/json-ref.js";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { itemOwnId, resourceNouns } from "../../load/schemas/item-own-id.js";
import type {
  Manifest,
  ManifestOperation,
  ManifestOutput,
  ManifestParam,
} from "../../load/precompiled/manifest-types.js";

type Trigger = NonNullable<Manifest["triggers"]>[string];
type Poll = NonNullable<Trigger["poll"]>;
type Note = { at: (string | number)[]; note: string };
/** One way a trigger finds its items, with the outputs it reads and its review note. */
type Way = { poll: Poll; outputs: Record<string, ManifestOutput>; note: string };

/** A field holding when an item was created. */
const CREATED_FIELD = new RegExp(
  "^(created|creat(ed|ion)[_-]?(at|on|date|time|timestamp|date_?time)|date[_-]?created|" +
    "inserted[_-]?at|createdDateTime)$",
  "i",
);
/** A query parameter asking for items created at or after a value (`created_after`, `DateCreatedAfter`). */
const CREATED_SINCE = new RegExp(
  String.raw`^(created|creat(ed|ion)[_-]?(at|date|time)?)[_.[-]?(since|after|from|gte|min|start)\]?$|^(min|` +
    "start)[_-]?creat(ed|ion)[_-]?(at|date|time)?$|^date[_-]?created[_-]?(since|after|from|gte|start)$|" +
    "^(after|since)[_-]?date[_-]?created$",
  "i",
);
/** A field holding when an item was last changed. */
const UPDATED_FIELD = new RegExp(
  "^(updated|modified|last[_-]?modified|(updated|modified|last[_-]?(modified|updated))[_-]?(at|on|date|time|" +
    "timestamp|date_?time)|date[_-]?(updated|modified)|lastModifiedDateTime)$",
  "i",
);
/** A query parameter asking for items changed at or after a value. */
const UPDATED_SINCE = new RegExp(
  "^(updated|modified|last[_-]?(modified|updated))([_-]?(at|date|time))?[_.[-]?(since|after|from|gte|min|" +
    String.raw`start)\]?$|^(min|start)[_-]?(updated|modified)([_-]?(at|date|time))?$`,
  "i",
);
/** A query parameter choosing the order. */
const SORT_PARAM = /^(sort|order|sort[_-]?by|order[_-]?by|sorting|ordering)$/i;
/** An answer's field holding the address to come back with for the changes since. */
const DELTA_LINK = /^(@[A-Za-z]+\.)?delta[_-]?(link|url)$/i;
const NEXT_LINK = /^(@[A-Za-z]+\.)?next[_-]?(link|url)$/i;
/** A sort field naming the creation time (`created_at`, `createdAt`, `created`, `creation_date`, `date_created`). */
const CREATION_SORT = /^(created|created[_-]?(at|on|date|time)|creation[_-]?(date|time)|date[_-]?created)$/i;
/** A sort direction of its own. */
const DIRECTION_PARAM = /^(order|dir|direction|sort[_-]?(order|dir|direction)|order[_-]?(dir|direction))$/i;

/** The operation's words say its list comes newest first. */
const NEWEST_FIRST = new RegExp(
  String.raw`\b(most recent(ly created)?|newest|latest|recently created)\b[^.]{0,40}\bfirst\b|` +
    String.raw`\bsorted\b[^.]{0,60}\bcreat[^.]{0,60}\b(descending|most recent|newest)\b`,
  "i",
);

/**
 * Drafts a poll trigger for each list operation of `manifest` that offers a way to find new items, and one for each
 * that asks for the items changed since a time they carry; each with its review note.
 */
export function draftPollTriggers(doc: OpenApiDocument, manifest: Manifest, notes: Note[]): void {
  const triggers: Record<string, Trigger> = {};
  for (const [id, operation] of Object.entries(manifest.operations)) {
    const op = doc.operations.get(operation.operationId);
    if (!op || !/^get$/i.test(op.method)) continue;
    const drafted = pollOf(doc, op, id, operation);
    if (!drafted) continue;
    if ("ambiguous" in drafted) {
      notes.push({
        at: ["operations", id],
        note:
          `no poll trigger drafted: ${op.operationId}'s items' own id could be any of ${drafted.ambiguous.join(", ")}` +
          " (none alone read-only or required); a trigger by hand names it in its eventId",
      });
      continue;
    }
    const noun = titleNoun(operation.title) ?? idNoun(manifest, id);
    const at = `$event#/${drafted.idField}`;
    const idOutput = { id: { from: at, description: "The item's id." } };
    for (const [kind, way] of [
      ["created", drafted.created],
      ["changed", drafted.changed],
    ] as const) {
      if (!way) continue;
      const triggerId = triggerName(manifest, id, triggers, kind);
      triggers[triggerId] =
        kind === "created"
          ? {
              title: `New ${noun}`.slice(0, 80),
              description: `Starts once for each new item of ${operation.title}, found by polling it.`,
              eventId: [at],
              outputs: { id: { from: at, description: "The new item's id." } },
              poll: way.poll,
            }
          : {
              title: `Changed ${noun}`.slice(0, 80),
              description:
                `Starts once for each change of an item of ${operation.title} (a new one too), found by polling ` +
                "it.",
              // The id and the time of the change: each change is an event of its own.
              eventId: [at, `$event#${way.poll.since?.field}`],
              outputs: {
                ...idOutput,
                changedAt: { from: `$event#${way.poll.since?.field}`, description: "When the item was changed." },
              },
              poll: way.poll,
            };
      Object.assign(operation.outputs, way.outputs);
      notes.push({ at: ["triggers", triggerId], note: `${way.note}${drafted.said}` });
    }
  }
  if (Object.keys(triggers).length) manifest.triggers = { ...manifest.triggers, ...triggers };
}

function pollOf(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  id: string,
  operation: ManifestOperation,
): { idField: string; said: string; created?: Way; changed?: Way } | { ambiguous: string[] } | undefined {
  // The list's place in the body: of a first-of's (a bare list or a page object holding it), the page object's.
  const list = Object.entries(operation.outputs).flatMap(([name, o]) => {
    const place = o.type === "array" ? [o.from ?? []].flat().find((f) => f.startsWith("$response.body#")) : undefined;
    return place ? [[name, place] as const] : [];
  })[0];
  if (!list) return undefined;
  const [items, from] = list;
  const body = doc.bodyResponse(op)?.schema;
  if (!body) return undefined;
  let item: Schema | undefined;
  let itemRef: unknown;
  let answer: Record<string, Schema>;
  try {
    const tokens = from
      .slice("$response.body#".length)
      .split("/")
      .slice(1)
      .map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    const listSchema = doc.schemaAt(doc.resolve(body), tokens);
    const of = listSchema ? (doc.flatten(listSchema).items as Schema | undefined) : undefined;
    itemRef = of?.$ref;
    item = of ? doc.flatten(doc.resolve(of)) : undefined;
    answer = (doc.flatten(doc.resolve(body)).properties ?? {}) as Record<string, Schema>;
  } catch {
    return undefined;
  }
  const fields = (item?.properties ?? {}) as Record<string, Schema>;
  const own = ownId(doc, item, fields, resourceNouns(op.path, itemRef));
  if (!own) return undefined;
  const base = { operation: id, items };
  const created = wayOf(doc, op, operation, answer, fields, base);
  const changed = changedWay(doc, op, operation, fields, base);
  // Ambiguous only where a trigger would be drafted.
  if (!created && !changed) return undefined;
  if ("ambiguous" in own) return own;
  // Only where the id is not plainly `id`: which field was taken, and why.
  const said = own.why ? `. The items' own id is taken to be ${own.field}, ${own.why}` : "";
  return { idField: own.field, said, created, changed };
}

/** A parameter asking for the items changed at or after a time (or number) they carry: each change an event. */
function changedWay(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  operation: ManifestOperation,
  fields: Record<string, Schema>,
  base: { operation: string; items: string },
): Way | undefined {
  const updated = Object.keys(fields).find((f) => UPDATED_FIELD.test(f));
  const kind = updated ? sinceType(doc, fields[updated] as Schema) : undefined;
  const since = Object.entries(operation.params ?? {}).find(
    ([name, p]) =>
      p.wire?.in === "query" &&
      (UPDATED_SINCE.test(name) || UPDATED_SINCE.test(wireName(p))) &&
      p.type === (kind === "number" ? "number" : "string"),
  );
  if (!updated || !kind || !since) return undefined;
  return {
    poll: { ...base, inputs: { [since[0]]: "{{poll.since}}" }, since: { field: `/${updated}`, type: kind } },
    outputs: {},
    note:
      `drafted from ${op.operationId}'s ${wireName(since[1]) || since[0]} and its items' ${updated}: each poll asks ` +
      `for the items changed at or after the last ${updated} seen, and each change (an item's id and its ${updated}) ` +
      `runs once, a new item's too. Check that ${updated} moves at every change, that the parameter takes ` +
      `${kind === "date-time" ? "a time as YYYY-MM-DDThh:mm:ssZ" : "a number"} and keeps the items at it, and that ` +
      "the answer lists them all (every page)",
  };
}

/** The item's own id, by its fields' names, the list's own resource, and which are read-only or required. */
function ownId(doc: OpenApiDocument, item: Schema | undefined, fields: Record<string, Schema>, nouns: string[]) {
  const required = new Set(Array.isArray(item?.required) ? item.required.map(String) : []);
  return itemOwnId(
    Object.entries(fields).map(([name, schema]) => {
      const type = typeOf(doc, schema);
      let readOnly = false;
      try {
        readOnly = doc.flatten(doc.resolve(schema)).readOnly === true;
      } catch {}
      return { name, readOnly, required: required.has(name), scalar: !type || /^(string|integer|number)$/.test(type) };
    }),
    nouns,
  );
}

/** How new items are found: by a delta link, a created-since parameter or the newest-first ids, where one fits. */
function wayOf(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  operation: ManifestOperation,
  answer: Record<string, Schema>,
  fields: Record<string, Schema>,
  base: { operation: string; items: string },
): Way | undefined {
  // A delta link in the answer: the next poll is sent there; only ids never seen run.
  const delta = deltaPoll(doc, op, operation, answer, fields);
  if (delta) return { ...delta, poll: { ...base, ...delta.poll } };

  // A parameter asking for items created at or after a value the items carry.
  const created = Object.keys(fields).find((f) => CREATED_FIELD.test(f));
  const kind = created ? sinceType(doc, fields[created] as Schema) : undefined;
  const params = Object.entries(operation.params ?? {});
  const since = params.find(
    ([name, p]) =>
      p.wire?.in === "query" &&
      (CREATED_SINCE.test(name) || CREATED_SINCE.test(wireName(p))) &&
      p.type === (kind === "number" ? "number" : "string"),
  );
  if (created && kind && since) {
    return {
      poll: { ...base, inputs: { [since[0]]: "{{poll.since}}" }, since: { field: `/${created}`, type: kind } },
      outputs: {},
      note:
        `drafted from ${op.operationId}'s ${wireName(since[1]) || since[0]} and its items' ${created}: each poll ` +
        `asks for the items created at or after the last ${created} seen ` +
        `(${kind === "date-time" ? "a time as YYYY-MM-DDThh:mm:ssZ" : "a number"}). Check the parameter takes that ` +
        "value and keeps the items at it, and that the answer lists them all (every page)",
    };
  }

  // A list sorted newest first: new items are the ids not seen.
  const sort = newestFirstSort(params);
  if (sort) {
    return {
      poll: { ...base, inputs: sort.inputs, ids: { order: "newestFirst" } },
      outputs: {},
      note: `drafted from ${op.operationId}'s ${sort.said}: the list sorted newest first; ${idsReading(operation)}`,
    };
  }
  const raw = valueAt(doc.source.data, op.location) as Record<string, unknown> | undefined;
  const words =
    `${typeof raw?.summary === "string" ? raw.summary : ""} ` +
    `${typeof raw?.description === "string" ? raw.description : ""}`;
  if (NEWEST_FIRST.test(words))
    return {
      poll: { ...base, ids: { order: "newestFirst" } },
      outputs: {},
      note:
        `drafted from ${op.operationId}'s description, which says the list comes newest first: ` +
        idsReading(operation),
    };
  return undefined;
}

/**
 * How serve reads a list polled by ids, newest first: a paged one back to the first page holding an id seen before
 * (serve's poll-call), so the note asks only that the order be checked; an unpaged one a page at a time.
 */
function idsReading(operation: ManifestOperation): string {
  return operation.pagination
    ? "each poll reads its pages back to the first that holds an item seen before, so check that the list really " +
        "comes newest first (else the poll stops early and new items further down are not found)"
    : "the list has no pages the draft recognised, so only its one answer is read: more new items than it holds " +
        "between two polls are not all found";
}

/** The poll of a list whose answer carries a delta link (the changes since), where it has one. */
function deltaPoll(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  operation: ManifestOperation,
  answer: Record<string, Schema>,
  fields: Record<string, Schema>,
): { poll: Pick<Poll, "delta">; outputs: Record<string, ManifestOutput>; note: string } | undefined {
  const link = Object.keys(answer).find((name) => DELTA_LINK.test(name) && typeOf(doc, answer[name]) === "string");
  if (!link) return undefined;
  const next = Object.keys(answer).find((name) => NEXT_LINK.test(name) && typeOf(doc, answer[name]) === "string");
  const outputs: Record<string, ManifestOutput> = {};
  const outputOf = (name: string, said: string) => {
    const from = `$response.body#/${name.replace(/~/g, "~0").replace(/\//g, "~1")}`;
    const known = Object.entries(operation.outputs).find(([, o]) => o.from === from);
    if (known) return known[0];
    const key = `metadata.${name.replace(/^@[A-Za-z]+\./, "").replace(/[^A-Za-z0-9_]/g, "_")}`;
    outputs[key] = { type: "string", from, optional: true, description: said };
    return key;
  };
  const delta: NonNullable<Poll["delta"]> = {
    link: outputOf(link, "The address to come back with for the changes since (on the last page)."),
    new: "created",
  };
  if (next) delta.next = outputOf(next, "The address of the round's next page, while there is one.");
  const removed = Object.keys(fields).find((f) => /^@?removed$|^deleted$/i.test(f));
  if (removed) delta.removed = `/${removed}`;
  return {
    poll: { delta },
    outputs,
    note:
      `drafted from ${op.operationId}'s ${link}: a delta query. An item runs when its id was never ` +
      `seen${removed ? `, one holding ${removed} is a removal` : ""}; check that the answer's ${link} is the ` +
      "address to come back with, on the operation's own origin",
  };
}

/**
 * The query values asking for the newest first: one sort value (`sort=-created`), or a sort field and a direction of
 * their own (`order_by=created_at&order=DESC`).
 */
function newestFirstSort(
  params: [string, ManifestParam][],
): { inputs: Record<string, string>; said: string } | undefined {
  const query = (test: RegExp, value: (v: string) => boolean, other?: string) =>
    params.find(
      ([name, p]) =>
        name !== other &&
        p.wire?.in === "query" &&
        test.test(wireName(p) || name) &&
        (p.enum ?? []).some((v) => value(String(v))),
    );
  const firstValue = (p: ManifestParam, value: (v: string) => boolean) =>
    (p.enum ?? []).map(String).find(value) as string;
  const one = query(SORT_PARAM, newestFirstValue);
  if (one)
    return {
      inputs: { [one[0]]: firstValue(one[1], newestFirstValue) },
      said: `${one[0]} value ${firstValue(one[1], newestFirstValue)}`,
    };
  const field = query(SORT_PARAM, (v) => CREATION_SORT.test(v));
  const direction = field && query(DIRECTION_PARAM, (v) => /^desc(ending)?$/i.test(v), field[0]);
  if (!field || !direction) return undefined;
  const [by, desc] = [
    firstValue(field[1], (v) => CREATION_SORT.test(v)),
    firstValue(direction[1], (v) => /^desc(ending)?$/i.test(v)),
  ];
  return {
    inputs: { [field[0]]: by, [direction[0]]: desc },
    said: `${field[0]} value ${by} with ${direction[0]} ${desc}`,
  };
}

/** The name a query parameter is sent as, when the manifest renames it. */
function wireName(p: ManifestParam): string {
  return p.wire?.in === "query" && "name" in p.wire ? String(p.wire.name ?? "") : "";
}

/** A sort value asking for the newest first: `-created`, `created_desc`, `createdAt:desc`, `newest`. */
function newestFirstValue(value: string): boolean {
  return (
    /^-creat/i.test(value) || (/creat/i.test(value) && /desc/i.test(value)) || /^(newest|latest|recent)$/i.test(value)
  );
}

/** How a field's values compare for `since`: times as text, or numbers. */
function sinceType(doc: OpenApiDocument, field: Schema): "date-time" | "number" | undefined {
  const type = typeOf(doc, field);
  if (type === "integer" || type === "number") return "number";
  const flat = doc.flatten(doc.resolve(field));
  return type === "string" && (flat.format === "date-time" || flat.format === undefined) ? "date-time" : undefined;
}

function typeOf(doc: OpenApiDocument, schema: Schema | undefined): string | undefined {
  if (!schema) return undefined;
  const type = doc.flatten(doc.resolve(schema)).type;
  const types = (Array.isArray(type) ? type : [type]).filter((t) => t !== "null" && t !== undefined);
  return types.length === 1 ? String(types[0]) : undefined;
}

/** A list operation's verb and article before what it lists: "List all the", "Retrieve a list of", "Get". */
const LIST_VERB =
  /^(list|get|search|find|query|fetch|retrieve|return|show|read)(\s+(all|the|a|an|list of|page of))*\s+/i;

/**
 * What a list operation's title says it lists ("List transactions by account" → "transactions by account"), the
 * words users read; undefined when the title does not start with a list's verb or is too long for a title.
 */
function titleNoun(title: string): string | undefined {
  const rest = title.replace(LIST_VERB, "");
  if (rest === title || rest.length === 0 || rest.length > 60) return undefined;
  // A word in capitals (an acronym, a product's name) keeps its case; another word is lower-cased as a title's.
  return /^[A-Z]{2}/.test(rest) ? rest : rest.charAt(0).toLowerCase() + rest.slice(1);
}

/** What the tool id says the operation lists, when its title does not: its words after the provider and a verb. */
function idNoun(manifest: Manifest, id: string): string {
  return id
    .slice(manifest.provider.length + 1)
    .replace(/^(list|get|search|find|query|fetch|all|retrieve)_/, "")
    .replace(/_/g, " ");
}

/** `<provider>_<noun>_created` (or `_changed`), named apart from the operations and the triggers drafted. */
function triggerName(
  manifest: Manifest,
  operationId: string,
  taken: Record<string, Trigger>,
  kind: "created" | "changed",
): string {
  const noun = operationId
    .slice(manifest.provider.length + 1)
    .replace(/^(list|get|search|find|query|fetch|all|retrieve)_/, "");
  const base = `${manifest.provider}_${noun}_${kind}`;
  let name = base;
  for (let i = 2; name in manifest.operations || name in taken || name in (manifest.triggers ?? {}); i++)
    name = `${base}_${i}`;
  return name;
}
