// The scopes each operation asks of the manifest's credential, in the
// surface, and how diff grades their changes: security-scopes.ts, on a
// made-up provider's schemes (zqoauth, zqtoken).
import type { ToolSpec } from "@blockwright/runtime/internal";
import { describe, expect, it } from "vitest";
import type { ToolSurfaceContext } from "../../model/surface-entry.js";
import { securitySurface } from "./security-scopes.js";

type Requirements = Record<string, string[]>[];

function record(requirements: Requirements | undefined, schemes: string[]) {
  const ctx = { security: () => requirements, authSchemes: schemes } as unknown as ToolSurfaceContext;
  return securitySurface.record({ operationId: "zqupdateTask" } as ToolSpec, ctx);
}

function diff(a: Record<string, string[][]> | undefined, b: Record<string, string[][]> | undefined): string[] {
  const out: string[] = [];
  securitySurface.diff(a, b, (kind, detail = {}) =>
    out.push(
      `${securitySurface.changes[kind].level} ${kind} ${detail.subject}${detail.what ? ` (${detail.what})` : ""}`,
    ),
  );
  return out;
}

describe("security scopes in the surface", () => {
  it(
    "records, per scheme of the credential, each requirement's scopes sorted, once, in order; " +
      "other schemes are left out",
    () => {
      const requirements: Requirements = [
        { zqoauth: ["tasks:write", "default"] },
        { zqoauth: ["default", "tasks:write"] },
        { zqoauth: ["admin"] },
        { zqother: ["x"] },
      ];
      expect(record(requirements, ["zqoauth"])).toEqual({
        security: { zqoauth: [["admin"], ["default", "tasks:write"]] },
      });
    },
  );

  it("orders the requirements by code unit, as every machine does, not by the locale's collation", () => {
    // Collation would write _admin, read, Write (punctuation first, case after letter); code units write W, _, r.
    const requirements: Requirements = [{ zqoauth: ["read"] }, { zqoauth: ["_admin"] }, { zqoauth: ["Write"] }];
    expect(record(requirements, ["zqoauth"])).toEqual({ security: { zqoauth: [["Write"], ["_admin"], ["read"]] } });
  });

  it("records nothing without requirements, or when the credential's scheme is in none", () => {
    expect(record(undefined, ["zqoauth"])).toEqual({});
    expect(record([{ zqoauth: [] }], [])).toEqual({});
    expect(record([{ zqother: ["x"] }], ["zqoauth"])).toEqual({});
  });
});

describe("diff on security scopes", () => {
  it("is breaking when every way in now asks a scope more, and names the scope", () => {
    expect(diff({ zqoauth: [["default"]] }, { zqoauth: [["default", "tasks:write"]] })).toEqual([
      "breaking scopeAdded security zqoauth (tasks:write)",
    ]);
  });

  it("is minor for a scope fewer, or another way in beside the old one", () => {
    expect(diff({ zqoauth: [["default", "tasks:write"]] }, { zqoauth: [["default"]] })).toEqual([
      "minor scopeRemoved security zqoauth",
    ]);
    expect(diff({ zqoauth: [["default"]] }, { zqoauth: [["default"], ["admin"]] })).toEqual([
      "minor added security zqoauth",
    ]);
  });

  it("is breaking when a scope is replaced by another: a token holding only the old one is refused", () => {
    expect(diff({ zqoauth: [["tasks:read"]] }, { zqoauth: [["tasks:write"]] })).toEqual([
      "minor added security zqoauth",
      "breaking removed security zqoauth (scopes tasks:read no longer enough)",
    ]);
  });

  it("compares requirements as sets: the same lists in another order are no change", () => {
    expect(diff({ zqoauth: [["a"], ["b", "c"]] }, { zqoauth: [["b", "c"], ["a"]] })).toEqual([]);
  });

  it("is breaking for a scheme no longer listed, minor for one added", () => {
    expect(diff({ zqoauth: [["default"]], zqtoken: [[]] }, { zqoauth: [["default"]] })).toEqual([
      "breaking removed security zqtoken",
    ]);
    expect(diff({ zqoauth: [["default"]] }, { zqoauth: [["default"]], zqtoken: [[]] })).toEqual([
      "minor added security zqtoken",
    ]);
  });

  it(
    "is no change for the credential's scheme renamed with the same scopes (the auth entry compares where it " +
      "goes); another scope is still one",
    () => {
      expect(diff({ zqtoken: [[]] }, { zqkey: [[]] })).toEqual([]);
      expect(diff({ zqoauth: [["read"]] }, { zqauth2: [["read", "write"]] })).toEqual([
        "minor added security zqauth2",
        "breaking removed security zqoauth",
      ]);
    },
  );
});
