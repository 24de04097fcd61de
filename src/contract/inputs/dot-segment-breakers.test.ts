// The random invalid inputs draw the dot segments the runtime refuses in a path: one inside a value spanning segments
// (a file path, `zq/../zq`) and a list's one item in style simple (`["."]`), each expected refused with rule
// pathSegment before any request, as the whole value "." or ".." already was.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ParamSpec, type ToolSpec, validateParams } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { invalidInput } from "./invalid-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const listBooks = shelf.operations.find((op) => op.tool.id === "shelf_list_books")!.tool;
const base = { required: false, secret: false, description: "zq", title: "zq" };
const zqPath = { ...base, name: "zqPath", type: "string", wire: { in: "path", name: "zqPath", multiSegment: true } };
const zqIds = { ...base, name: "zqIds", type: "json", jsonType: "array", wire: { in: "path", name: "zqIds" } };
const tool: ToolSpec = { ...listBooks, params: [...listBooks.params, zqPath as ParamSpec, zqIds as ParamSpec] };

describe("the random invalid inputs' dot segments in a path", () => {
  it("inside a value spanning segments and as a list's one item, each refused by the runtime as expected", () => {
    const draws = fc
      .sample(invalidInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1"), { numRuns: 1500, seed: 11 })
      .filter((d) => d.rule.includes("pathSegment") && (d.param === "zqPath" || d.param === "zqIds"));
    const drawn = new Set(draws.map((d) => JSON.stringify(d.input[d.param])));
    expect(drawn).toContain(JSON.stringify(["."]));
    expect([...drawn].some((v) => v.includes("/") && v !== '"/"')).toBe(true);
    expect([...drawn].some((v) => /^"\/|\/\/|\/"$/.test(v))).toBe(true);
    for (const d of draws) {
      const checked = validateParams(tool, d.input);
      expect(checked.ok ? [] : checked.issues.map((i) => [i.param, i.rule])).toContainEqual([d.param, "pathSegment"]);
    }
  });
});
