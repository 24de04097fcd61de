// A trigger's own values held, at generation, to what they meet later: each
// input of a subscription step to its operation's parameter (and so to the
// document's limits), each `{{…}}` to what serve fills at that step, each
// `match` value to the event field's schema. Every problem is BW2026 (an
// unknown input BW2001) at the value's place in the manifest.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type FixtureEdit, shelfCopy } from "../../../test-support/shelf-copy.js";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import type { ProviderIR } from "../../model/ir.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-trigger-values-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let counter = 0;
/**
 * The problems of the shelf fixture after the edits, as `{code, at}` (`line:col` in the manifest), and the edited
 * manifest.
 */
async function problems(
  edits: FixtureEdit[],
): Promise<{ found: { code: string; at: string }[]; manifest: string; ir?: ProviderIR }> {
  const root = join(work, String(counter++));
  const dir = shelfCopy(root, edits);
  const manifest = readFileSync(join(dir, "manifest.yaml"), "utf8");
  try {
    return { found: [], manifest, ir: await loadProvider(root, dir) };
  } catch (e) {
    if (!(e instanceof GenerationErrors)) throw e;
    return { found: e.errors.map((x) => ({ code: x.code, at: `${x.position.line}:${x.position.col}` })), manifest };
  }
}

/** `line:col` of the value written after `key: ` on the line holding `text` (the only such line). */
function valueAt(manifest: string, text: string): string {
  const lines = manifest.split("\n");
  const index = lines.findIndex((l) => l.includes(text));
  if (index < 0 || lines.findIndex((l, i) => i > index && l.includes(text)) >= 0)
    throw new Error(`no single line holds ${text}`);
  const line = lines[index] as string;
  return `${index + 1}:${line.indexOf(": ", line.indexOf(text)) + 3}`;
}

/** `line:col` of `text` itself, on the only line holding it. */
function textAt(manifest: string, text: string): string {
  const lines = manifest.split("\n");
  const index = lines.findIndex((l) => l.includes(text));
  if (index < 0 || lines.findIndex((l, i) => i > index && l.includes(text)) >= 0)
    throw new Error(`no single line holds ${text}`);
  return `${index + 1}:${(lines[index] as string).indexOf(text) + 1}`;
}

/** `line:col` of the key starting the line that holds `text`. */
function keyAt(manifest: string, text: string): string {
  const [line] = valueAt(manifest, text).split(":");
  const written = manifest.split("\n")[Number(line) - 1] as string;
  return `${line}:${written.length - written.trimStart().length + 1}`;
}

/**
 * The shelf trigger with a subscription made through shelf_add_book, these inputs (YAML lines), and more subscription
 * fields.
 */
const subscribed = (inputs: string[], more = ""): FixtureEdit => ({
  find: "    acknowledge: 204\n",
  replace:
    `    acknowledge: 204\n    subscription:\n      create:\n        operation: ` +
    `shelf_add_book\n        inputs:\n${inputs.map((l) => `          ${l}\n`).join("")}      id: bookId\n${more}`,
});

describe("a trigger's subscription inputs, checked against the operation's parameters", () => {
  it("takes values and templates the parameters allow", async () => {
    const { found } = await problems([
      subscribed([
        "shelfId: zq-main",
        'title: "{{trigger.url}}"',
        "format: ebook",
        'meta: { source: "{{trigger.secret}}", at: "{{trigger.url}}" }',
      ]),
    ]);
    expect(found).toEqual([]);
  });

  it("refuses a value outside the parameter's enum or pattern (the document's limits), at the value", async () => {
    const { found, manifest } = await problems([subscribed(['shelfId: "Not A Shelf!"', "title: zq", "format: vinyl"])]);
    expect(found).toEqual([
      { code: "BW2026", at: valueAt(manifest, 'shelfId: "Not A Shelf!"') },
      { code: "BW2026", at: valueAt(manifest, "format: vinyl") },
    ]);
  });

  it(
    "refuses a template serve does not fill, or fills " + "only with what the trigger lacks, or not at that step",
    async () => {
      const { found, manifest } = await problems([
        subscribed([
          'shelfId: "{{trigger.shelf}}"',
          'title: "{{trigger.expiresAt}}"',
          'tags: "{{subscription.id}}"',
          'meta: { note: "made for {{ZQ_NAME}}" }',
          "format: paper",
        ]),
      ]);
      expect(found).toEqual([
        { code: "BW2026", at: valueAt(manifest, 'shelfId: "{{trigger.shelf}}"') },
        { code: "BW2026", at: valueAt(manifest, 'title: "{{trigger.expiresAt}}"') },
        { code: "BW2026", at: valueAt(manifest, 'tags: "{{subscription.id}}"') },
        { code: "BW2026", at: valueAt(manifest, "meta: { note") },
      ]);
    },
  );

  it("refuses a template whose kind of value the parameter refuses (a time where an enum is)", async () => {
    const { found, manifest } = await problems([
      subscribed(["shelfId: zq-main", "title: zq", 'size: "{{trigger.expiresAt}}"'], "      lifetimeMinutes: 60\n"),
    ]);
    expect(found).toEqual([{ code: "BW2026", at: valueAt(manifest, 'size: "{{trigger.expiresAt}}"') }]);
  });

  it("names an input the operation has no parameter for (BW2001)", async () => {
    const { found, manifest } = await problems([subscribed(["shelfId: zq-main", "title: zq", "colour: red"])]);
    expect(found).toEqual([{ code: "BW2001", at: keyAt(manifest, "colour: red") }]);
  });
});

