// Output schemas against real answers: every tool is run on its Prism mock
// for each documented example of each status it turns into a result (success
// or outcome), and the output must validate against the outputSchema its MCP
// definition declares (an MCP client refuses structuredContent that does not).
import AjvModule from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { checkValue, connectionParams, modelParams, outputSchema, type ParamSpec, type ToolSpec } from "@blockwright/runtime/internal";
import { placeholderValue, synthesized } from "../src/contract/rule-values.js";
import { call, expectSuccess, mockUrl } from "../test-support/harness.js";
import { tools } from "../test-support/repo.js";

const Ajv2020 = AjvModule.default ?? AjvModule;
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });

/** A value the parameter accepts: its placeholder, else the first value the derived suite makes from its rules (a format's, a pattern's) that the runtime takes. */
function sample(p: ParamSpec): unknown {
  const placeholder = placeholderValue(p);
  const candidates = [...(placeholder !== undefined ? [placeholder] : []), ...synthesized(p)];
  return candidates.find((v) => !("issue" in checkValue(p, v))) ?? candidates[0];
}

/** Parameters that pass the tool's rules: required ones, and the first choice of each rule. */
function validParams(t: ToolSpec): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const p of connectionParams(t)) params[p.name] = p.format === "base-url" ? "https://connection.example.com" : !p.secret && p.placeholder !== undefined ? p.placeholder : "mock-credential-0123456789";
  const byName = new Map(modelParams(t).map((p) => [p.name, p]));
  const give = (name: string) => (params[name] = sample(byName.get(name)!));
  for (const p of byName.values()) if (p.required && p.default === undefined) give(p.name);
  for (const rule of t.rules) {
    if (rule.rule === "exactlyOne") give(rule.params[0]!);
    if (rule.rule === "anyOf") rule.groups[0]!.forEach(give);
  }
  return params;
}

const statuses = (t: ToolSpec) => [...t.successStatuses, ...t.outcomes.map((o) => o.status)];

describe.each(Object.values(tools))("$id", (t) => {
  const validate = ajv.compile(outputSchema(t));
  const cases = t.responses.filter((r) => statuses(t).includes(r.status)).flatMap((r) => (r.examples.length ? r.examples : [""]).map((example) => ({ status: r.status, example })));

  it("has a documented answer to check", () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const { status, example } of cases) {
    it(`answers ${status}${example ? ` (${example})` : ""} with output that fits its output schema`, async () => {
      const prefer = [`code=${status}`, example ? `example=${example}` : ""].filter(Boolean).join(", ");
      const { result } = await call(t.id, validParams(t), { prefer, baseUrl: mockUrl(t.provider) });
      const output = expectSuccess(result);
      expect(validate(output), JSON.stringify(validate.errors)).toBe(true);
    });
  }
});
