// Cases from each parameter's rules and the tool's cross-field rules: every
// limit at its boundary (accepted, and the mock sees no violation) and one
// step past it (refused before any request, naming parameter, rule and
// value); every required parameter left out (and, for text, blank); every enum value; every
// cross-field rule both ways; every route taken.
import fc from "fast-check";
import { checkValue, itemAt, type ParamSpec, type ToolSpec } from "@blockwright/runtime";
import type { OpenApiDocument } from "../codegen/openapi-document.js";
import { expectAcceptedCall } from "./accepted.js";
import { callTool, check, expectRefused, fail, type Refusal } from "./call.js";
import { expectSent, operationOf } from "./request.js";
import { contractCase, type CaseContext, type ContractCase } from "./types.js";
import { valuesOf, type ToolValues, type Input } from "./values.js";

interface Boundary {
  name: string;
  param: ParamSpec;
  ok?: unknown;
  bad?: unknown;
  rule: string | string[];
}

export function inputCases(tool: ToolSpec, doc: OpenApiDocument): ContractCase[] {
  const values = valuesOf(tool, doc);
  const cases: ContractCase[] = [];
  /** Accepted, and the parameter under test (if any) reached the wire as given (normalised). */
  const accept = (name: string, kind: "limit" | "enum" | "rule", param: ParamSpec | undefined, overrides: () => Input | undefined) =>
    contractCase(tool, kind, name, async (ctx) => {
      const input = overrides();
      if (!input) fail(`no input satisfies the tool's rules with ${name}`);
      const accepted = await expectAcceptedCall(tool, doc, input, ctx);
      if (param && input[param.name] !== undefined) {
        const checked = checkValue(param, input[param.name], tool);
        if ("value" in checked && ["path", "query", "header", "body"].includes(param.wire.in)) expectSent(accepted.exchange, tool, doc, param, checked.value);
      }
    });
  /** Refused before any request, as `want` says. */
  const refuse = (name: string, kind: "limit" | "enum" | "rule", input: () => Input | undefined, want: Refusal) =>
    contractCase(tool, kind, name, async (ctx) => {
      const given = input();
      if (!given) fail(`no input to try ${name}`);
      expectRefused(await callTool(tool, given, ctx), want);
    });

  for (const p of tool.params) {
    if (p.wire.in === "server") continue;
    for (const b of boundaries(p, values)) {
      if (b.ok !== undefined) cases.push(accept(`${b.name} at the boundary`, "limit", p, () => values.with({ [p.name]: b.ok })));
      // A parameter's own rules are checked before the cross-field ones: nothing else needs adjusting.
      if (b.bad !== undefined) cases.push(refuse(`${b.name} one step past it`, "limit", () => ({ ...values.minimal(), [p.name]: b.bad }), { param: p.name, rule: b.rule, value: b.bad, secret: p.secret }));
    }
    if (p.required && p.default === undefined) {
      cases.push(refuse(`${p.name} left out`, "limit", () => ({ ...values.minimal(), [p.name]: undefined }), { param: p.name, rule: "required" }));
      // Text that is only spaces counts as not given (it would send an empty value, or `Bearer `).
      if (p.type === "string") cases.push(refuse(`${p.name} blank`, "limit", () => ({ ...values.minimal(), [p.name]: "  " }), { param: p.name, rule: "required" }));
    }

    if (p.enum) {
      for (const v of p.enum) cases.push(accept(`${p.name} = ${JSON.stringify(v)}`, "enum", p, () => values.with({ [p.name]: v })));
      if (p.caseInsensitive) {
        for (const v of p.enum) {
          const upper = String(v).toUpperCase();
          if (upper !== v) cases.push(accept(`${p.name} = ${JSON.stringify(upper)} (any case, sent as ${JSON.stringify(v)})`, "enum", p, () => values.with({ [p.name]: upper })));
        }
      }
      const outside = p.type === "number" ? Math.max(...(p.enum as number[])) + 1 : "not-one-of-the-values";
      cases.push(refuse(`${p.name} outside its values`, "enum", () => ({ ...values.minimal(), [p.name]: outside }), { param: p.name, rule: "enum", value: outside }));
    }
  }

  const headLimit = tool.server.requestHeadBytes;
  if (headLimit !== undefined) {
    for (const p of tool.params) {
      const heavy = heavyValue(values, p, headLimit);
      if (heavy === undefined) continue;
      cases.push(refuse(`${p.name} taking more than the ${headLimit}-byte request head once encoded`, "limit", () => ({ ...values.minimal(), [p.name]: heavy }), { param: p.name, rule: "requestSize" }));
    }
  }

  for (const rule of tool.rules) {
    switch (rule.rule) {
      case "exactlyOne": {
        for (const n of rule.params) cases.push(accept(`exactlyOne: ${n} alone`, "rule", values.param(n), () => exactly(values, rule.params, [n])));
        cases.push(refuse(`exactlyOne: none of ${rule.params.join(", ")}`, "rule", () => exactly(values, rule.params, []), { param: itemAt(rule.params, 0), rule: "exactlyOne" }));
        cases.push(refuse(`exactlyOne: all of ${rule.params.join(", ")}`, "rule", () => exactly(values, rule.params, rule.params), { param: itemAt(rule.params, 1), rule: "exactlyOne" }));
        break;
      }
      case "anyOf": {
        const all = [...new Set(rule.groups.flat())];
        // The refusal names the first parameter of the first group.
        const named = itemAt(itemAt(rule.groups, 0), 0);
        for (const group of rule.groups) cases.push(accept(`anyOf: ${group.join(" with ")}`, "rule", undefined, () => exactly(values, all, group)));
        cases.push(refuse(`anyOf: none of ${all.join(", ")}`, "rule", () => exactly(values, all, []), { param: named, rule: "anyOf" }));
        for (const [first, ...rest] of rule.groups) {
          if (first !== undefined && rest.length) cases.push(refuse(`anyOf: ${first} without ${rest.join(", ")}`, "rule", () => exactly(values, all, [first]), { param: named, rule: "anyOf" }));
        }
        break;
      }
      case "allowedValues": {
        const param = values.param(rule.param);
        for (const [selector, allowed] of Object.entries(rule.values)) {
          const pin = (v: unknown) => () => values.with({ [rule.dependsOn]: selectorValue(values, rule.dependsOn, selector), [rule.param]: v });
          for (const v of allowed) cases.push(accept(`allowedValues: ${rule.param} = ${JSON.stringify(v)} when ${rule.dependsOn} is ${selector}`, "rule", param, pin(v)));
          const refused = (param.enum ?? []).find((v) => !allowed.includes(v)) ?? (param.enum ? undefined : "not-allowed-here");
          if (refused !== undefined) {
            cases.push(
              refuse(
                `allowedValues: ${rule.param} = ${JSON.stringify(refused)} when ${rule.dependsOn} is ${selector}`,
                "rule",
                () => ({ ...values.minimal(), [rule.dependsOn]: selectorValue(values, rule.dependsOn, selector), [rule.param]: refused }),
                {
                  param: rule.param,
                  rule: "allowedValues",
                },
              ),
            );
          }
        }
        break;
      }
    }
  }

  for (const route of tool.routes) {
    const param = values.param(route.when.param);
    cases.push(
      contractCase(tool, "route", `${route.when.param} matching ${route.when.pattern} goes to ${route.operationId}`, async (ctx: CaseContext) => {
        const value = routeValue(values, param, route.when.pattern);
        if (value === undefined) fail(`no value of ${param.name} matches ${route.when.pattern} and passes its rules`);
        const input = values.with({ [param.name]: value });
        if (!input) fail(`no input with ${param.name} = ${JSON.stringify(value)} satisfies the tool's rules`);
        const { exchange } = await expectAcceptedCall(tool, doc, input, ctx);
        const { op } = operationOf(exchange, tool, doc);
        check(op.operationId === route.operationId, () => `${JSON.stringify(value)} went to ${op.operationId}, not ${route.operationId}`);
        expectSent(exchange, tool, doc, param, value);
      }),
    );
  }
  return cases;
}

