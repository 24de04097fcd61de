// References: types kept for a whole-value reference, interpolation inside
// text, dots and [n] indexes, environment names, escapes.
import { describe, expect, it } from "vitest";
import { collectReferences, parseReference, parseTemplate, resolveValue, type Reference } from "./references.js";

const outputs: Record<string, unknown> = {
  search: {
    data: [
      { id: "zyTCAlFPjgYC", volumeInfo: { title: "The Google Story", authors: ["David A. Vise", "Mark Malseed"] } },
    ],
    metadata: { count: 2, totalItems: 1873 },
  },
  enrich: { data: { full_name: "sean thorne", work_email: null }, metadata: { likelihood: 9 } },
};
const env: Record<string, string> = { BOOKS_KEY: "k-123" };
const lookup = (r: Reference) => {
  if (r.kind === "env") return env[r.name];
  return r.path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    outputs[r.block],
  );
};

describe("parseReference", () => {
  it("reads block ids with dots and [n] indexes", () => {
    expect(parseReference("search.data[0].volumeInfo.authors[1]")).toEqual({
      kind: "output",
      block: "search",
      path: ["data", 0, "volumeInfo", "authors", 1],
      text: "search.data[0].volumeInfo.authors[1]",
    });
    expect(parseReference(" crm-lead.metadata.id ")).toMatchObject({ block: "crm-lead", path: ["metadata", "id"] });
  });
  it("reads a name without a dot as an environment variable", () => {
    expect(parseReference("BOOKS_KEY")).toEqual({ kind: "env", name: "BOOKS_KEY", text: "BOOKS_KEY" });
  });
  for (const bad of ["search.", "search..data", "search.data[x]", "9lives.data", "search data"]) {
    it(`refuses {{${bad}}}`, () => {
      expect(() => parseReference(bad)).toThrow(/invalid reference/);
    });
  }
});

describe("resolveValue", () => {
  it("keeps the type of a value that is exactly one reference", () => {
    expect(resolveValue("{{search.data}}", lookup)).toEqual((outputs.search as { data: unknown }).data);
    expect(resolveValue("{{search.metadata.count}}", lookup)).toBe(2);
    expect(resolveValue("{{search.data[0].volumeInfo}}", lookup)).toEqual({
      title: "The Google Story",
      authors: ["David A. Vise", "Mark Malseed"],
    });
    expect(resolveValue("{{enrich.data.work_email}}", lookup)).toBeNull();
    expect(resolveValue("{{ BOOKS_KEY }}", lookup)).toBe("k-123");
  });

  it("interpolates references inside text, objects as JSON, missing as empty", () => {
    expect(resolveValue("{{search.metadata.count}} of ~{{search.metadata.totalItems}}", lookup)).toBe("2 of ~1873");
    expect(resolveValue("by {{search.data[0].volumeInfo.authors}}", lookup)).toBe(
      'by ["David A. Vise","Mark Malseed"]',
    );
    expect(resolveValue("mail: {{enrich.data.work_email}}.", lookup)).toBe("mail: .");
  });

  it("resolves inside objects and arrays, leaving other values alone", () => {
    expect(
      resolveValue(
        {
          Name: "{{enrich.data.full_name}}",
          Count: "{{search.metadata.count}}",
          Tags: ["a", "{{search.data[0].id}}"],
          n: 3,
          ok: true,
        },
        lookup,
      ),
    ).toEqual({
      Name: "sean thorne",
      Count: 2,
      Tags: ["a", "zyTCAlFPjgYC"],
      n: 3,
      ok: true,
    });
  });

  it("writes \\{{ as a literal {{", () => {
    expect(resolveValue("use \\{{NAME}} for secrets, e.g. {{BOOKS_KEY}}", lookup)).toBe(
      "use {{NAME}} for secrets, e.g. k-123",
    );
    expect(parseTemplate("\\{{x}}")).toEqual(["{{x}}"]);
  });
});

describe("collectReferences", () => {
  it("finds every reference with where it sits", () => {
    expect(
      collectReferences({ a: "{{X}}", b: ["x {{s.data[0].id}} {{Y}}"] }).map(({ reference, at }) => [
        reference.text,
        at,
      ]),
    ).toEqual([
      ["X", ["a"]],
      ["s.data[0].id", ["b", 0]],
      ["Y", ["b", 0]],
    ]);
  });
});
