import { describe, expect, it } from "vitest";
import { firstListAt } from "./first-list.js";

describe("the first list of a JSON answer", () => {
  it("is found level by level: the answer itself, a property, a property's property", () => {
    expect(firstListAt([{ id: 1 }])).toEqual([]);
    expect(firstListAt({ total: 1, items: [{ id: 1 }] })).toEqual(["items"]);
    expect(firstListAt({ data: { total: 2, results: [{ id: 1 }, { id: 2 }] } })).toEqual(["data", "results"]);
    // The shallower list wins over a deeper one met first.
    expect(firstListAt({ meta: { tags: [{ id: "a" }] }, rows: [{ id: 1 }] })).toEqual(["rows"]);
  });

  it("is none where there is no list within the depth", () => {
    expect(firstListAt({ id: "zq" })).toBeUndefined();
    expect(firstListAt({ a: { b: { c: { d: [{ id: 1 }] } } } })).toBeUndefined();
    expect(firstListAt({ a: { b: { c: { d: [{ id: 1 }] } } } }, 4)).toEqual(["a", "b", "c", "d"]);
  });
});
