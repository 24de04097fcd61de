// `route`: for each route of the tool, a value matching its pattern goes to
// the route's operation, sent where the route places it.
import fc from "fast-check";
import { drawablePattern } from "../../model/drawable-pattern.js";
import { patternArbitrary } from "../../model/pattern-arbitrary.js";
import type { ParamSpec } from "@blockwright/runtime/internal";
import { patternTest } from "@blockwright/runtime/internal/generate";
import { expectAcceptedCall } from "../accepted.js";
import { check, fail } from "../call.js";
import { operationOf } from "../request/request.js";
import { expectSent } from "../request/sent-value.js";
import { operationSource } from "../sources.js";
import { type CaseKindModule, contractCase } from "../types.js";
import { type ToolValues, valuesOf } from "../inputs/values.js";

export const routeKind: CaseKindModule = {
  doc: {
    when: "a route",
    cases: "a value matching each route's pattern goes to the route's operation",
  },
  applies: (tool) => tool.routes.length > 0,
  derive(tool, { document: doc }) {
    const values = valuesOf(tool, doc);
    return tool.routes.map((route, i) => {
      const param = values.param(route.when.param);
      return contractCase(
        tool,
        "route",
        `${route.when.param} matching ${route.when.pattern} goes to ${route.operationId}`,
        async (ctx) => {
          const value = routeValue(values, param, route.when.pattern);
          if (value === undefined) fail(`no value of ${param.name} matches ${route.when.pattern} and passes its rules`);
          const input = values.with({ [param.name]: value });
          if (!input) fail(`no input with ${param.name} = ${JSON.stringify(value)} satisfies the tool's rules`);
          const { exchange } = await expectAcceptedCall(tool, doc, input, ctx);
          const { op } = operationOf(exchange, tool, doc);
          check(
            op.operationId === route.operationId,
            () => `${JSON.stringify(value)} went to ${op.operationId}, not ${route.operationId}`,
          );
          expectSent(exchange, tool, doc, param, value);
        },
        operationSource(tool, "routes", i),
      );
    });
  },
};

/**
 * A route pattern's draws, kept for the process: they depend on nothing else (a fixed seed), and each case of the route
 * asks again.
 */
const draws = new Map<string, string[]>();
function routeDraws(pattern: string): string[] {
  let drawn = draws.get(pattern);
  if (!drawn)
    draws.set(
      pattern,
      (drawn = fc.sample(patternArbitrary(new RegExp(drawablePattern(pattern), "u")), { seed: 11, numRuns: 300 })),
    );
  return drawn;
}

/** A value of `param` that matches a route's pattern and passes the parameter's rules. */
export function routeValue(values: ToolValues, param: ParamSpec, pattern: string): string | undefined {
  const re = patternTest(pattern);
  const example = String(values.example(param.name)?.value ?? "");
  const sampled = routeDraws(pattern);
  const candidates = [example, ...sampled.map((s) => s + example), ...sampled];
  return candidates.find((c) => re.test(c) && values.accepts(param, c));
}
