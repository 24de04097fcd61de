// The one reading of where a description's sentences end (sentences.ts), which add's drafted descriptions, the
// secret-name reading and the auth prose's readers share: each case once, the texts in a zq provider's words.
import { describe, expect, it } from "vitest";
import { firstSentence, sentences } from "./sentences.js";

const CASES: { case: string; text: string; sentences: string[] }[] = [
  {
    case: "two plain sentences",
    text: "Lists zq widgets. Pages by cursor.",
    sentences: ["Lists zq widgets.", "Pages by cursor."],
  },
  {
    case: "a question and an exclamation",
    text: "New here? Read on! Then call.",
    sentences: ["New here?", "Read on!", "Then call."],
  },
  { case: "no end at all", text: "The zq widget's key", sentences: ["The zq widget's key"] },
  {
    case: "an abbreviation (e.g., i.e., vs.) ends none",
    text: "A zq key, e.g. zq_live_1. A token, i.e. a bearer one, vs. a key. Done.",
    sentences: ["A zq key, e.g. zq_live_1.", "A token, i.e. a bearer one, vs. a key.", "Done."],
  },
  {
    case: '"etc." ends one only before a capital',
    text: "Names, ids, etc. are listed. Keys, tokens, etc. The rest is plain.",
    sentences: ["Names, ids, etc. are listed.", "Keys, tokens, etc.", "The rest is plain."],
  },
  {
    case: "a period inside a code span ends none",
    text: "Send `Zq-Key: a. b` as the header. Then call.",
    sentences: ["Send `Zq-Key: a. b` as the header.", "Then call."],
  },
  {
    case: "a version's or a decimal's dot ends none",
    text: "Version v2.1 of the zq API takes 1.5 seconds. Use it.",
    sentences: ["Version v2.1 of the zq API takes 1.5 seconds.", "Use it."],
  },
  {
    case: "a URL's dots end none; its sentence ends after it",
    text: "See https://docs.zq.test/keys.html?a=1. Keys rotate.",
    sentences: ["See https://docs.zq.test/keys.html?a=1.", "Keys rotate."],
  },
  {
    case: "a closing quote or bracket after the stop stays with its sentence",
    text: 'It says "use the key." (Rotate it.) Then call.',
    sentences: ['It says "use the key."', "(Rotate it.)", "Then call."],
  },
  { case: "a line break after a stop", text: "First line.\nSecond line.", sentences: ["First line.", "Second line."] },
  {
    case: "a numbered list's markers in a line end none",
    text: "Steps: 1. Create a zq key 2. Send it. Done.",
    sentences: ["Steps: 1. Create a zq key 2. Send it.", "Done."],
  },
  {
    case: "a numbered list's markers at lines' starts end none",
    text: "Do this:\n1. Create a zq key.\n2. Send it.",
    sentences: ["Do this:\n1. Create a zq key.", "2. Send it."],
  },
  {
    case: "a number at a sentence's end still ends it",
    text: "The zq limit is 5. Then wait 10. Done.",
    sentences: ["The zq limit is 5.", "Then wait 10.", "Done."],
  },
  { case: "nothing", text: "   ", sentences: [] },
];

describe("sentences: where a description's sentences end", () => {
  it.each(CASES)("$case", ({ text, sentences: expected }) => {
    expect(sentences(text)).toEqual(expected);
    expect(firstSentence(text)).toBe(expected[0] ?? "");
  });
});
