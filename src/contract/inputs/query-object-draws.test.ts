// An object query parameter in style form, not exploded (`details=k,v,k,v`; additionalProperties of text): the random
// valid inputs drew keys and values holding a comma. The runtime sends such a comma percent-encoded (RFC 6570:
// `details=k%2C1,v`), which the request judge reads back as given (it splits before it decodes), but the mock (Prism)
// decodes first and read other pairs ("details.) must be string"), failing a valid call. The draws leave the comma out
// of an object's keys and values, as of a list's items; the pairs read back as the object given.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParamSpec, ToolSpec } from "@blockwright/runtime/internal";
import { loadProvider } from "../../emit/link-provider.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { validInput } from "./random-inputs.js";
import { ToolValues } from "./values.js";

const fixtures = fileURLToPath(new URL("../../../test-support/fixtures/", import.meta.url));
const shelf = await loadProvider(fixtures, join(fixtures, "specs/shelf"));
const doc = new OpenApiDocument(loadYamlSource(join(fixtures, "specs/shelf/openapi.yaml")));
const listBooks = shelf.operations.find((op) => op.tool.id === "shelf_list_books")!.tool;
const details: ParamSpec = {
  name: "zqDetails",
  title: "zqDetails",
  description: "Details to match, as key,value pairs.",
  type: "json",
  jsonType: "object",
  values: { type: "string" },
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "query", name: "zq_details", encoding: { style: "form", explode: false } },
};
const tool: ToolSpec = { ...listBooks, params: [...listBooks.params, details] };

describe("random valid inputs of an object query parameter in style form, not exploded", () => {
  it("draw keys and values without the comma that joins them, reading back as the object given", () => {
    const values = new ToolValues(tool, doc);
    const drawn = fc
      .sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 400, seed: 13 })
      .map((input) => input.zqDetails as Record<string, unknown> | undefined)
      .filter((v) => v !== undefined && Object.keys(v).length > 0) as Record<string, string>[];
    expect(drawn.length).toBeGreaterThan(50);
    for (const value of drawn) {
      const text = Object.entries(value).flat().join(",");
      const parts = text.split(",");
      const pairs = Array.from({ length: parts.length / 2 }, (_, i) => [parts[2 * i], parts[2 * i + 1]]);
      expect(Object.fromEntries(pairs)).toEqual(value);
    }
  });
});
