// The shelf fixture provider copied into a project folder with text edits:
// how tests state one broken or changed spec against the fixture.
import { cpSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { TriggerSpec } from "@blockwright/runtime";
import { cli, runtimeProject } from "./cli-harness.js";
import { ROOT } from "./repo.js";

const fixture = join(dirname(fileURLToPath(import.meta.url)), "fixtures/specs/shelf");

/** A text edit of the copied manifest (or OpenAPI document); a `find` the fixture lacks throws. */
export interface FixtureEdit {
  file?: "manifest.yaml" | "openapi.yaml";
  find: string;
  replace: string;
}

/** Copy the fixture to `<root>/specs/shelf` and apply the edits; returns that folder. */
export function shelfCopy(root: string, edits: readonly FixtureEdit[]): string {
  const dir = join(root, "specs", "shelf");
  cpSync(fixture, dir, { recursive: true });
  for (const edit of edits) {
    const file = join(dir, edit.file ?? "manifest.yaml");
    const text = readFileSync(file, "utf8");
    if (!text.includes(edit.find)) throw new Error(`fixture has no ${JSON.stringify(edit.find)}`);
    writeFileSync(file, text.replace(edit.find, edit.replace));
  }
  return dir;
}

/**
 * The edits that make the fixture's book list a stream (`stream: true`, no outputs) answered in `mediaType`, its poll
 * trigger taken out, since a stream's items have none of the page fields it reads.
 */
export function listAsStream(mediaType: string): FixtureEdit[] {
  const text = readFileSync(join(fixture, "manifest.yaml"), "utf8");
  // The list's page schema and its outputs (through its 404 outcome's).
  const start = text.indexOf("    outputs:\n      data:\n        type: array");
  const end = text.indexOf("  shelf_add_book:");
  if (start < 0 || end < start) throw new Error("the fixture's list outputs moved");
  // The poll trigger of that list (the manifest's last block), to the next block of two spaces' indent or less.
  const poll = text.search(/^ {2}\w+:\n(?: {4}.*\n)*? {4}poll:\n {6}operation: shelf_list_books\n/m);
  if (poll < 0) throw new Error("the fixture's poll trigger moved");
  const after = text.slice(poll).search(/\n(?: {2}\S|\S)/);
  return [
    { find: text.slice(start, end), replace: "    stream: true\n    outputs: {}\n" },
    { find: text.slice(poll, after < 0 ? text.length : poll + after + 1), replace: "" },
    {
      file: "openapi.yaml",
      find: "description: A page of books.\n          content:\n            application/json:",
      replace: `description: A page of books.\n          content:\n            ${mediaType}:`,
    },
  ];
}

/**
 * `dir` as a project of the shelf fixture whose book list answers `mediaType` (listAsStream), its runtime resolvable,
 * generated: what the stream call tests share.
 */
export async function streamProject(dir: string, mediaType: string): Promise<void> {
  runtimeProject(dir);
  shelfCopy(dir, listAsStream(mediaType));
  const generated = await cli(["generate"], { cwd: dir });
  if (generated.code !== 0) throw new Error(`generate failed: ${generated.stderr}`);
}

/** `blockwright call shelf_list_books` on shelf `shelfId` at `baseUrl`, its key from the environment. */
export function callShelfList(dir: string, baseUrl: string, shelfId: string): ReturnType<typeof cli> {
  return cli(
    [
      "call",
      "shelf_list_books",
      "--base-url",
      baseUrl,
      "--param",
      "apiKey={{ZQ_SHELF_KEY}}",
      "--param",
      `shelfId=${shelfId}`,
    ],
    { cwd: dir, env: { ZQ_SHELF_KEY: "zq-shelf-key-0123456789" } },
  );
}

// A project the crash and poison serve tests share: its API a loopback server of the test, every call sending an
// idempotency key, and a workflow that copies each added book to the archive shelf (a POST) and lists the archive.
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
