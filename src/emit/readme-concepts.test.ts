// docs/guides/adding-a-provider.md lists the manifest's concepts as their
// records word them (src/link/<concept>/record.ts), between its markers.
// Rewrite the list with UPDATE_README=1 npx vitest run readme-concepts.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONCEPTS } from "../link/concepts.js";

const README = join(import.meta.dirname, "../../docs/guides/adding-a-provider.md");
const START =
  "<!-- concepts: written from src/link/concept-records.ts (UPDATE_README=1 npx vitest run readme-concepts) -->";
const END = "<!-- /concepts -->";

/** A list item wrapped as the README's prose is (at 95 columns, continued two spaces in). */
function item(text: string): string {
  const lines = [""];
  for (const word of text.split(" ")) {
    const last = lines.length - 1;
    const line = lines[last] ?? "";
    if (line && line.length + 1 + word.length > 93) lines.push(word);
    else lines[last] = line ? `${line} ${word}` : word;
  }
  return lines.map((l, i) => (i ? `  ${l}` : `- ${l}`)).join("\n");
}

const list = Object.values(CONCEPTS)
  .map((c) => item(c.wording))
  .join("\n");

/** The list between the guide's markers (undefined without them), read from `text` as it is now. */
function listIn(text: string): string | undefined {
  const start = text.indexOf(START);
  const end = text.indexOf(END, start);
  return start < 0 || end < 0 ? undefined : text.slice(start + START.length, end);
}

/** `text` with `concepts` between its markers. */
function withList(text: string, concepts: string): string {
  const start = text.indexOf(START);
  const end = text.indexOf(END, start);
  return `${text.slice(0, start + START.length)}\n${concepts}\n${text.slice(end)}`;
}

describe("Adding a provider › the concepts, in brief", () => {
  it("is the concept records' wording, concept for concept", () => {
    let text = readFileSync(README, "utf8");
    expect(listIn(text), "the guide's concept list has its markers").toBeDefined();
    const written = withList(text, list);
    if (process.env.UPDATE_README && written !== text) writeFileSync(README, (text = written));
    expect(listIn(text)).toBe(`\n${list}\n`);
  });

  // UPDATE_README=1 once compared the list written with the old text's end: a list grown by a concept failed the
  // run that wrote it (and stopped npm run refresh half-way). The markers are found again in the text written.
  it("reads a list rewritten longer or shorter between the markers", () => {
    const guide = `# Guide\n${START}\n- one\n${END}\nAfter.\n`;
    for (const next of ["- one\n- two\n- three", "- none"]) expect(listIn(withList(guide, next))).toBe(`\n${next}\n`);
  });
});
