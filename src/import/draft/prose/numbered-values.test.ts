// A text's values listed in words as a numbered list ("Sort by: 1) 'date' 2) 'title' 3) 'views'", "1. `asc` 2.
// `desc`") were drafted as any text: no lead word ("one of", "possible values") stood before them. A list whose items
// are numbered from 1, each a value alone, is read as the other written lists are: an enum where it closes, known
// values where its words leave it open. Numbered steps ("1) Create a key 2) Paste it") are no list of values.
import { describe, expect, it } from "vitest";
import { withWordedValues } from "./value-words.js";

const read = (description: string) => {
  const notes: string[] = [];
  const param = withWordedValues({ type: "string", description }, description, "zqorder", (n) => notes.push(n));
  return { enum: param.enum, knownValues: param.knownValues, notes };
};

describe("a numbered list of values", () => {
  it.each([
    ["Sort by: 1) 'date' 2) 'title' 3) 'views'.", ["date", "title", "views"]],
    ["The event's type: 1) 'click', 2) 'view', 3) 'purchase'", ["click", "view", "purchase"]],
    ["Order of results: 1. `asc` 2. `desc`", ["asc", "desc"]],
    ["The mode, (1) fast (2) slow", ["fast", "slow"]],
  ])("%s is drafted as its enum, with a note quoting the words", (description, values) => {
    const r = read(description);
    expect(r.enum).toEqual(values);
    expect(r.notes).toEqual([expect.stringContaining("drafted as an enum of")]);
  });

  it("left open by its words is drafted as known values", () => {
    expect(read("Sort by, for example: 1) 'date' 2) 'title'").knownValues).toEqual(["date", "title"]);
  });

  it.each([
    "To get one: 1) Create a key 2) Paste it into the field",
    "1) 'date' 3) 'title'",
    "Version 1.2 or 2) later",
  ])("%s is no list of values", (description) => {
    const r = read(description);
    expect([r.enum, r.knownValues]).toEqual([undefined, undefined]);
  });
});
