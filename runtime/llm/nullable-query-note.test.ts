// What a model is told of a nullable parameter's null: in a query no pair is written for it (as leaving it out), in a
// body it is sent as JSON null. The note says which, so a model does not send null expecting it to clear a value.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { inputSchema } from "./llm-tools.js";

const tag = (wire: ParamSpec["wire"]): ParamSpec => ({
  name: "zqtags",
  type: "string",
  title: "Tag",
  description: "A tag to match.",
  required: false,
  nullable: true,
  secret: false,
  visibility: "user-or-llm",
  wire,
});
const withParam = (p: ParamSpec): ToolSpec => ({
  ...irFixture("shelf").operations[0]!.tool,
  params: [p],
  rules: [],
  routes: [],
});

describe("a nullable parameter's null, as a model's schema words it", () => {
  it("in a query: sends nothing", () => {
    const schema = inputSchema(withParam(tag({ in: "query", name: "zqtags" } as ParamSpec["wire"])));
    expect(schema.properties.zqtags?.description).toContain("null sends nothing, as leaving it out does.");
    expect(schema.properties.zqtags?.description).not.toContain("sent as null");
  });

  it("in a JSON body: sent as null", () => {
    const schema = inputSchema(withParam(tag({ in: "body", pointer: "/zqtags" } as ParamSpec["wire"])));
    expect(schema.properties.zqtags?.description).toContain("null is sent as null");
  });
  // A description that ends without a stop ran into the note: `… or "none" null to leave it out.`
  it("follows a description that ends without a stop as a sentence of its own", () => {
    const open = {
      ...tag({ in: "query", name: "zqtags" } as ParamSpec["wire"]),
      description: 'Whose: "me", or "none"',
    };
    expect(inputSchema(withParam(open)).properties.zqtags?.description).toMatch(/^Whose: "me", or "none"\. null sends/);
  });
});
