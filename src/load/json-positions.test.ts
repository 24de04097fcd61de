// Positions in a document written as JSON are found without yaml's document
// of it (json-positions.ts): the same line and column yaml gives.
import { parseTree, type Node } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { jsonOffsets, lineColumn } from "./json-positions.js";
import { parseYamlSource } from "./yaml-source.js";

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
    expect(source.locate(["paths", "/pets", "get", "responses", "200", "example", 1, "id"], "value")).toEqual({ file: "doc.json", line: 3, col: 71 });
    expect(source.locate(["a/b"], "value")).toEqual({ file: "doc.json", line: 5, col: 10 });
  });

  it("name the nearest existing ancestor of a path that is not there", () => {
    expect(source.locate(["paths", "/pets", "post", "responses"], "key")).toEqual({ file: "doc.json", line: 3, col: 5 });
  });

  it("are left to yaml for text that is not plain JSON", () => {
    expect(jsonOffsets("paths: {}\n")).toBeUndefined();
    // A place past what plain JSON has no room for is yaml's to find.
    expect(jsonOffsets('{"a": 1, // a comment\n"b": 2}')?.(["b"], "value")).toBeUndefined();
    expect(parseYamlSource('{"a": 1, # a comment\n"b": {c: [1, 2]}}', "flow.yaml").locate(["b", "c", 1], "value")).toEqual({ file: "flow.yaml", line: 2, col: 14 });
    expect(parseYamlSource("paths:\n  /pets: {}\n", "doc.yaml").locate(["paths", "/pets"], "key")).toEqual({ file: "doc.yaml", line: 2, col: 3 });
  });

  it("count lines and columns from 1", () => {
    expect(lineColumn("ab\ncd")(0)).toEqual({ line: 1, col: 1 });
    expect(lineColumn("ab\ncd")(4)).toEqual({ line: 2, col: 2 });
  });
});

describe("positions in a JSON document, read from its text without its syntax tree", () => {
  const document = {
    openapi: "3.0.3",
    'we"ird\\key': { aé: [true, false, null, -1.5e3, 'x}]"{['] },
    paths: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`/p${i}`, { get: { operationId: `op${i}`, tags: [], parameters: [{ name: "n", schema: { type: "string" } }] } }])),
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
    if (value !== null && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, [...at, Array.isArray(value) ? Number(k) : k]);
  };
  walk(document, []);

  for (const [layout, text] of [
    ["compact", JSON.stringify(document)],
    ["indented", JSON.stringify(document, null, 2)],
    ["tabs and CRLF", JSON.stringify(document, null, "\t").replace(/\n/g, "\r\n")],
  ] as const) {
    it(`${layout}: finds each key and value, and the nearest ancestor of a place that is not there, where jsonc-parser's tree has them`, () => {
      const tree = parseTree(text) as Node;
      const treeOffset = (path: (string | number)[], which: "key" | "value") => {
        let node = tree;
        let key: Node | undefined;
        for (const segment of path) {
          const next = node.type === "object" ? node.children?.find((p) => p.children?.[0]?.value === String(segment)) : node.type === "array" ? node.children?.[Number(segment)] : undefined;
          if (!next) break;
          key = node.type === "object" ? next.children?.[0] : undefined;
          node = node.type === "object" ? (next.children?.[1] as Node) : next;
        }
        return (which === "key" && key ? key : node).offset;
      };
      expect(places.length).toBeGreaterThan(60);
      // Each place read from the text (a reader of its own), then all of them from one reader, which builds the tree after the first few.
      const shared = jsonOffsets(text);
      for (const path of places)
        for (const which of ["key", "value"] as const) {
          expect(jsonOffsets(text)?.(path, which), `${JSON.stringify(path)} ${which}, read from the text`).toBe(treeOffset(path, which));
          expect(shared?.(path, which), `${JSON.stringify(path)} ${which}`).toBe(treeOffset(path, which));
        }
    });
  }
});
