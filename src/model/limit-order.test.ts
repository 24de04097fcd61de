import { describe, expect, it } from "vitest";
import { patternOrder } from "./limit-order.js";

describe("patternOrder", () => {
  it.each([
    ["^[a-z]{3}$", "^[a-z]{3,8}$", "wider"],
    ["^[a-z]{3,8}$", "^[a-z]{3}$", "narrower"],
    ["^[a-z]+$", "^[a-z0-9]+$", "wider"],
    ["^\\d{4}$", "^[0-9]{4}$", "same"],
    ["^(foo|bar)$", "^(foo|bar|baz)$", "wider"],
    ["^abc$", "^abc", "wider"],
    ["^abc$", "^abc-?$", "wider"],
    ["^[a-z]+$", "^[^0-9]+$", "wider"],
    ["^\\w+$", "^.+$", "wider"],
    ["^[a-z]{3}$", "^[a-c]{2,5}$", "undecided"],
    ["^a+$", "^(a|b){1,3}$", "undecided"],
    ["^(a)\\1$", "^(a|b)\\1$", "undecided"],
    ["^[a-z]+$", "not [valid", "undecided"],
    ["^\\p{L}+$", "^\\p{L}*$", "wider"],
    ["^\\p{L}+$", "^\\p{Lu}+$", "undecided"],
  ])("%s → %s is %s", (before, after, order) => {
    expect(patternOrder(before, after)).toBe(order);
  });
});
