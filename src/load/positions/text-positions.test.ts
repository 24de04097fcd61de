// Positions in a document's text are found without yaml's document of it
// (text-positions.ts): the same line and column yaml gives.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import jsyaml from "js-yaml";
import { parseTree, type Node } from "jsonc-parser";
import { globSync } from "tinyglobby";
import { describe, expect, it } from "vitest";
import { isMap, isPair, isScalar, isSeq, type Node as YamlNode, parseDocument } from "yaml";
import { REPOSITORY as ROOT } from "../../../test-support/neutral-copy.js";
import { jsonOffsets, lineColumn, lineStarts } from "./text-positions.js";
import { blockYamlOffsets } from "./block-yaml-positions.js";
import { parseYamlSource } from "../yaml-source.js";

const TEXT = `{
  "paths": {
    "/pets": { "get": { "responses": { "200": { "example": [1, {"id": "a"}] } } } }
  },
  "a/b": 1
}
`;

describe("positions in a JSON document", () => {
  const source = parseYamlSource(TEXT, "doc.json");

  it("name a key or its value, in arrays too, as yaml does", () => {
    expect(source.locate(["paths", "/pets"], "key")).toEqual({ file: "doc.json", line: 3, col: 5 });
    expect(source.locate(["paths", "/pets"], "value")).toEqual({ file: "doc.json", line: 3, col: 14 });
    expect(source.locate(["paths", "/pets", "get", "responses", "200", "example", 1, "id"], "value")).toEqual({
      file: "doc.json",
      line: 3,
      col: 71,
    });
    expect(source.locate(["a/b"], "value")).toEqual({ file: "doc.json", line: 5, col: 10 });
  });

  it("name the nearest existing ancestor of a path that is not there", () => {
    expect(source.locate(["paths", "/pets", "post", "responses"], "key")).toEqual({
      file: "doc.json",
      line: 3,
      col: 5,
    });
  });

  it("are left to yaml for text that is not plain JSON", () => {
    expect(jsonOffsets("paths: {}\n")).toBeUndefined();
    // A place past what plain JSON has no room for is yaml's to find.
    expect(jsonOffsets('{"a": 1, // a comment\n"b": 2}')?.(["b"], "value")).toBeUndefined();
    expect(
      parseYamlSource('{"a": 1, # a comment\n"b": {c: [1, 2]}}', "flow.yaml").locate(["b", "c", 1], "value"),
    ).toEqual({ file: "flow.yaml", line: 2, col: 14 });
    expect(parseYamlSource("paths:\n  /pets: {}\n", "doc.yaml").locate(["paths", "/pets"], "key")).toEqual({
      file: "doc.yaml",
      line: 2,
      col: 3,
    });
  });

  it("count lines and columns from 1", () => {
    expect(lineColumn("ab\ncd")(0)).toEqual({ line: 1, col: 1 });
    expect(lineColumn("ab\ncd")(4)).toEqual({ line: 2, col: 2 });
    expect(lineStarts("ab\n\ncd\n")).toEqual([0, 3, 4, 7]);
  });

  it("find a block YAML text's lines once for its places and their lines and columns", () => {
    const text = "zqa:\n  zqb: 1\n\n  # zqnote\nzqc:\n  - zqd: 2\n";
    let found = 0;
    const lines = () => {
      found++;
      return lineStarts(text);
    };
    const offsetOf = blockYamlOffsets(text, undefined, lines);
    const position = lineColumn(text, lines);
    expect(found).toBe(0);
    const places = [["zqa", "zqb"], ["zqc", 0, "zqd"], ["zqc"]].map((path) => position(offsetOf(path, "value") ?? -1));
    expect(places).toEqual([
      { line: 2, col: 8 },
      { line: 6, col: 10 },
      { line: 6, col: 3 },
    ]);
    // Found for the scan once, and once for the line numbers, which a caller sharing them (yaml-source.ts) keeps.
    expect(found).toBe(2);
    expect(places).toEqual(
      [["zqa", "zqb"], ["zqc", 0, "zqd"], ["zqc"]].map((path) =>
        lineColumn(text)(blockYamlOffsets(text)(path, "value") ?? -1),
      ),
    );
  });
});

