import { describe, expect, it } from "vitest";
import { type CutAnswers, cutAnswerLines, cutAnswerNotes } from "./cut-answers.js";

const none: CutAnswers = {
  asJson: [],
  fileAnswers: [],
  defaultAnswers: [],
  emptyAnswers: [],
  templateParams: [],
  httpBodies: [],
  headerTypes: [],
  streamResults: [],
};

describe("what the cut says of the answers it rewrites: one record a kind", () => {
  for (const kind of Object.keys(none) as (keyof CutAnswers)[]) {
    it(`says ${kind} once in the header and once in the notes, naming the operation`, () => {
      const answers = { ...none, [kind]: ["GET /zqThings 200"] };
      const lines = cutAnswerLines(answers, "blockwright add");
      const notes = [...cutAnswerNotes(answers, "first"), ...cutAnswerNotes(answers, "last")];
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("GET /zqThings");
      expect(lines[0]).toContain("by blockwright add");
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ at: ["openapi"] });
      expect(notes[0]?.note).toContain("GET /zqThings");
    });
  }

  it("says nothing of kinds none of whose answers the cut rewrote", () => {
    expect(cutAnswerLines(none, "blockwright add")).toEqual([]);
    expect([...cutAnswerNotes(none, "first"), ...cutAnswerNotes(none, "last")]).toEqual([]);
  });

  it("keeps the order drafts were written in: header by kind, notes on bodies first and added answers last", () => {
    const all = Object.fromEntries(Object.keys(none).map((k) => [k, [`GET /zq${k} 200`]])) as unknown as CutAnswers;
    const order = (texts: string[]) => texts.map((t) => /\/zq(\w+)/.exec(t)?.[1]);
    expect(order(cutAnswerLines(all, "blockwright add"))).toEqual([
      "streamResults",
      "headerTypes",
      "httpBodies",
      "templateParams",
      "asJson",
      "fileAnswers",
      "defaultAnswers",
      "emptyAnswers",
    ]);
    expect(order(cutAnswerNotes(all, "first").map((n) => n.note))).toEqual([
      "httpBodies",
      "headerTypes",
      "streamResults",
      "templateParams",
    ]);
    expect(order(cutAnswerNotes(all, "last").map((n) => n.note))).toEqual([
      "fileAnswers",
      "defaultAnswers",
      "emptyAnswers",
      "asJson",
    ]);
  });
});
