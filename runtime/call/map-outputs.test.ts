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