describe("positions in a JSON document, read from its text without its syntax tree", () => {
  const document = {
    openapi: "3.0.3",
    'we"ird\\key': { aé: [true, false, null, -1.5e3, 'x}]"{['] },
    paths: Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `/p${i}`,
        { get: { operationId: `op${i}`, tags: [], parameters: [{ name: "n", schema: { type: "string" } }] } },
      ]),
    ),
    empty: {},
    list: [[], [{}], [1, [2, [3]]]],
  };
  const places: (string | number)[][] = [
    ["paths", "/p3", "post", "responses"],
    ["list", 2, 7],
    ["empty", "x"],
    ["openapi", "x"],
  ];
  const walk = (value: unknown, at: (string | number)[]) => {
    places.push(at);
    if (value !== null && typeof value === "object")
      for (const [k, v] of Object.entries(value)) walk(v, [...at, Array.isArray(value) ? Number(k) : k]);
  };
  walk(document, []);

  for (const [layout, text] of [
    ["compact", JSON.stringify(document)],
    ["indented", JSON.stringify(document, null, 2)],
    ["tabs and CRLF", JSON.stringify(document, null, "\t").replace(/\n/g, "\r\n")],
  ] as const) {
    it(
      `${layout}: finds each key and value, and the nearest ancestor of a place that is not there, ` +
        `where jsonc-parser's tree has them`,
      () => {
        const tree = parseTree(text) as Node;
        const treeOffset = (path: (string | number)[], which: "key" | "value") => {
          let node = tree;
          let key: Node | undefined;
          for (const segment of path) {
            const next =
              node.type === "object"
                ? node.children?.find((p) => p.children?.[0]?.value === String(segment))
                : node.type === "array"
                  ? node.children?.[Number(segment)]
                  : undefined;
            if (!next) break;
            key = node.type === "object" ? next.children?.[0] : undefined;
            node = node.type === "object" ? (next.children?.[1] as Node) : next;
          }
          return (which === "key" && key ? key : node).offset;
        };
        expect(places.length).toBeGreaterThan(60);
        // Each place read from the text (a reader of its own), then all of them from one reader, which builds the tree
        // after the first few.
        const shared = jsonOffsets(text);
        for (const path of places)
          for (const which of ["key", "value"] as const) {
            expect(jsonOffsets(text)?.(path, which), `${JSON.stringify(path)} ${which}, read from the text`).toBe(
              treeOffset(path, which),
            );
            expect(shared?.(path, which), `${JSON.stringify(path)} ${which}`).toBe(treeOffset(path, which));
          }
      },
    );
  }
});

