// A secret inside a JSON value (a credential list's `value`, a profile's password) was offered to a model as any other
// field, and a model's literal went to the upstream through the MCP server and the adapters (the command line refuses
// one, asking for a reference). Such a field is the person's: left out of every schema a model sees, and a model's
// value there refused before any request, without echoing it.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import type { ParamSpec, ToolSpec } from "../spec/tool-types.js";
import { llmCallParams, toLlmTools } from "./llm-tools.js";

const zqcreds = {
  name: "zqcreds",
  type: "json",
  title: "Creds",
  description: "The creds.",
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: { in: "body", pointer: "/zqcreds" },
  jsonType: "array",
  items: {
    type: "object",
    fields: { zqkind: { type: "string" }, zqvalue: { type: "string", secret: true } },
    required: ["zqkind"],
  },
} satisfies ParamSpec;
const made: ToolSpec = {
  ...irFixture("shelf").operations[0]!.tool,
  id: "zqsecret_make",
  params: [zqcreds],
  rules: [],
  routes: [],
};

describe("a secret field inside a model's JSON value", () => {
  it("is offered in no format's schema", () => {
    for (const format of ["mcp", "anthropic", "openai"] as const) {
      const text = JSON.stringify(toLlmTools([made], format));
      expect(text, format).toContain("zqkind");
      expect(text, format).not.toContain("zqvalue");
    }
  });

  it("is refused when a model gives it, naming its place, without the value", () => {
    const literal = "zq-hunter2-literal";
    for (const zqcreds of [[{ zqkind: "password", zqvalue: literal }], JSON.stringify([{ zqvalue: literal }])]) {
      const built = llmCallParams(made, { zqcreds }, {});
      expect(built).toMatchObject({ error: { type: "validation", param: "zqcreds", rule: "secret" } });
      const error = (built as { error: { message: string } }).error;
      expect(error.message).toMatch(/^zqcreds\[0\]\.zqvalue: is a secret/);
      expect(JSON.stringify(built)).not.toContain(literal);
    }
    expect(llmCallParams(made, { zqcreds: [{ zqkind: "otp", zqvalue: null }] }, {})).toHaveProperty("params");
  });
});
