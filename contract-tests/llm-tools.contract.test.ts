// Output schemas against real answers: every tool is run on its Prism mock
// for each documented example of each status it turns into a result (success
// or outcome), and the output as a model is shown it (llmOutput: the structuredContent the MCP server and the
// adapters give, a downloaded file's bytes as a line saying their size) must validate against the outputSchema its MCP
// definition declares (an MCP client refuses structuredContent that does not).
import AjvModule from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { connectionParams, llmOutput, modelParams, outputSchema, type ToolSpec } from "@blockwright/runtime/internal";
import { valuesOf } from "../src/contract/inputs/values.js";
import { call, connectionValue, expectSuccess, mockUrl, spec } from "../test-support/harness.js";
import { tools } from "../test-support/repo.js";

const Ajv2020 = AjvModule.default ?? AjvModule;
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });

/**
 * Parameters that pass the tool's rules: a connection's made up, the model's as the derived suite's
 * smallest input gives them (the spec's examples, else values made from the rules, the rules kept:
 * src/contract/inputs/values.ts), which a body of several shapes (oneOf) needs as well as a plain field.
 */
function validParams(t: ToolSpec): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const p of connectionParams(t))
    params[p.name] = connectionValue(p, "mock-credential-0123456789", "https://connection.example.com");
  const model = new Set(modelParams(t).map((p) => p.name));
  for (const [name, value] of Object.entries(valuesOf(t, spec(t.provider)).minimal()))
    if (model.has(name)) params[name] = value;
  return params;
}

const statuses = (t: ToolSpec) => [...t.successStatuses, ...t.outcomes.map((o) => o.status)];

describe.each(Object.values(tools))("$id", (t) => {
  const validate = ajv.compile(outputSchema(t));
  const cases = t.responses
    .filter((r) => statuses(t).includes(r.status))
    .flatMap((r) => (r.examples.length ? r.examples : [""]).map((example) => ({ status: r.status, example })));

  it("has a documented answer to check", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const { status, example } of cases) {
    it(`answers ${status}${example ? ` (${example})` : ""} with output that fits its output schema`, async () => {
      const prefer = [`code=${status}`, example ? `example=${example}` : ""].filter(Boolean).join(", ");
      const { result } = await call(t.id, validParams(t), { prefer, baseUrl: mockUrl(t.provider) });
      const output = llmOutput(expectSuccess(result));
      expect(validate(output), JSON.stringify(validate.errors)).toBe(true);
    });
  }
});
