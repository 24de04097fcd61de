// A document dumped with its shared values anchored (js-yaml's `&ref_0`, one `security` list at every operation) holds
// an alias per operation: more than a hundred in a large API, each one `*ref_0` in the text. Such aliases grow the data
// no faster than the text, so only aliases inside anchored values, which each level of a bomb multiplies, are counted.
import { describe, expect, it } from "vitest";
import { INPUT_LIMITS, measureAliases, parseYamlSource, UnreadableSource } from "./yaml-source.js";

const operations = (count: number): string =>
  [
    "openapi: 3.0.1",
    "info: {title: zq, version: '1'}",
    "paths:",
    ...Array.from({ length: count }, (_, i) => [
      `  /zq/${i}:`,
      "    get:",
      `      operationId: zqGet${i}`,
      "      responses: {'200': {description: ok}}",
      i === 0 ? "      security: &ref_0\n        - BasicAuth: []" : "      security: *ref_0",
    ]).flat(),
  ].join("\n") + "\n";

describe("aliases of an anchor that holds none", () => {
  it("a document whose one anchored security list 150 operations alias is read, each alias the anchored value", () => {
    const data = parseYamlSource<{ paths: Record<string, { get: { security: unknown } }> }>(
      operations(151),
      "zqflat/openapi.yaml",
      INPUT_LIMITS.document,
    ).data;
    const lists = Object.values(data.paths).map((p) => p.get.security);
    expect(lists).toHaveLength(151);
    expect(lists.every((l) => l === lists[0])).toBe(true);
    expect(lists[0]).toEqual([{ BasicAuth: [] }]);
  });

  it("counts those aliases as expansions, none as nested; an anchor of aliases repeated counts its aliases", () => {
    const leaf = { a: 1 };
    const flat = measureAliases({ copies: Array(150).fill(leaf) });
    expect(flat).toMatchObject({ aliases: 149, nested: 0 });
    const inner = [leaf, leaf, leaf];
    // inner holds 2 aliases of leaf; its 3 aliases repeat them: 6 expansions past the text.
    expect(measureAliases({ inner, copies: [inner, inner, inner] })).toMatchObject({ aliases: 2 + 3 * 3, nested: 6 });
  });

  it("anchors nesting aliases past 100 expansions are refused still, with the count", () => {
    const ten = (item: string) => Array(10).fill(item).join(", ");
    const text = `a: &a [x]\nb: &b [${ten("*a")}]\nc: &c [${ten("*b")}]\nd: [${ten("*c")}]\n`;
    let error: unknown;
    try {
      parseYamlSource(text, "zqnest.yaml");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UnreadableSource);
    // b's 10 aliases of a are written; c's 10 aliases of b repeat them (100), d's 10 of c repeat c's (10 × 110).
    expect((error as Error).message).toBe(
      "zqnest.yaml: refused: the YAML expands aliases more than 100 times (1200 expansions of aliases inside " +
        "anchors: an alias bomb?)",
    );
  });
});
