import { describe, expect, it } from "vitest";
import { merged, setOwn } from "./own.js";

describe("merged (two objects' own properties, the later winning)", () => {
  it("gives the later object's value and keeps the rest of both, neither changed", () => {
    const base = { a: 1, b: 2 };
    const over = { b: 3, c: 4 };
    expect(merged(base, over)).toEqual({ a: 1, b: 3, c: 4 });
    expect(merged(base, undefined)).toEqual({ a: 1, b: 2 });
    expect(base).toEqual({ a: 1, b: 2 });
    expect(over).toEqual({ b: 3, c: 4 });
  });

  it("keeps a parsed __proto__ key an ordinary key, never the merged object's prototype", () => {
    const over = JSON.parse('{"__proto__": {"baseUrl": "https://elsewhere.example"}, "retries": 1}') as object;
    const result = merged({ fetch: undefined }, over) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(result.baseUrl).toBeUndefined();
    expect(Object.hasOwn(result, "__proto__")).toBe(true);
    const fromBase = merged(JSON.parse('{"__proto__": {"baseUrl": "https://elsewhere.example"}}') as object, {
      retries: 1,
    }) as Record<string, unknown>;
    expect(fromBase.baseUrl).toBeUndefined();
    expect(Object.hasOwn(fromBase, "__proto__")).toBe(true);
  });
});

describe("setOwn (an own, enumerable, writable data property, whatever the key)", () => {
  const described = (o: object, key: string) => Object.getOwnPropertyDescriptor(o, key);
  const plain = { value: 1, enumerable: true, writable: true, configurable: true };

  it("defines ordinary keys, keys every object inherits and __proto__ alike, never touching a prototype", () => {
    const target: Record<string, unknown> = {};
    for (const key of ["name", "constructor", "toString", "hasOwnProperty", "__proto__", "__defineGetter__"]) {
      setOwn(target, key, 1);
      expect(described(target, key), key).toEqual(plain);
    }
    expect(Object.getPrototypeOf(target)).toBe(Object.prototype);
    expect(Object.keys(target)).toEqual([
      "name",
      "constructor",
      "toString",
      "hasOwnProperty",
      "__proto__",
      "__defineGetter__",
    ]);
    expect(({} as Record<string, unknown>).name).toBeUndefined();
  });

  it("makes a key already there (hidden, read-only, a getter) a plain one, on any kind of object", () => {
    const hidden = Object.defineProperty({}, "k", {
      value: 0,
      enumerable: false,
      writable: false,
      configurable: true,
    }) as Record<string, unknown>;
    setOwn(hidden, "k", 1);
    expect(described(hidden, "k")).toEqual(plain);
    let called = false;
    const withSetter = Object.defineProperty({}, "k", {
      get: () => 0,
      set: () => void (called = true),
      enumerable: true,
      configurable: true,
    }) as Record<string, unknown>;
    setOwn(withSetter, "k", 1);
    expect(described(withSetter, "k")).toEqual(plain);
    expect(called).toBe(false);
    class Held {
      set k(_: unknown) {
        called = true;
      }
    }
    const instance = new Held() as unknown as Record<string, unknown>;
    setOwn(instance, "k", 1);
    expect(described(instance, "k")).toEqual(plain);
    const bare = Object.create(null) as Record<string, unknown>;
    setOwn(bare, "__proto__", 1);
    expect(described(bare, "__proto__")).toEqual(plain);
    expect(called).toBe(false);
  });
});
