// A drafted manifest as YAML, in the style of the hand-written ones (wire
// placements and short lists on one line), with a `# review: …` comment
// above every guess a person should check.
import { lineText } from "../common/github-actions.js";
import { Document, isMap, isScalar, isSeq, type Node, type Pair, type YAMLMap } from "yaml";
import type { Manifest } from "../load/precompiled/manifest-types.js";

/** A place in the manifest (`operations`, id, `params`, name) and what to check there. */
export interface ReviewNote {
  at: (string | number)[];
  note: string;
}

/** The notes about one place of the draft, dropped with what they were about (else written above nothing). */
export function dropNotes(notes: ReviewNote[], at: readonly (string | number)[]): void {
  const place = JSON.stringify(at);
  for (let i = notes.length - 1; i >= 0; i--) if (JSON.stringify(notes[i]?.at) === place) notes.splice(i, 1);
}

/** Comment lines are wrapped here (the text after `# review: `). */
const WIDTH = 96;

/**
 * Keys whose value reads best on one line: wire placements, paging targets and tests, lists of values and expressions.
 */
const ONE_LINE = new Set([
  "wire",
  "send",
  "more",
  "enum",
  "knownValues",
  "items",
  "code",
  "message",
  "requestId",
  "failureWhen",
  "hosts",
  "methods",
]);

export function manifestYaml(manifest: Manifest, notes: readonly ReviewNote[], header: string[]): string {
  // No anchors: one example object written twice is written out twice (an alias per use counted against the reader's
  // alias bound, BW1004: a whole API's draft refused itself).
  const doc = new Document(manifest, { aliasDuplicateObjects: false });
  flowStyle(doc.contents as Node);
  const byPlace = new Map<string, { at: ReviewNote["at"]; notes: string[] }>();
  for (const { at, note } of notes) {
    const key = JSON.stringify(at);
    const entry = byPlace.get(key) ?? { at, notes: [] };
    if (!entry.notes.includes(note)) entry.notes.push(note);
    byPlace.set(key, entry);
  }
  for (const { at, notes: list } of byPlace.values()) addReviewNotes(doc, at, list);
  doc.commentBefore = [...header.map((line) => ` ${line}`), ...(doc.commentBefore ? [doc.commentBefore] : [])].join(
    "\n",
  );
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}

/**
 * `# review: …` lines above the key at `at`, after any comment there (at the document's head where there is no such
 * key); the count written (a note already there is not).
 */
export function addReviewNotes(doc: Document, at: ReviewNote["at"], notes: readonly string[]): number {
  const pair = pairAt(doc, at);
  // A key set after the manifest was read (`setIn`) is a plain value, which holds no comment: made a node here.
  if (pair && !isScalar(pair.key)) pair.key = doc.createNode(pair.key);
  // A note already there (a later version's --accept following the same part again) is not written twice.
  const held = (pair && isScalar(pair.key) ? pair.key.commentBefore : doc.commentBefore) ?? "";
  const lines = notes.map((n) => wrap(`review: ${n}`).join("\n")).filter((n) => !`\n${held}\n`.includes(`\n${n}\n`));
  if (!lines.length) return 0;
  const text = lines.join("\n");
  if (pair && isScalar(pair.key))
    pair.key.commentBefore = pair.key.commentBefore ? `${pair.key.commentBefore}\n${text}` : text;
  else doc.commentBefore = `${doc.commentBefore ?? ""}\n${text}`;
  return lines.length;
}

/**
 * Takes the `# review: …` lines of each of `notes` out from above the key at `at`, where they stand as add wrote them
 * (a note a person reworded stays); the count taken out.
 */
export function retireReviewNotes(doc: Document, at: ReviewNote["at"], notes: readonly string[]): number {
  const pair = pairAt(doc, at);
  if (!pair || !isScalar(pair.key)) return 0;
  // Read back, a comment above a map's first key is the map's (the yaml package's), not the key's.
  const parent = at.length > 1 ? doc.getIn(at.slice(0, -1), true) : doc.contents;
  const holders: { commentBefore?: string | null }[] = [pair.key];
  if (isMap(parent) && parent.items[0] === pair) holders.push(parent);
  let taken = 0;
  for (const holder of holders) {
    if (!holder.commentBefore) continue;
    const lines = holder.commentBefore.split("\n");
    for (const note of notes) {
      const block = wrap(`review: ${note}`);
      const start = lines.findIndex((_, i) => block.every((line, j) => lines[i + j] === line));
      if (start < 0) continue;
      lines.splice(start, block.length);
      taken++;
    }
    holder.commentBefore = lines.length ? lines.join("\n") : undefined;
  }
  return taken;
}

/**
 * A drafted value as a node of `doc`, written as a drafted manifest writes it (wire placements and short lists on one
 * line).
 */
export function draftedNode(doc: Document, value: unknown): Node {
  const node = doc.createNode(value, { aliasDuplicateObjects: false }) as Node;
  flowStyle(node);
  return node;
}

/** The pair holding the value at `at`, if the manifest has one. */
function pairAt(doc: Document, at: ReviewNote["at"]): Pair | undefined {
  let node: unknown = doc.contents;
  for (const [i, segment] of at.entries()) {
    if (!isMap(node)) return undefined;
    const pair = (node as YAMLMap).items.find((p) => (isScalar(p.key) ? p.key.value : p.key) === segment);
    if (!pair) return undefined;
    if (i === at.length - 1) return pair;
    node = pair.value;
  }
  return undefined;
}

function flowStyle(node: Node | null): void {
  if (!isMap(node)) return;
  for (const pair of node.items) {
    const value = pair.value as Node | null;
    if (isScalar(pair.key) && ONE_LINE.has(String(pair.key.value)) && (isMap(value) || isSeq(value)) && shallow(value))
      value.flow = fitsOneLine(value);
    else flowStyle(value);
  }
}

/**
 * Most characters a one-line list or map holds (its key and indentation beside it): a longer one (five places of an
 * error's message, a long enum) is written a line an item, as the manifest's other lists are, not past the editor's
 * edge (`lineWidth: 0`, which keeps descriptions whole, never breaks a flow collection).
 */
const ONE_LINE_MOST = 88;

function fitsOneLine(node: Node): boolean {
  return JSON.stringify(node.toJSON()).length <= ONE_LINE_MOST;
}

/** A map of scalars, or a list of scalars and such maps: short enough for one line. */
function shallow(node: Node): boolean {
  if (isMap(node)) return node.items.every((p) => isScalar(p.value));
  if (isSeq(node)) return node.items.every((item) => isScalar(item) || (isMap(item) && shallow(item)));
  return true;
}

/** ` review: …` comment lines of at most WIDTH characters. */
function wrap(text: string): string[] {
  const lines: string[] = [];
  let line = "";
  // Each word as one line of a report shows it: a document's text in a note moves no terminal's cursor.
  for (const word of text.split(/\s+/).map(lineText)) {
    if (line && line.length + 1 + word.length > WIDTH) {
      lines.push(` ${line}`);
      line = `  ${word}`;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(` ${line}`);
  return lines;
}
