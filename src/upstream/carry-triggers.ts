// What `upstream --accept` carries of the poll and event triggers add drafted (triggers.<id>.poll,
// import/shapes/poll-triggers.ts) where the manifest holds the older document's draft and add drafts it otherwise from
// the newer: a list's items no longer carrying the field a trigger asked for new items since (a `createdAt` gone from
// a transaction), or the query parameter it asked with. Kept, the manifest no longer linked (BW2025). The newer
// draft's trigger where it polls outputs and parameters the operation has (as carried), else taken out (the list
// offers no way add finds new items by); a trigger written or changed by hand is the user's. A trigger add drafts from
// the newer document only (a list whose items gained a time they are ordered by) is added, as --accept adds a new
// parameter or output, where the manifest polls that operation by no trigger of its own. An event trigger add drafted
// (a signed webhook's or callback's, import/event-triggers/) follows the newer draft's alike: its delivery's body or
// signing changed, its outputs, match and authentication are drafted again; no longer drafted, it is taken out.
import { type Document, isMap } from "yaml";
import { addReviewNotes, draftedNode, retireReviewNotes } from "../import/manifest-yaml.js";
import type { DraftHead } from "./carry-auth.js";

type Json = Record<string, unknown>;
const object = (v: unknown): Json => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : {});

interface Poll {
  operation?: unknown;
  items?: unknown;
  inputs?: unknown;
  since?: { field?: unknown };
}

const pollOf = (trigger: unknown) => object(object(trigger).poll) as Poll;

/** What the older draft's poll read or sent that the newer draft's does not (none where it cannot say). */
function whyOf(was: Poll, now: Poll | undefined): string {
  const out: string[] = [];
  const field = was.since?.field;
  if (typeof field === "string" && now?.since?.field !== field) out.push(`it asked for new items by their ${field}`);
  const sent = Object.keys(object(was.inputs)).filter((name) => !Object.hasOwn(object(now?.inputs), name));
  if (sent.length) out.push(`it sent ${sent.join(", ")}`);
  const how = out.length ? `${out.join(" and ")}, ` : "";
  return `${how}which add's draft of the newer document does not`;
}

/** What an event trigger's older draft (a webhook's or a callback's) set otherwise than the newer draft's. */
function eventWhyOf(was: Json, now: Json | undefined): string {
  if (now === undefined) return "add's draft of the newer document has none: its delivery is gone or no longer signed";
  const keys = [...new Set([...Object.keys(was), ...Object.keys(now)])].filter(
    (key) => JSON.stringify(was[key]) !== JSON.stringify(now[key]),
  );
  return `its ${keys.join(", ")} differ from add's draft of the newer document`;
}

/** Whether a trigger of the newer draft links to the manifest as carried: a poll's operation, a callback's. */
function fitsTrigger(yaml: Document, trigger: unknown): boolean {
  const { poll, event } = object(trigger);
  if (poll !== undefined) return fits(yaml, pollOf(trigger));
  const operation = object(object(event).callback).operation;
  return operation === undefined || (typeof operation === "string" && yaml.hasIn(["operations", operation]));
}

/** Whether the poll's list output and the parameters it sends are the operation's, as carried (or shared ones). */
function fits(yaml: Document, poll: Poll): boolean {
  if (typeof poll.operation !== "string" || typeof poll.items !== "string") return false;
  const at = ["operations", poll.operation];
  return (
    yaml.hasIn([...at, "outputs", poll.items]) &&
    Object.keys(object(poll.inputs)).every(
      (name) => yaml.hasIn([...at, "params", name]) || yaml.hasIn(["params", name]),
    )
  );
}

/** The manifest's poll triggers following the newer draft's where it holds the older's; a line for each. */
export function carryTriggers(yaml: Document, older: DraftHead, newer: DraftHead, lines: string[]): void {
  if (older.triggers === undefined || newer.triggers === undefined) return;
  const held = object(object(yaml.toJS()).triggers);
  const notesOf = (head: DraftHead, id: string) =>
    (head.triggerNotes ?? []).filter((n) => n.at.length === 2 && n.at[1] === id).map((n) => n.note);
  for (const [id, mine] of Object.entries(held)) {
    const [was, now] = [older.triggers[id], newer.triggers[id]];
    const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    if (was === undefined || !same(mine, was) || same(now, was)) continue;
    const polls = object(was).poll !== undefined;
    const why = polls
      ? whyOf(pollOf(was), now === undefined ? undefined : pollOf(now))
      : eventWhyOf(object(was), now === undefined ? undefined : object(now));
    const path = ["triggers", id];
    retireReviewNotes(yaml, path, notesOf(older, id));
    if (now !== undefined && fitsTrigger(yaml, now)) {
      yaml.setIn(path, draftedNode(yaml, now));
      addReviewNotes(yaml, path, [
        ...notesOf(newer, id),
        `${id} follows the newer document's draft: ${why} (blockwright upstream --accept; it was add's draft of ` +
          "the older document): check it",
      ]);
      lines.push(`triggers.${id}: as add drafts it from the newer document: ${why}`);
      continue;
    }
    yaml.deleteIn(path);
    const rest = yaml.getIn(["triggers"], true);
    if (isMap(rest) && rest.items.length === 0) yaml.deleteIn(["triggers"]);
    // The note goes on the operation it polled (or whose callback it was), which stays; else on the manifest.
    const operation = polls ? pollOf(was).operation : object(object(object(was).event).callback).operation;
    const at = typeof operation === "string" && yaml.hasIn(["operations", operation]) ? ["operations", operation] : [];
    addReviewNotes(yaml, at, [
      polls
        ? `its poll trigger ${id} was taken out: ${why} (blockwright upstream --accept; it was add's draft of the ` +
          "older document): write how new items are found, if the newer document offers a way"
        : `its event trigger ${id} was taken out: ${why} (blockwright upstream --accept; it was add's draft of the ` +
          "older document): declare it by hand if the provider still delivers the event (docs/guides/triggers.md)",
    ]);
    lines.push(`triggers.${id} taken out: ${why}`);
  }
  addNewTriggers(yaml, older.triggers, newer, held, lines);
}

/**
 * The triggers add drafts from the newer document and not from the older, each where the manifest has no trigger of
 * its id or polling its operation: added where its list and parameters are the manifest's, else said on the operation.
 */
function addNewTriggers(yaml: Document, older: Json, newer: DraftHead, held: Json, lines: string[]): void {
  const polled = new Set(Object.values(held).map((t) => pollOf(t).operation));
  for (const [id, now] of Object.entries(newer.triggers ?? {})) {
    const { operation } = pollOf(now);
    if (Object.hasOwn(older, id) || Object.hasOwn(held, id) || polled.has(operation)) continue;
    if (typeof operation !== "string" || !yaml.hasIn(["operations", operation])) continue;
    polled.add(operation);
    const why = `add drafts it from the newer document, whose ${operation} now offers a way to find new items`;
    if (fits(yaml, pollOf(now))) {
      yaml.setIn(["triggers", id], draftedNode(yaml, now));
      const notes = (newer.triggerNotes ?? []).filter((n) => n.at.length === 2 && n.at[1] === id).map((n) => n.note);
      addReviewNotes(
        yaml,
        ["triggers", id],
        [...notes, `${id} added: ${why} (blockwright upstream --accept): check it`],
      );
      lines.push(`triggers.${id} added: ${why}`);
      continue;
    }
    addReviewNotes(yaml, ["operations", operation], [`${why}: a poll trigger ${id} (blockwright upstream --accept)`]);
    lines.push(`triggers.${id}: ${why}; not added, its list or parameters are not the manifest's`);
  }
}
