// A file parsed again (the same name and text) is not parsed anew: its data
// is a copy of what the first parse made, which no caller's change reaches,
// and its positions are the same.
import jsyaml from "../vendor/js-yaml.cjs";
import { describe, expect, it, vi } from "vitest";
import { parseYamlSource } from "./yaml-source.js";

const TEXT = "zqshelf:\n  books:\n    - title: Dune\n      tags: [a, b]\n  shared: &s { n: 1 }\n  again: *s\n";

describe("parseYamlSource on a text read before", () => {
  it(
    "gives equal data as an object of the caller's own " + "each time, which another caller's change does not reach",
    () => {
      const file = "zq-reuse/owned.yaml";
      const reads = [0, 1, 2, 3].map(() =>
        parseYamlSource<{ zqshelf: { books: { title: string; tags: string[] }[]; shared: object; again: object } }>(
          TEXT,
          file,
        ),
      );
      for (const read of reads)
        expect(read.data).toEqual({
          zqshelf: { books: [{ title: "Dune", tags: ["a", "b"] }], shared: { n: 1 }, again: { n: 1 } },
        });
      expect(new Set(reads.map((r) => r.data)).size).toBe(4);
      // An alias is still one value shared, as js-yaml makes it.
      expect(reads[3]!.data.zqshelf.again).toBe(reads[3]!.data.zqshelf.shared);
      reads[1]!.data.zqshelf.books[0]!.title = "changed";
      reads[2]!.data.zqshelf.books.push({ title: "added", tags: [] });
      expect(parseYamlSource<(typeof reads)[0]["data"]>(TEXT, file).data.zqshelf.books).toEqual([
        { title: "Dune", tags: ["a", "b"] },
      ]);
    },
  );

  it(
    "parses a text at most twice, however often it is read (once more to keep a copy: " +
      "a file read once costs no copy)",
    () => {
      const load = vi.spyOn(jsyaml, "load");
      try {
        // A text no other test reads (the cache is the module's, shared by the file's tests).
        const text = `${TEXT}# counted\n`;
        for (let i = 0; i < 5; i++) parseYamlSource(text, "zq-reuse/counted.yaml");
        expect(load).toHaveBeenCalledTimes(2);
      } finally {
        load.mockRestore();
      }
    },
  );

  it("reads a changed text under the same name anew", () => {
    const file = "zq-reuse/changed.yaml";
    expect(parseYamlSource(TEXT, file).data).toMatchObject({ zqshelf: { shared: { n: 1 } } });
    expect(parseYamlSource(TEXT, file).data).toMatchObject({ zqshelf: { shared: { n: 1 } } });
    expect(parseYamlSource(TEXT.replace("n: 1", "n: 2"), file).data).toMatchObject({ zqshelf: { shared: { n: 2 } } });
  });

  it("finds the same positions, with the file's own name", () => {
    const places = ["zq-reuse/a.yaml", "zq-reuse/a.yaml", "zq-reuse/a.yaml", "zq-reuse/b.yaml"].map((file) =>
      parseYamlSource(TEXT, file).locate(["zqshelf", "books", 0, "tags"]),
    );
    expect(places).toEqual([
      { file: "zq-reuse/a.yaml", line: 4, col: 7 },
      { file: "zq-reuse/a.yaml", line: 4, col: 7 },
      { file: "zq-reuse/a.yaml", line: 4, col: 7 },
      { file: "zq-reuse/b.yaml", line: 4, col: 7 },
    ]);
  });

  it("still refuses a text it refused before", () => {
    for (let i = 0; i < 3; i++)
      expect(() => parseYamlSource("zqshelf: [1, 2\n", "zq-reuse/broken.yaml")).toThrow(
        /^zq-reuse\/broken\.yaml:\d+:\d+: invalid YAML/,
      );
  });

  it("finds a text read before with no Map keyed by the text (V8 hashes such a key's every character: scale14)", () => {
    const file = "zq-reuse/unhashed.yaml";
    // Of one length as another text read just before: the two are told apart by their characters.
    const text = `zqshelf: { title: ${"a".repeat(4000)} }\n`;
    const other = text.replace("title: a", "title: b");
    const methods = ["get", "set", "has", "delete"] as const;
    const spies = methods.map((m) => vi.spyOn(Map.prototype, m));
    try {
      expect(parseYamlSource(other, file).data).toEqual({ zqshelf: { title: `b${"a".repeat(3999)}` } });
      for (let i = 0; i < 3; i++)
        expect(parseYamlSource(text, file).data).toEqual({ zqshelf: { title: "a".repeat(4000) } });
      const keyedByText = spies.flatMap((s) => s.mock.calls).filter(([key]) => key === text || key === other);
      expect(keyedByText).toEqual([]);
    } finally {
      for (const s of spies) s.mockRestore();
    }
    // Still parsed at most twice, as above.
    const load = vi.spyOn(jsyaml, "load");
    try {
      parseYamlSource(text, file);
      expect(load).not.toHaveBeenCalled();
    } finally {
      load.mockRestore();
    }
  });
});
