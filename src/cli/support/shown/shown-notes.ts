// The review notes `add` prints, a note said alike of many parameters or operations once: a published document that
// describes none of its body fields, or bounds none of its path values, gave one line a parameter, 75 to 100 of one
// tag's 31 operations, in which a note of another kind was lost. manifest.yaml keeps each above its place, and
// `add --json` lists every one.
import { NAMED_FEW, namedFew } from "../../../import/named-few.js";
import type { ReviewNote } from "../../../import/manifest-yaml.js";

interface Alike {
  /** What each place is, in the plural. */
  noun: string;
  /** The note with its parameter's name read as "it", so that the notes of two parameters read alike. */
  text: string;
}

/** `notes` as printed, `place: note` a line; a note said alike of more than NAMED_FEW places, once at its first. */
export function shownNotes(notes: readonly ReviewNote[]): string[] {
  // A note said word for word of many places is said as it is: a parameter's name read as "it" garbled a note whose
  // name is a word of it ("the request body is…" of twelve parameters named body read "the request it is…").
  const wordForWord = new Map<string, number>();
  for (const n of notes) {
    const alike = alikeOf(n);
    if (alike) wordForWord.set(`${alike.noun}\n${n.note}`, (wordForWord.get(`${alike.noun}\n${n.note}`) ?? 0) + 1);
  }
  const places = new Map<string, string[]>();
  const keys = notes.map((n) => {
    const alike = alikeOf(n);
    if (!alike) return undefined;
    const asWritten = `${alike.noun}\n${n.note}`;
    const key = (wordForWord.get(asWritten) ?? 0) > NAMED_FEW ? asWritten : `${alike.noun}\n${alike.text}`;
    places.set(key, [...(places.get(key) ?? []), n.at.join(".")]);
    return key;
  });
  const shown: string[] = [];
  const said = new Set<string>();
  notes.forEach((n, i) => {
    const key = keys[i];
    const at = key === undefined ? undefined : places.get(key);
    if (key === undefined || at === undefined || at.length <= NAMED_FEW) {
      shown.push(`${n.at.join(".")}: ${n.note}`);
      return;
    }
    if (said.has(key)) return;
    said.add(key);
    const [noun = "", text = ""] = key.split("\n");
    shown.push(`${namedFew(at, noun)}: ${text}`);
  });
  return shown;
}

/** An operation named by its method and path at the start of a note about it. */
const OPERATION_SAID = /^(GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE) \/\S*(?= )/;

/** How a note at one parameter (operations.<id>.params.<name>) or one operation's own field reads as many's. */
function alikeOf({ at, note }: ReviewNote): Alike | undefined {
  const [top, , kind, name] = at;
  if (top !== "operations" || note.includes("\n")) return undefined;
  if (at.length === 3) return { noun: "operations", text: note };
  // A note at an operation that begins with the operation itself ("GET /things has no operationId…").
  if (at.length === 2) {
    const own = OPERATION_SAID.exec(note);
    // Another said word for word of many ("header parameter Accept not drafted: …") is said once too.
    return { noun: "operations", text: own ? `it${note.slice(own[0].length)}` : note };
  }
  if (at.length !== 4 || kind !== "params" || typeof name !== "string" || name === "") return undefined;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return { noun: "parameters", text: note.replace(new RegExp(`(?<![\\w$-])${escaped}(?![\\w$-])`, "g"), "it") };
}
