// The shelf fixture provider copied into a project folder with text edits:
// how tests state one broken or changed spec against the fixture.
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cli, runtimeProject } from "./cli-harness.js";

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
