// A project of the shelf fixture served by the crash and poison tests: its API a loopback server of the test, every
// call sending an idempotency key, and a workflow that copies each added book to the archive shelf (a POST) and lists
// the archive (a GET).
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { TriggerSpec } from "@blockwright/runtime";
import { cli } from "./cli-harness.js";
import { ROOT } from "./repo.js";
import { type FixtureEdit, shelfCopy } from "./shelf-copy.js";

const WORKFLOW = [
  "name: On a new book",
  "blocks:",
  "  start:",
  "    type: shelf",
  "    name: A book was added",
  "    inputs: { trigger: shelf_book_added, signingSecret: '{{ZQ_SIGNING_SECRET}}' }",
  "    connections: { outgoing: [{ target: copy }] }",
  "  copy:",
  "    type: shelf",
  "    name: Copy it to the archive shelf",
  "    inputs: { operation: shelf_add_book, apiKey: '{{ZQ_SHELF_KEY}}', shelfId: archive, title: " +
    "'{{start.metadata.bookId}}', format: paper }",
  "    connections: { outgoing: [{ target: list }] }",
  "  list:",
  "    type: shelf",
  "    name: List the archive",
  "    inputs: { operation: shelf_list_books, apiKey: '{{ZQ_SHELF_KEY}}', shelfId: archive }",
  "",
].join("\n");

/**
 * `dir` made such a project, its API at `base` and the fixture edited by `edits` too, generated, its workflow at
 * `<dir>/wf.yaml`: the generated package's book-added trigger.
 */
export async function shelfArchiveProject(
  dir: string,
  base: string,
  edits: readonly FixtureEdit[] = [],
): Promise<TriggerSpec> {
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  shelfCopy(dir, [
    { file: "openapi.yaml", find: "https://api.shelf.test", replace: base },
    { find: "default: https://api.shelf.test", replace: `default: ${base}` },
    { find: "errors:\n", replace: "idempotency:\n  header: Idempotency-Key\nerrors:\n" },
    ...edits,
  ]);
  const generated = await cli(["generate"], { cwd: dir });
  if (generated.code !== 0) throw new Error(`generate failed: ${generated.stderr}`);
  const pkg = (await import(pathToFileURL(join(dir, "generated/shelf/index.js")).href)) as {
    shelfTriggers: Record<string, TriggerSpec>;
  };
  writeFileSync(join(dir, "wf.yaml"), WORKFLOW);
  const trigger = pkg.shelfTriggers.shelf_book_added;
  if (!trigger) throw new Error("the shelf fixture has no shelf_book_added trigger");
  return trigger;
}
