// An address parameter (format base-url) whose manifest adds a pattern (an instance's address without a path): a value
// that is no address at all breaks both, and the runtime names the pattern first (string-check.ts: the pattern before
// the address's own check), so a random invalid input that expected only "format" failed a green provider's suite.
// Such a break names both rules, as a value not of another format beside a pattern does.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkValue, type ParamSpec, type ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { invalidInput } from "./invalid-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const listBooks = shelf.operations.find((op) => op.tool.id === "shelf_list_books")!.tool;
const shelfId = listBooks.params.find((p) => p.name === "shelfId")!;
const { pattern: _pattern, ...text } = shelfId as ParamSpec & { pattern?: string };
const zqAddress = {
  ...text,
  name: "zqAddress",
  title: "zqAddress",
  required: false,
  format: "base-url",
  pattern: "^[A-Za-z][A-Za-z0-9+.-]*://[^/]+/*$",
  example: "https://zq.example",
  maxLength: 255,
  wire: { in: "query", name: "zqAddress" },
} as ParamSpec;
const tool: ToolSpec = { ...listBooks, params: [...listBooks.params, zqAddress] };

describe("an address parameter with a pattern too", () => {
  it("is broken as no base address expecting either rule, and the runtime refuses each draw by one of them", () => {
    const values = new ToolValues(tool, doc);
    const broken = fc
      .sample(invalidInput(tool, values, "http://127.0.0.1:1"), { numRuns: 600, seed: 7 })
      .filter((d) => d.param === "zqAddress");
    expect(broken.length).toBeGreaterThan(0);
    const refusedBy = new Set<string>();
    for (const d of broken) {
      const rules = [d.rule].flat();
      expect(rules).toEqual(["format", "pattern"]);
      const checked = checkValue(zqAddress, d.input.zqAddress, tool);
      expect(checked).toHaveProperty("issue");
      const rule = (checked as { issue: { rule: string } }).issue.rule;
      expect(rules).toContain(rule);
      refusedBy.add(rule);
    }
    // "not an address" breaks the pattern first; "ftp://zq.example" only the address's own check.
    expect([...refusedBy].sort()).toEqual(["format", "pattern"]);
  });
});
