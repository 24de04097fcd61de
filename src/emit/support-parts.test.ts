// The generator's choice of the runtime's support parts per provider
// (emit-client.ts supportParts): exactly the parts its tools declare, on the
// committed IR of the shelf fixture. (A caller without a part: runtime/call/support.test.ts.)
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/ir-fixtures.js";
import { supportParts } from "./emit-client.js";

const tools: Record<string, ToolSpec> = Object.fromEntries(irFixture("shelf").operations.map((o) => [o.tool.id, o.tool]));

describe("the support parts of a package", () => {
  it("the generator gives a package exactly the parts its tools declare", () => {
    const parts = (list: ToolSpec[]) => supportParts(list).map((p) => p.key);
    const all = Object.values(tools);
    expect(parts(all)).toEqual(["json", "rules"]);
    // Each part, declared by one tool of its own.
    const base = tools.shelf_get_book!;
    expect(parts([base])).toEqual([]);
    expect(parts([{ ...base, rules: [{ rule: "exactlyOne", params: ["bookId"] }] }])).toEqual(["rules"]);
    expect(parts([{ ...base, params: base.params.map((p) => (p.name === "bookId" ? { ...p, format: "uuid" as const } : p)) }])).toEqual(["formats"]);
    expect(parts([{ ...base, body: { mediaType: "application/x-www-form-urlencoded", encoding: "form", fields: {} } }])).toEqual(["form"]);
    expect(parts([{ ...base, rateLimits: { requestsPerMinute: 10 } }])).toEqual(["rateLimits"]);
    expect(parts([{ ...base, params: [...base.params, { ...base.params[0]!, name: "cover", type: "file" as const }] }])).toEqual(["files"]);
    expect(parts([{ ...base, download: { status: 200, mediaTypes: ["application/pdf"] } }])).toEqual(["files"]);
  });
});
