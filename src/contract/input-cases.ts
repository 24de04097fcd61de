// The two shapes of a case about an input's rules (kinds limit, enum, rule):
// an input the tool accepts — the mock sees no violation and the parameter
// under test reaches the wire as given (normalised) — and an input refused
// before any request, naming the parameter, the rule and the value.
import { checkValue, type ParamSpec } from "@blockwright/runtime/internal";
import { expectAcceptedCall } from "./accepted.js";
import { callTool, expectRefused, fail, type Refusal } from "./call.js";
import { expectSent } from "./request/sent-value.js";
import { type CaseSource, type ContractCase, contractCase } from "./types.js";
import type { Input, ToolValues } from "./inputs/values.js";

export type InputCaseKind = "limit" | "enum" | "rule";

/** Accepted, and the parameter under test (if any) reached the wire as given (normalised). */
export function acceptCase(
  values: ToolValues,
  kind: InputCaseKind,
  name: string,
  param: ParamSpec | undefined,
  overrides: () => Input | undefined,
  source?: CaseSource,
): ContractCase {
  const { tool, doc } = values;
  return contractCase(
    tool,
    kind,
    name,
    async (ctx) => {
      const input = overrides();
      if (!input) fail(`no input satisfies the tool's rules with ${name}`);
      const accepted = await expectAcceptedCall(tool, doc, input, ctx);
      if (param && input[param.name] !== undefined) {
        const checked = checkValue(param, input[param.name], tool);
        if ("value" in checked && ["path", "query", "header", "body"].includes(param.wire.in))
          expectSent(accepted.exchange, tool, doc, param, checked.value);
      }
    },
    source,
  );
}

/** Refused before any request, as `want` says. */
export function refuseCase(
  values: ToolValues,
  kind: InputCaseKind,
  name: string,
  input: () => Input | undefined,
  want: Refusal,
  source?: CaseSource,
): ContractCase {
  return contractCase(
    values.tool,
    kind,
    name,
    async (ctx) => {
      const given = input();
      if (!given) fail(`no input to try ${name}`);
      expectRefused(await callTool(values.tool, given, ctx), want);
    },
    source,
  );
}
