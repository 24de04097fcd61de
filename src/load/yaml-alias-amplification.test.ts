// YAML alias amplification: one anchor repeated by aliases stays one value to
// the reader and becomes every copy to whatever writes the data out, so the
// reader bounds the size the aliases expand the data to (the file's own input
// limit), as well as their count, and refuses an alias inside its own anchor.
import { describe, expect, it } from "vitest";
import { amplifiedYaml } from "../../test-support/amplified-yaml.js";
import { INPUT_LIMITS, measureAliases, parseYamlSource, SourceError, UnreadableSource } from "./yaml-source.js";

const refusal = (run: () => unknown): UnreadableSource => {
  try {
    run();
  } catch (e) {
    if (e instanceof UnreadableSource) return e;
    throw e;
  }
  throw new Error("read without a refusal");
};

describe("YAML aliases expanding the data past the file's limit", () => {
  it(
    "a document of 1 MiB whose one anchor 70 aliases repeat (about 71 MiB expanded) is refused, " +
      "naming the file, the rule and the sizes",
    () => {
      const text = amplifiedYaml(1024 * 1024, 70);
      const e = refusal(() => parseYamlSource(text, "zzamp/openapi.yaml", INPUT_LIMITS.document));
      expect(e.code).toBe("BW1004");
      expect(e.message).toMatch(
        new RegExp(
          String.raw`^zzamp\/openapi\.yaml: refused: its YAML aliases expand its 1\.0 MiB to about 71\.0 MiB of` +
            String.raw` values, over the 64 MiB limit for an OpenAPI or published API document \(each alias repeats`,
        ),
      );
    },
  );

  it(
    "a workflow or configuration file is held to its own limit (4 MiB), on a first read and on a read of the same " +
      "text again",
    () => {
      const text = amplifiedYaml(100 * 1024, 45);
      // As a document (64 MiB), the same text is read, and then remembered: the second read, as a workflow, is still
      // refused.
      expect(
        parseYamlSource<{ copies: string[] }>(text, "zzamp/openapi.yaml", INPUT_LIMITS.document).data.copies,
      ).toHaveLength(45);
      expect(refusal(() => parseYamlSource(text, "zzamp/workflow.yaml")).message).toMatch(
        new RegExp(
          String.raw`^zzamp\/workflow\.yaml: refused: its YAML aliases expand its 0\.1 MiB to about 4\.5 MiB of` +
            " values, over the 4 MiB limit for a workflow or configuration file",
        ),
      );
    },
  );

  it("anchors that expand the data within the limit are read as before, each alias the anchored value", () => {
    const data = parseYamlSource<{ first: string; copies: string[] }>(
      amplifiedYaml(1024, 50),
      "zzamp/manifest.yaml",
    ).data;
    expect(data.copies.every((c) => c === data.first)).toBe(true);
  });

  it("measures an anchored object once, and its size at every alias", () => {
    const shared = { a: "xyz", list: [1, true, null] };
    const once = measureAliases({ one: shared });
    const thrice = measureAliases({ one: shared, two: shared, three: shared });
    expect(once).toEqual({ aliases: 0, nested: 0, chars: JSON.stringify({ one: shared }).length });
    expect(thrice).toEqual({
      aliases: 2,
      nested: 0,
      chars: JSON.stringify({ one: shared, two: shared, three: shared }).length,
    });
  });
});

describe("a YAML alias inside the value its anchor names", () => {
  for (const [shape, text, line, col] of [
    ["in a list", "openapi: 3.0.3\nloop: &a [1, *a]\n", 2, 14],
    ["in a mapping, deeper", "top:\n  loop: &a\n    inner:\n      again: *a\n", 4, 14],
  ] as const) {
    it(`${shape}: refused at the alias's place (the value holds itself), not a stack overflow`, () => {
      let error: unknown;
      try {
        parseYamlSource(text, "zzloop.yaml");
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SourceError);
      expect((error as SourceError).printed).toBe(
        `zzloop.yaml:${line}:${col}: refused: this alias stands inside the value its anchor names, ` +
          `so the value holds itself and never ends (YAML alias cycle) [BW1004]`,
      );
    });
  }
});

describe("aliases in text that looks like JSON", () => {
  const nine = (item: string) => Array(9).fill(item).join(", ");
  it("a document written as JSON whose strings hold & and * is read (no anchor can be in a string)", () => {
    const text = JSON.stringify(
      { openapi: "3.0.3", info: { title: "Tom &Jerry *x", description: 'a "quoted" &anchor-like *alias' } },
      null,
      2,
    );
    expect(
      parseYamlSource<{ info: { title: string } }>(text, "zqjson.json", INPUT_LIMITS.document).data.info.title,
    ).toBe("Tom &Jerry *x");
  });

  it("an alias bomb behind a quote inside a plain scalar (true\") is not taken for JSON's strings: refused", () => {
    const text =
      `{q: true", a: &a [${nine("x")}], b: &b [${nine("*a")}], c: &c [${nine("*b")}], d: &d [${nine("*c")}], e: ` +
      `[${nine("*d")}], z: e"}`;
    expect(refusal(() => parseYamlSource(text, "zqflow.yaml")).message).toMatch(
      /^zqflow\.yaml: refused: the YAML expands aliases more than 100 times \(\d+ expansions of aliases inside anchors/,
    );
  });
});

describe("anchors as the parser reads them, not as the text looks", () => {
  const nine = (item: string) => Array(9).fill(item).join(", ");
  it("an alias bomb whose anchors follow a tag, or stand on the line after their key, is refused", () => {
    const text =
      `a: !!seq &a [${nine("x")}]\nb:\n  &b\n  [${nine("*a")}]\nc: !!seq &c [${nine("*b")}]\n` +
      `d: &d [${nine("*c")}]\ne: [${nine("*d")}]\n`;
    expect(refusal(() => parseYamlSource(text, "zqtag.yaml")).message).toMatch(
      /^zqtag\.yaml: refused: the YAML expands aliases more than 100 times/,
    );
  });

  it("an & in plain text (a URL template's {&page}, a title's Tom &Jerry) is no anchor: read as written", () => {
    const text = "search: https://zq.example/search?q={query}{&page,per_page}\ntitle: Tom &Jerry\n";
    expect(parseYamlSource(text, "zqurl.yaml").data).toEqual({
      search: "https://zq.example/search?q={query}{&page,per_page}",
      title: "Tom &Jerry",
    });
  });
});
