// withKeyChanges: the data a structured clone changed in place gives, sharing all it does not change.
import { describe, expect, it } from "vitest";
import { withKeyChanges } from "./copy-on-write.js";

type Json = Record<string, unknown>;

/** The reference: a structured clone of `root` with `changes` set in place on the clone's own objects. */
function clonedAndSet(root: Json, changes: Map<object, Json>, at: (clone: Json) => object[]): Json {
  const clone = structuredClone(root);
  const targets = at(clone);
  for (const [i, values] of [...changes.values()].entries()) Object.assign(targets[i]!, values);
  return clone;
}

describe("withKeyChanges", () => {
  it("returns the data itself when nothing changes", () => {
    const root = { a: { b: [1, 2] } };
    expect(withKeyChanges(root, new Map())).toBe(root);
  });

  it("copies each changed object and those above it, shares the rest, and leaves the data as it was", () => {
    const zqKept = { deep: { list: [1, { x: 2 }] } };
    const zqTarget = { content: { "*/*": 1 }, description: "zq" };
    const root = { paths: { "/zq": { get: { responses: { "200": zqTarget, "400": zqKept } } } }, other: zqKept };
    const before = JSON.stringify(root);
    const changes = new Map<object, Json>([[zqTarget, { content: { "application/json": 1 } }]]);
    const out = withKeyChanges(root, changes) as typeof root;
    expect(JSON.stringify(root)).toBe(before);
    expect(out).toEqual(clonedAndSet(root, changes, (c) => [(c as typeof root).paths["/zq"].get.responses["200"]]));
    expect(JSON.stringify(out)).toContain('"200":{"content":{"application/json":1},"description":"zq"}');
    expect(out).not.toBe(root);
    expect(out.paths["/zq"].get.responses["200"]).not.toBe(zqTarget);
    expect(out.paths["/zq"].get.responses["400"]).toBe(zqKept);
    expect(out.other).toBe(zqKept);
  });

  it("changes an object found at several places (a YAML alias) at each, as one object, as the clone does", () => {
    const zqShared = { content: { "*/*": 1 } };
    const root = { a: [zqShared, { b: zqShared }] };
    const out = withKeyChanges(root, new Map([[zqShared, { content: { "application/json": 1 } }]])) as Json;
    expect(out).toEqual({ a: [{ content: { "application/json": 1 } }, { b: { content: { "application/json": 1 } } }] });
    const [first, second] = out.a as [Json, Json];
    expect(second.b).toBe(first);
    expect(Array.isArray(out.a)).toBe(true);
  });

  it("adds a key the object lacks at its end, and keeps a `__proto__` key an ordinary key", () => {
    const zqTarget = JSON.parse('{"__proto__":{"zqPolluted":true},"z":1}') as Json;
    const root = { zqTarget };
    const changes = JSON.parse('{"added":2,"__proto__":{"zqOther":1}}') as Json;
    const out = withKeyChanges(root, new Map([[zqTarget, changes]])) as Json;
    expect(JSON.stringify(out)).toBe('{"zqTarget":{"__proto__":{"zqOther":1},"z":1,"added":2}}');
    expect(({} as Json).zqOther).toBeUndefined();
    expect(Object.getPrototypeOf(out.zqTarget)).toBe(Object.prototype);
  });

  it("makes a change found inside a new value too, and ends at a cycle", () => {
    const zqInner = { v: 1 };
    const zqOuter = { v: 0 };
    const root: Json = { zqOuter };
    root.self = root;
    const out = withKeyChanges(
      root,
      new Map<object, Json>([
        [zqOuter, { v: { wraps: zqInner } }],
        [zqInner, { v: 2 }],
      ]),
    ) as Json;
    expect(out.zqOuter).toEqual({ v: { wraps: { v: 2 } } });
    expect(zqInner.v).toBe(1);
    expect(out.self).toBe(root);
  });
});
