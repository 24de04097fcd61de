// docs/guides/adding-a-provider.md lists the manifest's concepts as their
// records word them (src/link/records-*.ts), between its markers.
// Rewrite the list with UPDATE_README=1 npx vitest run readme-concepts.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CONCEPTS } from "../link/concepts.js";

const README = join(import.meta.dirname, "../../docs/guides/adding-a-provider.md");
const START = "<!-- concepts: written from src/link/concept-records.ts (UPDATE_README=1 npx vitest run readme-concepts) -->";
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

describe("Adding a provider › the concepts, in brief", () => {
  it("is the concept records' wording, concept for concept", () => {
    let text = readFileSync(README, "utf8");
    const start = text.indexOf(START);
    const end = text.indexOf(END, start);
    expect(start, "the guide's concept list has its markers").toBeGreaterThan(0);
    expect(end).toBeGreaterThan(start);
    const written = `${text.slice(0, start + START.length)}\n${list}\n${text.slice(end)}`;
    if (process.env.UPDATE_README && written !== text) writeFileSync(README, (text = written));
    expect(text.slice(start + START.length, end)).toBe(`\n${list}\n`);
  });
});
