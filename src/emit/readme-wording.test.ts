// A package README and a tool's LLM description word a concept once
// (runtime/llm/wording.ts): the README's rule, polling and deprecation lines
// are the sentences models read, with names and values as code spans.
import { deprecationSentence, pollingSentence, ruleSentence, toolDescription } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ProviderIR } from "../model/ir.js";
import { emitReadme } from "./emit-readme.js";

const ir = irFixture("shelf") as unknown as ProviderIR;
const plain = (markdown: string) => markdown.replaceAll("`", "");

describe("the README's wording of rules, polling and deprecation", () => {
  const notes = ir.operations.map((op, i) =>
    i === 0 ? { ...op, tool: { ...op.tool, deprecated: "Use zqshelf_add instead." } } : op,
  );
  const readme = emitReadme({ ...ir, operations: notes }, { name: "@zq/shelf" });
  const lines = readme.split("\n").map(plain);
  const tools = notes.map((op) => op.tool);

  it("is the sentence a model reads, for every rule, polling advice and deprecation", () => {
    const sentences = tools.flatMap((t) => [
      ...t.rules.map((r) => ruleSentence(r)),
      ...(t.polling ? [pollingSentence(t.polling)] : []),
      ...(t.deprecated ? [deprecationSentence(t.deprecated)] : []),
    ]);
    expect(sentences.length).toBeGreaterThanOrEqual(4);
    for (const s of sentences) {
      expect(
        lines.some((l) => l.includes(s)),
        s,
      ).toBe(true);
      expect(
        tools.some((t) => toolDescription(t).includes(s)),
        s,
      ).toBe(true);
    }
  });
});