describe("positions in YAML written in block style, read line by line", () => {
  /** The offset yaml's document gives (as yaml-source.ts finds it), for comparison. */
  const documentOffsets = (text: string, doc = parseDocument(text, { merge: true })) => {
    return (path: readonly (string | number)[], which: "key" | "value") => {
      let node: unknown = doc.contents;
      let key: YamlNode | null = null;
      for (const segment of path) {
        if (isMap(node)) {
          const pair = node.items.find(
            (item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment),
          );
          if (!pair) break;
          key = pair.key as YamlNode;
          node = pair.value;
        } else if (isSeq(node) && /^\d+$/.test(String(segment))) {
          const item = node.items[Number(segment)];
          if (item === undefined) break;
          key = null;
          node = item;
        } else break;
      }
      const target = which === "key" && key ? key : ((node as YamlNode | null) ?? key);
      return target?.range?.[0] ?? 0;
    };
  };
  const placesOf = (data: unknown): (string | number)[][] => {
    const places: (string | number)[][] = [];
    const walk = (value: unknown, at: (string | number)[]) => {
      places.push(at);
      if (value !== null && typeof value === "object")
        for (const [k, v] of Object.entries(value)) walk(v, [...at, Array.isArray(value) ? Number(k) : k]);
    };
    walk(data, []);
    return places;
  };
  const TRICKY = [
    "# a header comment",
    "openapi: 3.1.0",
    "info: {title: flow, version: '1'}",
    'quoted "key": 1',
    '"a: b": 2',
    "'it''s': 3",
    "200: ok",
    "1.0: one",
    "True: yes",
    "~: tilde",
    "list:",
    "- a",
    "- b: 1",
    "  c: [1, 2]",
    "-",
    "  - nested",
    "  - - deeper",
    "after: 1",
    "block: |",
    "  line: not a key",
    "  - not an item",
    "folded: >-",
    "  text",
    "plain: a long",
    "  text, continued # not a comment? it is",
    "anchored: &x",
    "  k: v",
    "alias: *x",
    "tagged: !!str 12",
    "empty:",
    "next: 'one line'",
    'multi: "two',
    '  lines"',
    "last:",
    "  deep:",
    "    deeper: [x]",
    "    other: y # a comment",
    "",
  ].join("\n");

  const files = [
    ...globSync(
      ["specs/*/openapi.yaml", "specs/*/manifest.yaml", "test-support/fixtures/specs*/*/*.yaml", "examples/*.yaml"],
      { cwd: ROOT },
    ).map((f) => [f, readFileSync(join(ROOT, f), "utf8")] as const),
    ["tricky.yaml", TRICKY],
    ["tricky-crlf.yaml", TRICKY.replace(/\n/g, "\r\n")],
  ] as const;

  it(
    "finds each key and value where yaml's document has them, in every YAML file of the repository and in " +
      "tricky text, or leaves the place to it",
    () => {
      expect(files.length).toBeGreaterThan(20);
      let read = 0;
      let asked = 0;
      const wrong: string[] = [];
      for (const [file, text] of files) {
        // yaml's document read once: the expected places, and which of them are in a flow collection.
        const doc = parseDocument(text, { merge: true });
        const expected = documentOffsets(text, doc);
        const places = placesOf(jsyaml.load(text)).slice(0, 2000);
        // One reader for the file, with no budget: every place is read line by line as by a reader of its own (one
        // reader with the budget leaves every place to yaml after YAML_SCAN_TEXTS readings), and the text's index of
        // lines is made once, not once a place (2 s of CPU).
        const offsetOf = blockYamlOffsets(text, Number.POSITIVE_INFINITY);
        // A path that is not there: its nearest ancestor.
        places.push(["paths", "/no/such/path", "get"], ["zq-no-such-key"]);
        for (const path of places) {
          // Places in a flow collection (`{ a: b }`, `[a, b]`) are yaml's by design: only block style is read by line.
          const inFlow = path.some(
            (_, i) => (doc.getIn(path.slice(0, i), true) as { flow?: boolean } | undefined)?.flow === true,
          );
          for (const which of ["key", "value"] as const) {
            if (!inFlow) asked++;
            const offset = offsetOf(path, which);
            if (offset === undefined) continue;
            if (!inFlow) read++;
            // Told by one expect at the end (an expect a place was a fifth of the test's CPU).
            if (offset !== expected(path, which)) wrong.push(`${file} ${JSON.stringify(path)} ${which}: ${offset}`);
          }
        }
      }
      expect(wrong).toEqual([]);
      // Most places written in block style are read line by line: the rest is yaml's.
      expect(read / asked).toBeGreaterThan(0.8);
    },
  );

  it("leaves every place to yaml's document once reading them cost a hundred readings of the text", () => {
    const text = "a: 1\nb: 2\n";
    const offsetOf = blockYamlOffsets(text);
    // Each place of b reads up to its offset, 8 characters: 100 readings of the 10 are 125 of them.
    const answers = Array.from({ length: 130 }, () => offsetOf(["b"], "value"));
    expect(answers.slice(0, 125).every((a) => a === 8)).toBe(true);
    expect(answers.slice(125)).toEqual(Array(5).fill(undefined));
  });

  it("steps over nested lines, a dash at a mapping's column and a line indented by a tab, as yaml does", () => {
    const text = [
      "zqa:",
      "  zqdeep:",
      "    zqdeeper:",
      "      - zqx: 1",
      "        zqy: 2",
      "  zqlist:",
      "  - zqitem: 1",
      "  - zqitem: 2",
      "    zqmore: |",
      "      \ttabbed text",
      "  zqlast: 3",
      "zqb:",
      "  - 4",
      "  - zqc: 5",
      "    zqd: 6",
      "",
    ].join("\n");
    const expected = documentOffsets(text);
    for (const path of [
      ["zqa", "zqdeep", "zqdeeper", 0, "zqy"],
      ["zqa", "zqlist", 1, "zqmore"],
      ["zqa", "zqlast"],
      ["zqb", 1, "zqd"],
    ])
      for (const which of ["key", "value"] as const) {
        const offset = blockYamlOffsets(text)(path, which);
        if (offset !== undefined) expect(offset, `${JSON.stringify(path)} ${which}`).toBe(expected(path, which));
      }
    // Without the tab, every one of them is read line by line.
    const plain = text.replace("\t", " ");
    const plainExpected = documentOffsets(plain);
    for (const path of [
      ["zqa", "zqlast"],
      ["zqb", 1, "zqd"],
    ])
      expect(blockYamlOffsets(plain)(path, "value")).toBe(plainExpected(path, "value"));
  });

  it("reads a hundred places of a large document line by line, as a whole API's warnings ask", () => {
    const lines = Array.from({ length: 20_000 }, (_, i) => `zqkey${i}:\n  zqvalue: ${i}`);
    const text = `${lines.join("\n")}\n`;
    const offsetOf = blockYamlOffsets(text);
    for (let i = 0; i < 20_000; i += 200)
      expect(offsetOf([`zqkey${i}`, "zqvalue"], "value")).toBe(text.indexOf(`zqvalue: ${i}\n`) + 9);
  });
});