/** Each limit of a parameter: a value at it and one a step past it. */
function boundaries(p: ParamSpec, values: ToolValues): Boundary[] {
  const out: Boundary[] = [];
  if (p.type === "number") {
    const step = p.integer ? 1 : 0.5;
    if (p.minimum !== undefined) out.push({ name: `${p.name} minimum ${p.minimum}`, param: p, ok: p.integer ? Math.ceil(p.minimum) : p.minimum, bad: (p.integer ? Math.ceil(p.minimum) : p.minimum) - step, rule: "minimum" });
    if (p.maximum !== undefined) out.push({ name: `${p.name} maximum ${p.maximum}`, param: p, ok: p.integer ? Math.floor(p.maximum) : p.maximum, bad: (p.integer ? Math.floor(p.maximum) : p.maximum) + step, rule: "maximum" });
    if (p.integer) {
      const base = Number(values.example(p.name)?.value ?? p.minimum ?? 1);
      const fraction = p.maximum !== undefined && base + 0.5 > p.maximum ? base - 0.5 : base + 0.5;
      out.push({ name: `${p.name} integer`, param: p, bad: fraction, rule: "integer" });
    }
  }
  // Enum values are tested one by one; a base address decides where the request goes (runtime tests cover its length).
  if (p.type === "string" && !p.enum && p.format !== "base-url") {
    if (p.maxLength !== undefined) {
      out.push({ name: `${p.name} maxLength ${p.maxLength}`, param: p, ok: values.ofLength(p.name, p.maxLength) ?? missing(p, p.maxLength), bad: values.ofLength(p.name, p.maxLength + 1, true), rule: "maxLength" });
    }
    const min = p.minLength ?? 0;
    if (min > 1) out.push({ name: `${p.name} minLength ${min}`, param: p, ok: values.ofLength(p.name, min) ?? missing(p, min), bad: values.ofLength(p.name, min - 1, true), rule: "minLength" });
    const split = p.wire.in === "body" ? p.wire.split : undefined;
    if (split?.maxItems !== undefined) {
      const n = split.maxItems;
      const item = (String(values.example(p.name)?.value ?? "item").split(split.separator)[0] ?? "").trim() || "item";
      const list = (count: number) => Array.from({ length: count }, (_, i) => `${item}${i}`).join(`${split.separator} `);
      out.push({ name: `${p.name} maxItems ${n}`, param: p, ok: list(n), bad: list(n + 1), rule: "maxItems" });
    }
  }
  return out;
}

