// An answer whose type changed is one change: the output's declared type (array → json) and its shape's (array →
// object) say the same thing under the same id, so diff gives it once, as the shape says it.
import { describe, expect, it } from "vitest";
import { diffSurfaces } from "../../changes/classify.js";
import { acmeSurface, acmeTool } from "../../changes/__fixtures__/acme-surface.js";
import type { OutputSurface, Shape } from "../../model/surface-format.js";

const person: Shape = { type: "object", properties: { id: { type: "string" } } };

function surfaceWith(data: OutputSurface) {
  const outputs = { data };
  return acmeSurface({}, { acme_me: acmeTool({ title: "Me", description: "Who.", path: "/v1/me", outputs }) });
}

const lines = (a: OutputSurface, b: OutputSurface) =>
  diffSurfaces(surfaceWith(a), surfaceWith(b)).map((c) => `${c.level} ${c.subject}: ${c.rule} (${c.from} → ${c.to})`);

describe("an output whose type changed", () => {
  it("is one breaking line when the declared type and the shape's change together", () => {
    const list: OutputSurface = {
      type: "array",
      optional: false,
      description: "The reply body.",
      shape: { type: "array", items: person },
    };
    const one: OutputSurface = { type: "json", optional: false, description: "The reply body.", shape: person };
    expect(lines(list, one)).toEqual(["breaking output data: output type changed (array → object)"]);
  });

  it("keeps the declared type's line when the shape says nothing of the change", () => {
    const text: OutputSurface = { type: "string", optional: false, description: "The id.", shape: {} };
    const count: OutputSurface = { type: "number", optional: false, description: "The id.", shape: {} };
    expect(lines(text, count)).toEqual(["breaking output data: output type changed (string → number)"]);
  });

  it("is a type lost where the newer shape keeps only that it may be null", () => {
    const links = (shape: Shape): OutputSurface => ({
      type: "json",
      optional: false,
      description: "The links.",
      shape: { type: "object", properties: { links: shape } },
    });
    expect(lines(links({ type: "object", nullable: true }), links({ nullable: true }))).toEqual([
      "breaking output data .links: output type changed (object → any (no schema))",
    ]);
  });
});
