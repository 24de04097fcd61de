// upstream on a field made required inside an object a call may leave out (a cluster's
// `features[].value.node_pools.stable.limits.max_gpu`, as a published platform API added it): reported as "every
// call must now send it", while only a call sending `limits` must. Breaking still, in the words of who it asks.
import { describe, expect, it } from "vitest";
import { SchemaComparer } from "./schema-compare.js";
import type { DocumentSet } from "./schema-flat.js";

const limits = (required: string[]) => ({
  type: "object",
  required,
  properties: { zqcpu: { type: "integer" }, ...(required.includes("zqgpu") ? { zqgpu: { type: "integer" } } : {}) },
});
const body = (required: string[], limitsRequired: boolean) => ({
  type: "object",
  required: limitsRequired ? ["zqname", "zqlimits"] : ["zqname"],
  properties: {
    zqname: { type: "string" },
    zqlimits: limits(required),
    zqpools: {
      type: "array",
      items: { type: "object", required: ["zqlimits"], properties: { zqlimits: limits(required) } },
    },
  },
});
const one = (schema: unknown): DocumentSet => ({ root: "zq.json", files: new Map([["zq.json", { schema }]]) });
const at = { schema: { $ref: "#/schema" }, file: "zq.json" };

function changes(older: unknown, newer: unknown) {
  return new SchemaComparer(one(older), one(newer))
    .compare(at, at, "request")
    .map((c) => [c.kind, c.pointer, c.note ?? ""]);
}

describe("a field made required inside an object a call may leave out", () => {
  it("says a call sending that object must send it, and every call where each one above it is sent", () => {
    expect(changes(body(["zqcpu"], false), body(["zqcpu", "zqgpu"], false))).toEqual([
      ["new-required-request-property", "/zqlimits/zqgpu", "a call sending /zqlimits must now send it"],
      ["new-required-request-property", "/zqpools/*/zqlimits/zqgpu", "a call sending /zqpools/* must now send it"],
    ]);
    expect(changes(body(["zqcpu"], true), body(["zqcpu", "zqgpu"], true))[0]).toEqual([
      "new-required-request-property",
      "/zqlimits/zqgpu",
      "",
    ]);
  });
});
