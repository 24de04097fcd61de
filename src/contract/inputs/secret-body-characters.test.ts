// A secret of a body (a sign-in's password) goes as UTF-8 in JSON or a form, any text: the random invalid inputs
// draw no "character headers cannot carry" for it (the runtime takes "é中"; the case expected a refusal and failed),
// and still draw it for a secret sent in a header. Each draw the runtime refuses as the case expects.
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
const base = { required: false, secret: true, description: "zq", title: "zq", type: "string" };
const zqPass = { ...base, name: "zqPass", wire: { in: "body", name: "zqPass" } };
const zqKey = { ...base, name: "zqKey", wire: { in: "header", name: "X-Zq-Key" } };
const tool: ToolSpec = { ...listBooks, params: [...listBooks.params, zqPass as ParamSpec, zqKey as ParamSpec] };

describe("the random invalid inputs' characters of a secret", () => {
  it("draws a header's characters for a secret header, none for a secret of a body", () => {
    const draws = fc
      .sample(invalidInput(tool, new ToolValues(tool, doc), "http://127.0.0.1:1"), { numRuns: 3000, seed: 7 })
      .filter((d) => d.rule.includes("characters") && (d.param === "zqPass" || d.param === "zqKey"));
    const broken = (param: string) => new Set(draws.filter((d) => d.param === param).map((d) => d.broken));
    expect(broken("zqKey")).toContain("zqKey: a character headers cannot carry");
    expect(broken("zqPass")).toEqual(new Set(["zqPass: half of a surrogate pair"]));
    for (const d of draws) {
      const checked = validateParams(tool, d.input);
      expect(checked.ok ? [] : checked.issues.map((i) => [i.param, i.rule])).toContainEqual([d.param, "characters"]);
    }
  });
});
