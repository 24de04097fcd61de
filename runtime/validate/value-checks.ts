// What a value's check is given and gives back: the parts of the runtime's support it may use, its result, and the
// problem it tells (the value shown as an error may show it: secrets never). Below the checks of each kind of value
// (validate-params.ts, string-check.ts), which all use them.
import { redactThenCut } from "../common/outgoing-text.js";
import { redact } from "../common/redact.js";
import type { Issue } from "../common/issue.js";
import type { reservedTriplesProblem } from "./reserved-triples.js";
import type { linkProblem } from "../http/path-link.js";
import type { ValueFormat } from "../spec/formats.js";
import type { ParamCall, ToolCall } from "../spec/tool-types.js";

/** The parts of the runtime's support (call/support.ts) that checking values may need. */
export interface ValueSupport {
  /** A tool's cross-field rules (`rules`): `ruleChecks`. */
  rules?: (
    tool: ToolCall,
    values: Record<string, unknown>,
    rules?: ToolCall["rules"],
    secrets?: readonly string[],
    unsent?: ReadonlySet<string>,
  ) => Issue[];
  /** Parameters of type boolean (true or false, or their text): `booleanValues`. */
  boolean?: (spec: ParamCall, raw: unknown, secrets?: readonly string[]) => Checked;
  /**
   * Parameters of type json (parsed, their items' and values' limits; one with forms handed to `unions`): `jsonParams`.
   */
  json?: (
    spec: ParamCall,
    raw: unknown,
    secrets?: readonly string[],
    support?: ValueSupport,
    tool?: Pick<ToolCall, "routes" | "auth">,
  ) => Checked;
  /** A parameter whose value takes one of several forms (`anyOf`): `paramUnions`. */
  unions?: {
    check(
      spec: ParamCall,
      raw: unknown,
      support: ValueSupport,
      tool?: Pick<ToolCall, "routes" | "auth">,
      secrets?: readonly string[],
    ): Checked;
  };
  /**
   * String formats (date, date-time, email, uri, uuid): what a value must be when it is not of `format`
   * (`valueFormats`).
   */
  formats?: (format: ValueFormat, value: string) => string | undefined;
  /**
   * A basic credential's user id, checked with the parameters: `credentialKinds` (http/credentials.ts
   * basicUserProblem).
   */
  credentials?: { userProblem(auth: ToolCall["auth"], name: string, value: string): string | undefined };
  /** File parameters (bytes, a path, an address): `fileSupport`. */
  files?: { fileValues(spec: ParamCall, raw: unknown, secrets?: readonly string[]): { issue: Issue } | object };
  /**
   * A link's value in a path (`multiSegment` reserved, as-given), and a text sent by reserved expansion, checked with
   * the others: `formEncoding`.
   */
  form?: {
    /** `spec`, `tool`: the value's parameter and the tool whose path places it (http/path-link.ts `linkProblem`). */
    linkProblem: typeof linkProblem;
    reservedTriplesProblem: typeof reservedTriplesProblem;
  };
  /**
   * Patterns JavaScript's engine may take exponential time on (backtracking.ts), run on a linear-time engine:
   * `linearPatterns`.
   */
  patterns?: LinearPatterns;
  /** A number's enum and step (hasNumberRules): `numberRules`. */
  numbers?: { check(spec: ParamCall, n: number): Checked };
  /** Enums, patterns, formats and lists in one string (hasStringRules): `stringRules`. */
  strings?: {
    /** The value in its canonical spelling, or the rule it breaks. */
    check(spec: ParamCall, s: string, support: ValueSupport, secrets?: readonly string[]): Checked;
    /** Whether a given value, not blank, is a list with no items (`", ,"`), which counts as not given (isAbsent). */
    noItems(spec: ParamCall, value: unknown): boolean;
    /**
     * The problem of a body parameter's list (`wire.split`) with more than its `maxItems` items (`s`: the value as
     * given).
     */
    splitLimit(spec: ParamCall, value: string, s: string, secrets?: readonly string[]): Checked | undefined;
  };
}

/**
 * A value as it may appear in an error: secrets never (a secret parameter's withheld, `secrets` redacted before a long
 * value is shortened).
 */
export function show(
  spec: Pick<ParamCall, "secret"> | undefined,
  value: unknown,
  secrets: readonly string[] = [],
): string {
  if (spec?.secret) return "(secret value withheld)";
  const text = typeof value === "string" ? JSON.stringify(value) : value === undefined ? "nothing" : safeJson(value);
  const kind = Array.isArray(value) ? "array " : value === null ? "" : typeof value === "object" ? "object " : "";
  if (text.length <= 120) return kind + text;
  // A long text is cut inside its quotes, counted in its own characters (its JSON quotes and escapes are not): the
  // length a rule such as maxLength names (`must be at most 256 characters long (it has 300)`).
  if (typeof value === "string") {
    const safe = secrets.length ? redact(value, secrets) : value;
    const characters = [...safe].length;
    return `${JSON.stringify(redactThenCut(safe, [], 100, false).slice(0, -1))}… (${characters} characters)`;
  }
  // Redacted, then cut (outgoing-text.ts): a short text is left whole, for the call's failure to redact.
  return kind + redactThenCut(text, secrets, 100);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Cyclic, or nested too deep for JSON.stringify (and for String, which recurses too).
    return "…";
  }
}

/** A value checked (`nothing`: one that puts nothing on the wire, counted as not given), or its problem. */
export type Checked = { value: unknown; nothing?: true } | { issue: Issue };

export function problem(
  spec: ParamCall,
  rule: string,
  text: string,
  value: unknown,
  secrets: readonly string[] = [],
): Checked {
  return { issue: { param: spec.name, rule, message: `${spec.name}: ${text}, got ${show(spec, value, secrets)}` } };
}

/** A compiled pattern: whether it matches somewhere in a text, as a RegExp's `test` (no `g`, no state). */
export interface PatternTest {
  test(text: string): boolean;
}

/** A linear-time engine's compiler: undefined for a pattern it cannot run (a lookaround, a back reference). */
export interface LinearPatterns {
  compile(pattern: string): PatternTest | undefined;
}
