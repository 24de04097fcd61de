// Positions in a document written as JSON are found without yaml's document
// of it (json-positions.ts): the same line and column yaml gives.
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
    expect(jsonOffsets('{"a": 1, // a comment\n}')).toBeUndefined();
    expect(parseYamlSource("paths:\n  /pets: {}\n", "doc.yaml").locate(["paths", "/pets"], "key")).toEqual({ file: "doc.yaml", line: 2, col: 3 });
  });

  it("count lines and columns from 1", () => {
    expect(lineColumn("ab\ncd")(0)).toEqual({ line: 1, col: 1 });
    expect(lineColumn("ab\ncd")(4)).toEqual({ line: 2, col: 2 });
  });
});
