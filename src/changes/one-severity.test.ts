// One change, one severity: `diff` (the surfaces) reads each change's severity through the record of change kinds
// `upstream` (the documents) reads (kinds.ts), so a made-up operation's deprecated mark removed is the same severity in
// both, as a request value's format removed is (request-formats-checked.test.ts).
import { describe, expect, it } from "vitest";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import { diffSurfaces } from "./classify.js";
import { type DocumentSet, documentChanges } from "./document-diff.js";
import { KINDS, severityIn } from "./kinds.js";

type Json = Record<string, unknown>;
const one = (doc: Json): DocumentSet => ({ root: "zqrota.yaml", files: new Map([["zqrota.yaml", doc]]) });
const doc = (deprecated: boolean): Json => ({
  openapi: "3.0.3",
  paths: { "/zqrota": { get: { ...(deprecated ? { deprecated } : {}), responses: { "204": { description: "ok" } } } } },
});

describe("one severity for one change", () => {
  it("an operation's deprecated mark removed: the severity upstream gives it, in diff too", () => {
    const [upstream] = documentChanges(one(doc(true)), one(doc(false)), [{ method: "GET", path: "/zqrota" }]);
    const tool = (deprecated?: string) => acmeTool(deprecated ? { deprecated } : {});
    const [diffed] = diffSurfaces(
      acmeSurface({}, { zqrota_list: tool("Use zqrota_find.") }),
      acmeSurface({}, { zqrota_list: tool() }),
    );
    expect([upstream?.kind, diffed?.kind]).toEqual(["api-reactivated", "api-reactivated"]);
    expect(diffed?.severity).toBe(upstream?.severity);
  });

  it("a severity the kind lists keeps; any other is the kind's own; a kind only diff has keeps its own", () => {
    expect(severityIn("request-property-format-changed", "breaking")).toBe("breaking");
    expect(severityIn("request-property-format-changed", "non-breaking")).toBe(
      KINDS["request-property-format-changed"].severity,
    );
    expect(severityIn("pagination-removed", "breaking")).toBe("breaking");
  });
});
