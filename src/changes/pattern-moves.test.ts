// A `pattern` changed upstream, as `upstream` (two documents) and `diff` (two surfaces) say it: widened
// (`^[a-z]{3}$` → `^[a-z]{3,8}$`) is a loosening, narrowed a tightening, and one neither plainly wider nor narrower
// a changed pattern (breaking, conservatively), in words that claim no direction. Both were said "tightened".
import { describe, expect, it } from "vitest";
import type { ParamSurface } from "../model/surface-format.js";
import { diffParamLimits, type ParamLimitChange } from "../link/param-limits/param-limit-changes.js";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

/** A made-up `zqslugs` document: a query parameter `code` and a body field `slug` of the patterns given. */
function doc(code: string, slug: string): DocumentSet {
  const body = { type: "object", properties: { slug: { type: "string", pattern: slug } } };
  const document: Json = {
    openapi: "3.0.3",
    paths: {
      "/slugs": {
        post: {
          operationId: "makeZqSlug",
          parameters: [{ name: "code", in: "query", schema: { type: "string", pattern: code } }],
          requestBody: { content: { "application/json": { schema: body } } },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  };
  return { root: "zqslugs.yaml", files: new Map([["zqslugs.yaml", document]]) };
}

const upstream = (before: string, after: string) =>
  documentChanges(doc(before, before), doc(after, after), [
    { operationId: "makeZqSlug", method: "POST", path: "/slugs" },
  ]).map((c) => `${c.severity} ${c.kind} ${c.pointer}: ${c.reason}`);

function surface(before: string, after: string): string[] {
  const out: string[] = [];
  const param = (pattern: string) => ({ type: "string", pattern }) as ParamSurface;
  diffParamLimits("param code", param(before), param(after), (kind: ParamLimitChange, detail) =>
    out.push(`${kind} ${detail?.what ?? ""}`.trim()),
  );
  return out;
}

describe("a pattern changed upstream", () => {
  it("widened is said loosened, on a parameter and on a body field", () => {
    expect(upstream("^[a-z]{3}$", "^[a-z]{3,8}$")).toEqual([
      "non-breaking request-parameter-limit-loosened code: pattern loosened or removed: more values accepted",
      "non-breaking request-property-limit-loosened /slug: pattern loosened or removed: more values accepted",
    ]);
    expect(surface("^[a-z]{3}$", "^[a-z]{3,8}$")).toEqual(["limitLoosened pattern"]);
    expect(surface("^[a-z]+$", "^[a-z0-9_]+$")).toEqual(["limitLoosened pattern"]);
  });

  it("narrowed is said tightened", () => {
    expect(upstream("^[a-z]{3,8}$", "^[a-z]{3}$")).toEqual([
      "breaking request-parameter-limit-tightened code: pattern added or tightened: a value that passed may be refused",
      "breaking request-property-limit-tightened /slug: pattern added or tightened: a value that passed may be refused",
    ]);
    expect(surface("^[a-z]{3,8}$", "^[a-z]{3}$")).toEqual(["limitTightened pattern"]);
  });

  it("neither plainly wider nor narrower is a changed pattern, breaking, claiming no direction", () => {
    const lines = upstream("^[a-z]{3}$", "^[a-c]{2,5}$");
    expect(lines).toEqual([
      "breaking request-parameter-pattern-changed code: pattern changed to one not comparable with the old: a value " +
        "that passed may be refused",
      "breaking request-property-pattern-changed /slug: pattern changed to one not comparable with the old: a value " +
        "that passed may be refused",
    ]);
    for (const line of lines) expect(line).not.toMatch(/tighten|loosen/);
    expect(surface("^[a-z]{3}$", "^[a-c]{2,5}$")).toEqual(["patternChanged"]);
  });

  it("the same values written another way is no change", () => {
    expect(upstream("^\\d{4}$", "^[0-9]{4}$")).toEqual([]);
    expect(surface("^\\d{4}$", "^[0-9]{4}$")).toEqual([]);
  });
});
