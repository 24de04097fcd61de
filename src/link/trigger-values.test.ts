// A trigger's own values held, at generation, to what they meet later: each
// input of a subscription step to its operation's parameter (and so to the
// document's limits), each `{{…}}` to what serve fills at that step, each
// `match` value to the event field's schema. Every problem is BW2026 (an
// unknown input BW2001) at the value's place in the manifest.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type FixtureEdit, shelfCopy } from "../../test-support/shelf-copy.js";
import { GenerationErrors, loadProvider } from "../emit/generate-all.js";

const work = mkdtempSync(join(tmpdir(), "blockwright-trigger-values-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
/** The problems of the shelf fixture after the edits, as `{code, at}` (`line:col` in the manifest), and the edited manifest. */
async function problems(edits: FixtureEdit[]): Promise<{ found: { code: string; at: string }[]; manifest: string }> {
  const root = join(work, String(counter++));
  const dir = shelfCopy(root, edits);
  const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
  try {
    await loadProvider(root, dir);
    return { found: [], manifest };
  } catch (e) {
    if (!(e instanceof GenerationErrors)) throw e;
    return { found: e.errors.map((x) => ({ code: x.code, at: `${x.position.line}:${x.position.col}` })), manifest };
  }
}

/** `line:col` of the value written after `key: ` on the line holding `text` (the only such line). */
function valueAt(manifest: string, text: string): string {
  const lines = manifest.split("\n");
  const index = lines.findIndex((l) => l.includes(text));
  if (index < 0 || lines.findIndex((l, i) => i > index && l.includes(text)) >= 0) throw new Error(`no single line holds ${text}`);
  const line = lines[index] as string;
  return `${index + 1}:${line.indexOf(": ", line.indexOf(text)) + 3}`;
}

/** `line:col` of the key starting the line that holds `text`. */
function keyAt(manifest: string, text: string): string {
  const [line] = valueAt(manifest, text).split(":");
  const written = manifest.split("\n")[Number(line) - 1] as string;
  return `${line}:${written.length - written.trimStart().length + 1}`;
}

/** The shelf trigger with a subscription made through shelf_add_book, these inputs (YAML lines), and more subscription fields. */
const subscribed = (inputs: string[], more = ""): FixtureEdit => ({
  find: "    acknowledge: 204\n",
  replace: `    acknowledge: 204\n    subscription:\n      create:\n        operation: shelf_add_book\n        inputs:\n${inputs.map((l) => `          ${l}\n`).join("")}      id: bookId\n${more}`,
});

describe("a trigger's subscription inputs, checked against the operation's parameters", () => {
  it("takes values and templates the parameters allow", async () => {
    const { found } = await problems([subscribed(["shelfId: zq-main", 'title: "{{trigger.url}}"', "format: ebook", 'meta: { source: "{{trigger.secret}}", at: "{{trigger.url}}" }'])]);
    expect(found).toEqual([]);
  });

  it("refuses a value outside the parameter's enum or pattern (the document's limits), at the value", async () => {
    const { found, manifest } = await problems([subscribed(['shelfId: "Not A Shelf!"', "title: zq", "format: vinyl"])]);
    expect(found).toEqual([
      { code: "BW2026", at: valueAt(manifest, 'shelfId: "Not A Shelf!"') },
      { code: "BW2026", at: valueAt(manifest, "format: vinyl") },
    ]);
  });

  it("refuses a template serve does not fill, or fills only with what the trigger lacks, or not at that step", async () => {
    const { found, manifest } = await problems([subscribed(['shelfId: "{{trigger.shelf}}"', 'title: "{{trigger.expiresAt}}"', 'tags: "{{subscription.id}}"', 'meta: { note: "made for {{ZQ_NAME}}" }', "format: paper"])]);
    expect(found).toEqual([
      { code: "BW2026", at: valueAt(manifest, 'shelfId: "{{trigger.shelf}}"') },
      { code: "BW2026", at: valueAt(manifest, 'title: "{{trigger.expiresAt}}"') },
      { code: "BW2026", at: valueAt(manifest, 'tags: "{{subscription.id}}"') },
      { code: "BW2026", at: valueAt(manifest, "meta: { note") },
    ]);
  });

  it("refuses a template whose kind of value the parameter refuses (a time where an enum is)", async () => {
    const { found, manifest } = await problems([subscribed(["shelfId: zq-main", "title: zq", 'size: "{{trigger.expiresAt}}"'], "      lifetimeMinutes: 60\n")]);
    expect(found).toEqual([{ code: "BW2026", at: valueAt(manifest, 'size: "{{trigger.expiresAt}}"') }]);
  });

  it("names an input the operation has no parameter for (BW2001)", async () => {
    const { found, manifest } = await problems([subscribed(["shelfId: zq-main", "title: zq", "colour: red"])]);
    expect(found).toEqual([{ code: "BW2001", at: keyAt(manifest, "colour: red") }]);
  });
});

describe("a trigger's match values, checked against the event's schema", () => {
  it("refuses a value the event's field cannot hold (outside its enum): the trigger would never start", async () => {
    const { found, manifest } = await problems([{ find: "match: { /type: book.added }", replace: "match: { /type: book.gone }" }]);
    const line = manifest.split("\n").findIndex((l) => l.includes("book.gone"));
    expect(found).toEqual([{ code: "BW2026", at: `${line + 1}:${(manifest.split("\n")[line] as string).indexOf("book.gone") + 1}` }]);
  });
});
