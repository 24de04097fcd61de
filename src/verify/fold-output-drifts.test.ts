// An output missing because the body lacks the field it reads is the body's difference, told once. The body's
// differences were told apart from a status's or a header's by their pointer, and a body field named `status` has a
// status's pointer (`/status`): a live answer without its required `status` was told twice, as `missing-required
// /status` and as `output metadata.status … got null`.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import type { Drift } from "./drift.js";
import { foldOutputDrifts } from "./verify.js";

const tool = {
  id: "zq_make_transfer",
  outputs: [{ path: "metadata.status", type: "string", source: { expression: "$response.body#/status" } }],
} as unknown as ToolSpec;
const output: Drift = {
  operation: tool.id,
  kind: "output",
  pointer: "/outputs/metadata/status",
  message: "output metadata.status must be string, got null",
};
const at = (kind: Drift["kind"]): Drift => ({ operation: tool.id, kind, pointer: "/status", message: "zq" });

describe("an output drift beside the body's", () => {
  it("is left out where the body lacks the field it reads, a field named as a status's pointer too", () => {
    expect(foldOutputDrifts(tool, [at("missing-required")], [output])).toEqual([]);
    expect(foldOutputDrifts(tool, [at("type-mismatch")], [output])).toEqual([]);
  });

  it("is kept beside a status the responses do not declare, whose pointer is the same", () => {
    expect(foldOutputDrifts(tool, [at("undeclared-status")], [output])).toEqual([output]);
  });
});
