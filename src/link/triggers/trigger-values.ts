// A trigger's own values held to what they meet later, at generation time
// (BW2026): each input a subscription step passes against the parameter of
// its operation (the runtime's own check: type, enum, pattern, lengths,
// format, which include the document's limits), each `{{…}}` against what
// serve fills at that step; each `match` value against the event field's
// schema. A subscription asking for a value the upstream refuses fails at
// serve's start; one asking for a value the upstream accepts but never
// notifies (a change type the document leaves out), or a match no event can
// meet, is a trigger that never fires: both are found here.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { checkValue, collectReferences, parseTemplate } from "@blockwright/runtime/internal/generate";
import type { Schema } from "../../load/openapi-document.js";
import type { Manifest } from "../../load/precompiled/manifest-types.js";
import { subscriptionTemplate, subscriptionTemplateList } from "../../model/subscription-templates.js";
import type { LinkContext, Path } from "../context.js";

type DeclaredTrigger = NonNullable<Manifest["triggers"]>[string];
const STEPS = ["create", "renew", "delete"] as const;

/** Every input of the trigger's subscription steps, checked against its operation's parameters. */
export function checkSubscriptionInputs(
  ctx: LinkContext,
  id: string,
  t: DeclaredTrigger,
  tools: ReadonlyMap<string, ToolSpec>,
  at: Path,
): void {
  const s = t.subscription;
  if (!s) return;
  for (const name of STEPS) {
    const step = s[name];
    const tool = step && tools.get(step.operation);
    // An operation the manifest lacks is reported by the trigger's link; one that did not link, by the operation's.
    if (!step || !tool) continue;
    for (const [input, value] of Object.entries((step.inputs ?? {}) as Record<string, unknown>)) {
      const place = [...at, name, "inputs", input];
      const param = tool.params.find((p) => p.name === input);
      if (!param) {
        ctx.fail(
          "BW2001",
          place,
          `unknown parameter "${input}" of ${tool.id} (its parameters: ${tool.params.map((p) => p.name).join(", ")})`,
        );
        continue;
      }
      const refuses = (v: unknown) => {
        const checked = checkValue(param, v, tool);
        return "issue" in checked ? checked.issue.message : undefined;
      };
      const problem = inputProblem({ id, step: name, declared: s, operation: tool.id }, value, refuses);
      if (problem) ctx.fail("BW2026", place, problem, "value");
    }
  }
}

interface StepPlace {
  id: string;
  step: (typeof STEPS)[number];
  declared: NonNullable<DeclaredTrigger["subscription"]>;
  operation: string;
}

/**
 * Why a step's input cannot do: a value the parameter refuses, a template serve cannot fill there, or one whose kind of
 * value the parameter refuses.
 */
function inputProblem(
  at: StepPlace,
  value: unknown,
  refuses: (value: unknown) => string | undefined,
): string | undefined {
  let references: ReturnType<typeof collectReferences>;
  try {
    references = collectReferences(value);
  } catch (e) {
    return (e as Error).message;
  }
  if (!references.length) {
    const problem = refuses(value);
    return problem && `${JSON.stringify(value)} is not a value ${at.operation} takes (${problem})`;
  }
  for (const { reference } of references) {
    const template = subscriptionTemplate(reference.text);
    if (!template) return `{{${reference.text}}} is not a value serve fills (it fills ${subscriptionTemplateList()})`;
    if (template.needs && at.declared[template.needs] === undefined)
      return `{{${reference.text}}} (${template.means}) has no value without the subscription's ${template.needs}`;
    if (template.notIn?.includes(at.step))
      return `{{${reference.text}}} (${template.means}) has no value in the ${at.step} step`;
  }
  // A value that is one template is passed as the template's value: one of its kind must pass.
  const parts = typeof value === "string" ? parseTemplate(value) : [];
  const only = parts.length === 1 && typeof parts[0] === "object" ? parts[0] : undefined;
  if (!only) return undefined;
  const template = subscriptionTemplate(only.text);
  const sample = template?.sample?.(at.id);
  const problem = sample === undefined ? undefined : refuses(sample);
  return (
    problem &&
    `{{${only.text}}} gives ${template?.means}, such as ${JSON.stringify(sample)}, which ${at.operation} ` +
      `refuses (${problem})`
  );
}

/** Each value a trigger matches on, against the event field's schema: a value no event can hold never starts a run. */
export function checkMatchValues(
  ctx: LinkContext,
  match: { pointer: string[]; equals: unknown }[],
  fieldOf: (pointer: string[]) => Schema | undefined,
  at: Path,
): void {
  for (const m of match) {
    const field = fieldOf(m.pointer);
    const problem = field && schemaRefuses(field, m.equals);
    if (problem)
      ctx.fail(
        "BW2026",
        [...at, `/${m.pointer.join("/")}`],
        `${JSON.stringify(m.equals)} is not a value the event's /${m.pointer.join("/")} ` +
          `holds in ${ctx.openapiName} (${problem}): the trigger would never start`,
        "value",
      );
  }
}

/** Why a schema (flattened) refuses a plain value: its const, enum, type or pattern. */
function schemaRefuses(schema: Schema, value: unknown): string | undefined {
  if ("const" in schema && schema.const !== value) return `it must be ${JSON.stringify(schema.const)}`;
  if (Array.isArray(schema.enum) && !schema.enum.includes(value))
    return `it is one of ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  const types = (Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type]) as string[];
  if (types.length && !types.some((type) => isOfType(value, type))) return `it is of type ${types.join(" or ")}`;
  if (typeof schema.pattern === "string" && typeof value === "string") {
    let pattern: RegExp | undefined;
    try {
      pattern = new RegExp(schema.pattern, "u");
    } catch {
      pattern = undefined;
    }
    if (pattern && !pattern.test(value)) return `it matches ${schema.pattern}`;
  }
  return undefined;
}

function isOfType(value: unknown, type: string): boolean {
  if (type === "integer") return Number.isInteger(value);
  if (type === "null") return value === null;
  if (type === "array") return Array.isArray(value);
  if (type === "object") return value !== null && typeof value === "object" && !Array.isArray(value);
  return typeof value === type;
}
