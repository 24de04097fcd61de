import { describe, expect, it } from "vitest";
import { merged } from "./own.js";

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
