// An output read from the first of several places that holds a value (issue 59: a reply that is a bare list or a page
// object holding it): the places tried in the order written; a place holds a value when it is present, not null and of
// the kind the source names (a list, for an `array` output or a count: never the page object beside it).
import { describe, expect, it } from "vitest";
import { mapOutputs, resolveSource } from "./map-outputs.js";
import type { FirstOfSource } from "../spec/tool-types.js";

const place = (expression: string) => ({
  expression,
  ref:
    expression === "$response.body"
      ? { kind: "body" as const, pointer: [] }
      : { kind: "body" as const, pointer: expression.slice("$response.body#/".length).split("/") },
});
const listOrPage = (extra: Partial<FirstOfSource> = {}): FirstOfSource => ({
  first: [place("$response.body#/zqitems"), place("$response.body")],
  holds: "array",
  ...extra,
});
const reply = (body: unknown) => ({ status: 200, body, headers: new Headers(), params: {} });

describe("an output read from the first place that holds a value", () => {
  it("is the same list from a bare list and from a page object holding it", () => {
    const items = [{ id: "zq1" }, { id: "zq2" }];
    expect(resolveSource(listOrPage(), reply(items))).toEqual(items);
    expect(resolveSource(listOrPage(), reply({ zqitems: items, zqnext: "c2" }))).toEqual(items);
    expect(resolveSource(listOrPage({ count: true }), reply(items))).toBe(2);
    expect(resolveSource(listOrPage({ count: true }), reply({ zqitems: items }))).toBe(2);
  });

  it("never takes an object for a list: a page object without its list gives none, or the default", () => {
    expect(resolveSource(listOrPage(), reply({ zqnext: "c2" }))).toBeUndefined();
    expect(resolveSource(listOrPage({ default: [] }), reply({ zqnext: "c2" }))).toEqual([]);
    // A place that is null or of another kind is passed over, not taken.
    expect(resolveSource(listOrPage(), reply({ zqitems: null }))).toBeUndefined();
    expect(resolveSource(listOrPage(), reply({ zqitems: "zq" }))).toBeUndefined();
  });

  it("takes the first in the order written where several hold one", () => {
    const source: FirstOfSource = { first: [place("$response.body#/zqa"), place("$response.body#/zqb")] };
    expect(resolveSource(source, reply({ zqa: { x: 1 }, zqb: [2] }))).toEqual({ x: 1 });
    expect(resolveSource(source, reply({ zqa: null, zqb: [2] }))).toEqual([2]);
    expect(resolveSource({ ...source, holds: "string" }, reply({ zqa: 7, zqb: "zq" }))).toBe("zq");
  });

  it("is missing, naming its places, where the spec guarantees one and the reply holds none", () => {
    const mapped = mapOutputs([{ path: "data", source: listOrPage({ required: true }) }], reply({ zqnext: "c" }));
    expect(mapped.missing).toEqual([{ path: "data", expression: "$response.body#/zqitems or $response.body" }]);
    expect(mapped.output).toEqual({ data: null });
  });
});
