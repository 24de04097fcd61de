// `upstream`'s text report: an address change the same for several operations (the document's server path moved,
// `/v3` → `/v4`) is one line naming their tools, counted once; `--json` keeps one change per operation.
import { describe, expect, it } from "vitest";
import type { UpstreamChange } from "./changes.js";
import { upstreamReport } from "./report.js";

const change = (tool: string, path: string, more: Partial<UpstreamChange> = {}): UpstreamChange => ({
  kind: "api-server-changed",
  severity: "breaking",
  reason: "served at another address",
  method: "GET",
  path,
  location: "server",
  pointer: "",
  old: "https://zq.example.test/zq/v3",
  new: "https://zq.example.test/zq/v4",
  tools: [tool],
  binds: ["server"],
  ...more,
});

const report = (changes: UpstreamChange[]) =>
  upstreamReport(
    { provider: "zqgrants", changes, unbound: { count: 0, operations: 0 }, unmatched: [], spec: "openapi.yaml" },
    false,
  );

describe("upstreamReport", () => {
  it("lists an address change shared by several operations once, naming their tools", () => {
    const { old: _old, new: _new, ...at } = change("zqgrants_get", "/zq/v3/grants/{id}");
    const removed: UpstreamChange = {
      ...at,
      kind: "response-property-removed",
      reason: "gone",
      location: "response.200.body",
      pointer: "/zqofferId",
      binds: ["output data"],
    };
    const text = report([
      change("zqgrants_list", "/zq/v3/grants"),
      change("zqgrants_get", "/zq/v3/grants/{id}"),
      removed,
    ]);
    expect(text.split("\n")).toEqual([
      "zqgrants: 2 changes to the operations we call (2 breaking, 0 non-breaking, 0 informational); " +
        "0 to 0 operations we do not call",
      "breaking:",
      "  zqgrants_list, zqgrants_get · 2 operations server · api-server-changed: served at another address " +
        "(https://zq.example.test/zq/v3 → https://zq.example.test/zq/v4) [binds server]",
      "  zqgrants_get · GET /zq/v3/grants/{id} response.200.body /zqofferId · response-property-removed: gone " +
        "[binds output data]",
      "review openapi.yaml (and the manifest beside it), then --accept",
      "",
    ]);
  });

  it("keeps address changes of other values apart", () => {
    const text = report([
      change("zqgrants_list", "/zq/v3/grants"),
      change("zqgrants_get", "/zq/v3/grants/{id}", { new: "https://zq-other.example.test/zq/v3" }),
    ]);
    expect(text).toContain("zqgrants: 2 changes");
    expect(text).toContain("zqgrants_list · GET /zq/v3/grants server");
    expect(text).toContain("zqgrants_get · GET /zq/v3/grants/{id} server");
  });
});
