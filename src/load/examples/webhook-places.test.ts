// A webhook's (OpenAPI 3.1 `webhooks`) and a callback's (3.0 `callbacks` of an operation) path items in the walk that
// names each place of the document for its problems (example-walker.ts): the walk read `paths` and `components` by
// name only, so a broken `$ref` inside a webhook the manifest's trigger binds failed the link as an internal error,
// without its file, line and column, and an example breaking its schema there passed unnamed and unchecked.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { GenerationErrors } from "../../emit/generation-errors.js";
import { loadProvider } from "../../emit/link-provider.js";
import { type FixtureEdit, shelfCopy } from "../../../test-support/shelf-copy.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-webhook-places-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const hooks = join(dirname(fileURLToPath(import.meta.url)), "../../../test-support/fixtures/specs-hooks/zqpay");

let counter = 0;
/** The problems generate reports of a provider folder made by `copy` in a fresh project folder, each as printed. */
async function problems(copy: (project: string) => string): Promise<string[]> {
  const project = join(work, String(counter++));
  try {
    await loadProvider(project, copy(project));
  } catch (e) {
    if (e instanceof GenerationErrors) return e.errors.map((x) => x.message);
    throw e;
  }
  return [];
}

/**
 * The webhook fixture (a 3.1 document whose trigger binds `webhooks.paymentSucceeded`) with its document edited after
 * its `webhooks:` (and its manifest by `manifest`, each text's first).
 */
function hooksCopy(project: string, find: string, replace: string, manifest: [string, string][] = []): string {
  const dir = join(project, "specs", "zqpay");
  cpSync(hooks, dir, { recursive: true });
  const file = join(dir, "openapi.yaml");
  const text = readFileSync(file, "utf8");
  const at = text.indexOf("webhooks:");
  const found = text.indexOf(find, at);
  if (at < 0 || found < 0) throw new Error(`the webhook fixture has no ${JSON.stringify(find)} in its webhooks`);
  writeFileSync(file, text.slice(0, found) + replace + text.slice(found + find.length));
  const manifestFile = join(dir, "manifest.yaml");
  let written = readFileSync(manifestFile, "utf8");
  for (const [from, to] of manifest) {
    if (!written.includes(from)) throw new Error(`the webhook fixture's manifest has no ${JSON.stringify(from)}`);
    written = written.replace(from, to);
  }
  writeFileSync(manifestFile, written);
  return dir;
}

/** Where `find` stands in a text (after its webhooks), as `line:col`. */
function lineCol(text: string, find: string): string {
  const before = text.slice(0, text.indexOf(find, text.indexOf("webhooks:")));
  return `${before.split("\n").length}:${before.length - before.lastIndexOf("\n")}`;
}

describe("a webhook's and a callback's places, named", () => {
  it("reports a broken $ref inside a webhook at its file, line and column", async () => {
    const broken = '$ref: "#/components/schemas/ZqMissing"';
    const found = await problems((project) => hooksCopy(project, '$ref: "#/components/schemas/Event"', broken));
    const text = readFileSync(join(work, String(counter - 1), "specs", "zqpay", "openapi.yaml"), "utf8");
    const at = lineCol(text, '"#/components/schemas/ZqMissing"');
    expect(found).toEqual([
      `specs/zqpay/openapi.yaml:${at}: $ref "#/components/schemas/ZqMissing" does not resolve ` +
        "(no such place in this file)",
    ]);
  });

  it("reads a webhook named like an extension (`x-…`) as one: its $ref to a missing file is reported", async () => {
    const found = await problems((project) => {
      const dir = hooksCopy(project, "paymentSucceeded:", "x-zq-paid:", [
        ["event: { webhook: paymentSucceeded }", "event: { webhook: x-zq-paid }"],
      ]);
      const file = join(dir, "openapi.yaml");
      const text = readFileSync(file, "utf8").replace('"#/components/schemas/Event"', '"zq-missing.yaml#/Event"');
      writeFileSync(file, text);
      return dir;
    });
    expect(found).toEqual([expect.stringMatching(/openapi\.yaml:\d+:\d+: .*zq-missing\.yaml/)]);
  });

  it("refuses a webhook's place that holds no mapping, naming it (the document's structure)", async () => {
    const found = await problems((project) => hooksCopy(project, '"200": { description: Taken. }', '"200": null'));
    const place = "webhooks.paymentSucceeded.post.responses.200";
    expect(found).toEqual([expect.stringMatching(/openapi\.yaml:\d+:\d+: /)]);
    expect(found[0]).toMatch(new RegExp(`: ${place.replaceAll(".", "\\.")}: a response must be a mapping, got null$`));
  });

  it("names a webhook's example that breaks its schema", async () => {
    const found = await problems((project) => hooksCopy(project, "amount: 4200", "amount: zqlots"));
    expect(found).toEqual([
      expect.stringContaining(
        'example "succeeded" of the request body of "POST webhook paymentSucceeded" (application/json) ' +
          'does not match its schema: /data/amount must be integer, got "zqlots"',
      ),
    ]);
  });

  it("names a callback's example that breaks its schema, by its operation", async () => {
    const edit: FixtureEdit = { file: "openapi.yaml", find: "type: book.added, book:", replace: "type: zqbad, book:" };
    const found = await problems((project) => shelfCopy(project, [edit]));
    expect(found).toEqual([
      expect.stringContaining(
        'example "added" of the request body of "POST callback bookAdded of addBook" (application/json) ' +
          "does not match its schema",
      ),
    ]);
  });
});
