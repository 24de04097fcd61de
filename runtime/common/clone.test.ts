import { afterEach, describe, expect, it, vi } from "vitest";
import { cloneJson } from "./clone.js";

afterEach(() => vi.restoreAllMocks());

describe("cloneJson", () => {
  it("copies a JSON value deeply, its keys in their order, without a descriptor a key", () => {
    const value = { zqName: "a", 2: [1, { zqDeep: null }], zqList: [{ zqFlag: true }], 1: "b" };
    const define = vi.spyOn(Object, "defineProperty");
    const copy = cloneJson(value);
    // A key defined by a descriptor is a call into V8's runtime (the link copies every parameter's nested limits).
    expect(define).not.toHaveBeenCalled();
    expect(copy).toEqual(value);
    expect(Object.keys(copy)).toEqual(Object.keys(value));
    expect(copy.zqList[0]).not.toBe(value.zqList[0]);
    expect(copy[2]).not.toBe(value[2]);
  });

  it("keeps a __proto__ key an own key, the copy's prototype untouched", () => {
    const value = JSON.parse('{"zqA": 1, "__proto__": {"zqPolluted": true}, "zqB": {"__proto__": []}}');
    const copy = cloneJson(value);
    expect(Object.keys(copy)).toEqual(["zqA", "__proto__", "zqB"]);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toEqual({ zqPolluted: true });
    expect(Array.isArray(Object.getOwnPropertyDescriptor(copy.zqB, "__proto__")?.value)).toBe(true);
    expect(({} as Record<string, unknown>).zqPolluted).toBeUndefined();
  });

  it("copies only a value's own keys", () => {
    const value = Object.assign(Object.create({ zqInherited: 1 }), { zqOwn: 2 });
    expect(Object.keys(cloneJson(value))).toEqual(["zqOwn"]);
  });
});