function missing(p: ParamSpec, length: number): never {
  return fail(`no value of ${length} characters passes the rules of ${p.name}${p.pattern ? ` (pattern ${p.pattern})` : ""}`);
}

/**
 * A value within the parameter's own limits that percent-encodes to more
 * than the request head allows (one character can take up to 9 bytes), for
 * a parameter sent in the address or a header.
 */
function heavyValue(values: ToolValues, p: ParamSpec, limit: number): string | undefined {
  if (p.type !== "string" || p.enum || p.maxLength === undefined || !["query", "path", "header"].includes(p.wire.in)) return undefined;
  for (const c of ["中", "'", "%", " "]) {
    const value = c.repeat(p.maxLength);
    const bytes = p.wire.in === "header" ? value.length : encodeURIComponent(value).replace(/'/g, "%27").length;
    if (bytes > limit && values.accepts(p, value)) return value;
  }
  return undefined;
}

/** The minimal input with exactly the `given` members of a rule's parameters (the others left out). */
function exactly(values: ToolValues, group: string[], given: string[]): Input | undefined {
  const input: Input = { ...values.minimal() };
  for (const n of group) delete input[n];
  for (const n of given) {
    const c = values.example(n);
    if (!c) return undefined;
    input[n] = c.value;
  }
  return input;
}

function selectorValue(values: ToolValues, name: string, text: string): unknown {
  const p = values.param(name);
  return p.type === "number" ? Number(text) : p.type === "boolean" ? text === "true" : text;
}

/** A value of `param` that matches a route's pattern and passes the parameter's rules. */
function routeValue(values: ToolValues, param: ParamSpec, pattern: string): string | undefined {
  const re = new RegExp(pattern, "u");
  const example = String(values.example(param.name)?.value ?? "");
  const sampled = fc.sample(fc.stringMatching(re), { seed: 11, numRuns: 300 });
  const candidates = [example, ...sampled.map((s) => s + example), ...sampled];
  return candidates.find((c) => re.test(c) && values.accepts(param, c));
}
