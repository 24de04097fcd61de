// `timeoutMs` per operation (its record, timeout/record.ts): linked onto
// the tool, checked by the schema, recorded in the surface, and a shorter
// one is a breaking change.
import { describe, expect, it } from "vitest";
import { linkWild } from "../../../test-support/link-wild.js";
import { acmeSurface, acmeTool } from "../../changes/__fixtures__/acme-surface.js";
import { diffSurfaces } from "../../changes/classify.js";
import type { ToolSurfaceContext } from "../../model/surface-entry.js";
import { SURFACE_ENTRIES } from "../concepts.js";

const declaring = (value: string) => ({
  find: "    operationId: GetCustomers\n",
  replace: `    operationId: GetCustomers\n    timeoutMs: ${value}\n`,
});
const surfaceWith = (timeoutMs?: number) =>
  acmeSurface({}, { acme_list: acmeTool(timeoutMs === undefined ? {} : { timeoutMs }) });
const levels = (a?: number, b?: number) =>
  diffSurfaces(surfaceWith(a), surfaceWith(b)).map((c) => `${c.level} ${c.tool} ${c.subject}: ${c.rule}`);

describe("an operation's timeoutMs", () => {
  it("is linked onto that operation's tool only, and recorded in its surface", async () => {
    const linked = await linkWild("zqpayments", [declaring("120000")]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    const timeouts = Object.fromEntries(linked.ir.operations.map((o) => [o.tool.id, o.tool.timeoutMs]));
    expect(timeouts).toMatchObject({ zqpayments_list_customers: 120_000, zqpayments_create_customer: undefined });
    const listed = linked.ir.operations.find((o) => o.tool.id === "zqpayments_list_customers");
    expect(listed && SURFACE_ENTRIES.timeoutMs.record(listed.tool, {} as ToolSurfaceContext)).toEqual({
      timeoutMs: 120_000,
    });
  });

  it("is refused when it is not a whole number of milliseconds from 1 to 600000", async () => {
    const linked = await linkWild("zqpayments", [declaring("0")]);
    expect("problems" in linked && linked.problems.join("\n")).toMatch(/timeoutMs/);
  });

  it("is a breaking change when shorter than before (or than the default of 30 s), a patch when longer", () => {
    expect(levels(undefined, 5_000)).toEqual(["breaking acme_list timeoutMs: timeout shortened"]);
    expect(levels(60_000, 10_000)).toEqual(["breaking acme_list timeoutMs: timeout shortened"]);
    expect(levels(undefined, 120_000)).toEqual(["patch acme_list timeoutMs: timeout lengthened"]);
    expect(levels(10_000, undefined)).toEqual(["patch acme_list timeoutMs: timeout lengthened"]);
    expect(levels(10_000, 10_000)).toEqual([]);
  });
});