describe("a trigger's match values, checked against the event's schema", () => {
  it("refuses a value the event's field cannot hold (outside its enum): the trigger would never start", async () => {
    const { found, manifest } = await problems([
      { find: "match: { /type: book.added }", replace: "match: { /type: book.gone }" },
    ]);
    expect(found).toEqual([{ code: "BW2026", at: textAt(manifest, "book.gone") }]);
  });
});

/** A second callback of shelf_add_book's operation: notifications about the hook itself, several in `value`. */
const lifecycleCallback: FixtureEdit = {
  file: "openapi.yaml",
  find: '                "204": { description: Taken. }\n',
  replace: [
    '                "204": { description: Taken. }',
    "        hookLifecycle:",
    '          "{$request.body#/title}":',
    "            post:",
    "              requestBody:",
    "                required: true",
    "                content:",
    "                  application/json:",
    "                    schema:",
    "                      type: object",
    "                      properties:",
    "                        value:",
    "                          type: array",
    "                          items:",
    "                            type: object",
    "                            properties:",
    "                              hookId: { type: string }",
    "                              lifecycleEvent: { type: string }",
    "              responses:",
    '                "202": { description: Taken. }',
    "",
  ].join("\n"),
};
/** The subscription's lifecycle (with a renew step, which renewing on an event needs, unless `renew` is false). */
const lifecycle = (
  fields = "callback: hookLifecycle, items: /value, event: /lifecycleEvent, subscription: /hookId",
  renew = true,
) =>
  `${renew ? "      renew: { operation: shelf_add_book, inputs: { shelfId: zq-main, title: zq } }\n" : ""}` +
  `      lifecycle: { ${fields}, actions: { reauthorizationRequired: renew, hookRemoved: recreate, missed: ` +
  `log } }\n`;

describe("a subscription's lifecycle notifications", () => {
  it("link through their callback: the fields read found there, the address passed by the create step", async () => {
    const { found, ir } = await problems([
      lifecycleCallback,
      subscribed(["shelfId: zq-main", 'title: "{{trigger.lifecycleUrl}}"'], lifecycle()),
    ]);
    expect(found).toEqual([]);
    expect(ir?.triggers?.[0]?.subscription?.lifecycle).toEqual({
      items: ["value"],
      event: ["lifecycleEvent"],
      subscription: ["hookId"],
      actions: { reauthorizationRequired: "renew", hookRemoved: "recreate", missed: "log" },
    });
  });

  it(
    "refuses {{trigger.lifecycleUrl}} in a trigger that declares no lifecycle (BW2026), " +
      "and a lifecycle whose address no step passes (BW2024)",
    async () => {
      const unused = await problems([
        lifecycleCallback,
        subscribed(["shelfId: zq-main", 'title: "{{trigger.lifecycleUrl}}"']),
      ]);
      expect(unused.found).toEqual([
        { code: "BW2026", at: valueAt(unused.manifest, 'title: "{{trigger.lifecycleUrl}}"') },
      ]);
      const unsent = await problems([lifecycleCallback, subscribed(["shelfId: zq-main", "title: zq"], lifecycle())]);
      expect(unsent.found).toEqual([{ code: "BW2024", at: keyAt(unsent.manifest, "lifecycle: {") }]);
    },
  );

  it("refuses renewing on an event when the subscription has no renew step (BW2024)", async () => {
    const { found, manifest } = await problems([
      lifecycleCallback,
      subscribed(["shelfId: zq-main", 'title: "{{trigger.lifecycleUrl}}"'], lifecycle(undefined, false)),
    ]);
    expect(found).toEqual([{ code: "BW2024", at: textAt(manifest, "renew, hookRemoved") }]);
  });

  it("names a callback the operation lacks, and a field a notification does not have (BW2025)", async () => {
    const noCallback = await problems([
      subscribed(["shelfId: zq-main", 'title: "{{trigger.lifecycleUrl}}"'], lifecycle()),
    ]);
    expect(noCallback.found).toEqual([{ code: "BW2025", at: textAt(noCallback.manifest, "hookLifecycle") }]);
    const noField = await problems([
      lifecycleCallback,
      subscribed(
        ["shelfId: zq-main", 'title: "{{trigger.lifecycleUrl}}"'],
        lifecycle("callback: hookLifecycle, items: /value, event: /kind"),
      ),
    ]);
    expect(noField.found).toEqual([{ code: "BW2025", at: textAt(noField.manifest, "/kind") }]);
  });
});
