// Reads of what must be there: the value when it is, an error naming what
// is missing when it is not (never an `undefined` passed on).
import { describe, expect, it } from "vitest";
import { defined, entryOf, fieldOf, itemAt } from "./checked.js";

describe("itemAt", () => {
  const list = ["a", "b", "c"];

  it("reads an item, from the end for a negative index", () => {
    expect([itemAt(list, 0), itemAt(list, 2), itemAt(list, -1), itemAt(list, -3)]).toEqual(["a", "c", "c", "a"]);
  });

  it("keeps an item that is itself undefined or null", () => {
    expect(itemAt([undefined, null], 0)).toBeUndefined();
    expect(itemAt([undefined, null], 1)).toBeNull();
  });

  it.each([3, -4, 1.5, Number.NaN])("refuses index %s of a list of 3", (index) => {
    expect(() => itemAt(list, index)).toThrow(new RangeError(`no item ${index} in a list of 3`));
  });

  it("refuses any index of an empty list", () => {
    expect(() => itemAt([], 0)).toThrow("no item 0 in a list of 0");
  });
});

describe("entryOf", () => {
  const map = new Map<string | number, string | undefined>([
    ["x", "one"],
    [2, undefined],
  ]);

  it("reads a set entry, one set to undefined included", () => {
    expect(entryOf(map, "x")).toBe("one");
    expect(entryOf(map, 2)).toBeUndefined();
  });

  it("names the missing key", () => {
    expect(() => entryOf(map, "y")).toThrow(new RangeError('no entry for "y"'));
    expect(() => entryOf(map, 3)).toThrow(new RangeError("no entry for 3"));
  });
});

describe("fieldOf", () => {
  it("reads an own field, `__proto__` as an ordinary key", () => {
    const record = JSON.parse('{"a": 1, "__proto__": 2}') as Record<string, number>;
    expect([fieldOf(record, "a"), fieldOf(record, "__proto__")]).toEqual([1, 2]);
  });

  it("does not count an inherited property", () => {
    expect(() => fieldOf({ a: 1 }, "toString")).toThrow(new RangeError('no field "toString"'));
    expect(() => fieldOf({ a: 1 }, "b")).toThrow('no field "b"');
  });
});

describe("defined", () => {
  it("passes a defined value through, falsy ones included", () => {
    expect([defined(0, "n"), defined("", "s"), defined(null, "x"), defined(false, "b")]).toEqual([0, "", null, false]);
  });

  it("names what is missing", () => {
    expect(() => defined(undefined, "the tool's pagination")).toThrow(
      new RangeError("the tool's pagination is missing"),
    );
  });
});
