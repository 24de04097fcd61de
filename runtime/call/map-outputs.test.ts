// The list of outputs a reply lacked: made only for a reply that lacks one, and never shared between calls.
import { describe, expect, it } from "vitest";
import { mapOutputs } from "./map-outputs.js";
import type { OutputSource } from "../spec/tool-types.js";

const required = (name: string): OutputSource => ({
  expression: `$response.body#/${name}`,
  ref: { kind: "body", pointer: [name] },
  required: true,
});
const outputs = [
  { path: "zq.id", source: required("id") },
  { path: "zq.name", source: required("name") },
  { path: "zqOptional", source: required("extra"), optional: true },
];
const reply = (body: unknown) => ({ status: 200, body, headers: new Headers(), params: {} });

describe("mapOutputs' missing outputs", () => {
  it("names each reply's own, calls in turn with and without", () => {
    expect(mapOutputs(outputs, reply({ id: "a" })).missing).toEqual([
      { path: "zq.name", expression: "$response.body#/name" },
    ]);
    const whole = mapOutputs(outputs, reply({ id: "a", name: "b" }));
    expect(whole.missing).toEqual([]);
    expect(whole.output).toEqual({ zq: { id: "a", name: "b" } });
    expect(mapOutputs(outputs, reply({ name: "b" })).missing).toEqual([
      { path: "zq.id", expression: "$response.body#/id" },
    ]);
    expect(mapOutputs(outputs, reply({})).missing).toHaveLength(2);
    expect(mapOutputs(outputs, reply({ id: "a", name: "b", extra: 1 })).missing).toEqual([]);
  });
});

// What any cheaper copy must keep (a delete-free copy was weighed: performance.md, the fifty-fourth round's callperf).
describe("an output's omitted keys", () => {
  const whole: OutputSource = {
    expression: "$response.body",
    ref: { kind: "body", pointer: [] },
    omit: ["zqA", "zqC"],
  };
  it("are left out of a copy that keeps the rest in order, the body untouched", () => {
    const body = JSON.parse('{"zqA":1,"zqB":{"x":2},"zqC":3,"zqD":null,"__proto__":{"zqPolluted":true}}');
    const { output } = mapOutputs([{ path: "zq", source: whole }], reply(body));
    const copy = output.zq as Record<string, unknown>;
    expect(Object.keys(copy)).toEqual(["zqB", "zqD", "__proto__"]);
    expect(copy.zqB).toBe(body.zqB);
    // Parsed JSON's own `__proto__` stays a key of the copy, never its prototype.
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(copy, "__proto__")?.value).toEqual({ zqPolluted: true });
    expect(Object.keys(body)).toEqual(["zqA", "zqB", "zqC", "zqD", "__proto__"]);
  });
});
