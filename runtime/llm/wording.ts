// What models read of the manifest's concepts, in one place: the sentences a
// tool's LLM description adds to its own text (llm-tools.ts) — its
// cross-field rules, its polling advice, its deprecation. Package READMEs say
// the same sentences (src/emit/emit-readme.ts, with names as code spans), so
// that a rule is worded once. How each concept is told to provider authors is
// its record's wording (src/link/<concept>/record.ts), not shipped with the
// runtime.
import type { PollingSpec, RuleSpec, ToolSpec } from "../spec/tool-types.js";

/**
 * The tool fields whose effect this module gives (tool-field-readers.ts: each field has a reader;
 * tool-field-readers.test.ts: each reader reads it).
 */
export const TOOL_FIELDS_READ = ["rules", "polling", "deprecated"] as const satisfies readonly (keyof ToolSpec)[];

/**
 * How the sentences show what comes from a manifest: a name (parameter,
 * output), a value (of an enum, a state) and free text (a deprecation note).
 * Models read them as they are; a README shows names and values as code spans
 * and escapes the text (src/emit/emit-readme.ts).
 */
export interface Words {
  name(name: string): string;
  value(value: unknown): string;
  text(text: string): string;
}

const PLAIN: Words = { name: (n) => n, value: (v) => String(v), text: (t) => t };

/** What a tool's LLM description tells of it besides its own text. */
export type DescribedTool = Pick<ToolSpec, "description" | "rules" | "polling" | "deprecated">;

/**
 * The sentences a tool's LLM description adds to its text: its cross-field rules, its polling advice, its deprecation.
 */
export function toolSentences(tool: DescribedTool): string[] {
  return [
    ...tool.rules.map((r) => ruleSentence(r)),
    ...(tool.polling ? [pollingSentence(tool.polling)] : []),
    ...(tool.deprecated ? [deprecationSentence(tool.deprecated)] : []),
  ];
}

/**
 * A text followed by sentences (a rule's, the polling advice): the text ended as a sentence first where it is not
 * (a document's summary, `Query the store`, often has no full stop), so that they do not run on from it.
 */
export function withSentences(text: string, sentences: readonly string[]): string {
  const ended = sentences.length && text && !/[.!?:;…]["'”’)\]]*$/.test(text) ? `${text}.` : text;
  return [ended, ...sentences].join(" ");
}

/**
 * A text followed by the sentences of cross-field rules (`withSentences`): a tool's, or with `param` those that name
 * that parameter.
 */
export function withRuleSentences(text: string, rules: readonly RuleSpec[], param?: string): string {
  const named = param === undefined ? rules : rules.filter((r) => ruleParams(r).includes(param));
  return withSentences(
    text,
    named.map((r) => ruleSentence(r)),
  );
}

/** The parameters a cross-field rule names: its sentence belongs to each one's description too. */
export function ruleParams(rule: RuleSpec): string[] {
  switch (rule.rule) {
    case "exactlyOne":
      return rule.params;
    case "anyOf":
    case "atMostOne":
      return rule.groups.flat();
    case "allowedValues":
    case "dependentLimits":
    case "requiredWhen":
      return [rule.param, rule.dependsOn];
    case "replaces":
      return [rule.param, ...rule.params];
  }
}

/** A cross-field rule, as a sentence of the tool's description. */
export function ruleSentence(rule: RuleSpec, w: Words = PLAIN): string {
  const or = (list: readonly string[]) => orList(list.map(w.name));
  switch (rule.rule) {
    case "exactlyOne":
      return `Give exactly one of ${or(rule.params)}.`;
    case "anyOf":
      return `Give ${rule.groups.map((g) => g.map(w.name).join(" with ")).join(", or ")} (at least one).`;
    case "atMostOne":
      return (
        `Give at most one of ${rule.groups.map((g) => g.map(w.name).join(" with ")).join(", or ")} ` +
        `(each whole), or none.`
      );
    case "allowedValues": {
      const cases = Object.entries(rule.values).map(
        ([when, values]) =>
          `with ${w.name(rule.dependsOn)} ${w.value(when)}: ` +
          `${values.length ? values.map(w.value).join(", ") : "none (leave it out)"}`,
      );
      return `Allowed ${w.name(rule.param)} values depend on ${w.name(rule.dependsOn)}: ${cases.join("; ")}.`;
    }
    case "dependentLimits": {
      const cases = Object.entries(rule.limits).map(
        ([when, limits]) =>
          `with ${w.name(rule.dependsOn)} ${w.value(when)}: ${Object.entries(limits)
            .map(([name, v]) => `${name} ${v}`)
            .join(", ")}`,
      );
      return `Limits of ${w.name(rule.param)} depend on ${w.name(rule.dependsOn)}: ${cases.join("; ")}.`;
    }
    case "requiredWhen":
      return rule.values === undefined
        ? `Give ${w.name(rule.param)} whenever ${w.name(rule.dependsOn)} is given (required with it).`
        : `Give ${w.name(rule.param)} when ${w.name(rule.dependsOn)} is ` +
            `${orList(rule.values.map(w.value))} (required then).`;
    case "replaces":
      return (
        `Give ${w.name(rule.param)} instead of ${orList(rule.params.map(w.name))}, or those without it` +
        (rule.required?.length ? ` (${rule.required.map(w.name).join(", ")} required then).` : ".")
      );
  }
}

/** A job-status operation's polling advice, as a sentence of the tool's description. */
export function pollingSentence(p: PollingSpec, w: Words = PLAIN): string {
  const or = (list: readonly string[]) => orList(list.map(w.value));
  return (
    `While ${w.name(p.output)} is ${or(p.pending)}, call again (about every ${seconds(p.intervalMs)}, ` +
    `at least ${seconds(p.minIntervalMs)} apart) until it is ${or(p.terminal)}.`
  );
}

/** A tool's deprecation note, as the sentence ending its description. */
export function deprecationSentence(note: string, w: Words = PLAIN): string {
  return `Deprecated: ${w.text(note)}`;
}

function orList(list: readonly string[]): string {
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}`;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
