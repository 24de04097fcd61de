// One table of a parameter's keys (ParamSpec), and what the surface does with
// each: the one list that the surface's record (link/params/params.ts) and its read
// back (changes/registry.ts, the tools of a base version) both go by, so that
// they cannot drift. Keyed by every key of ParamSpec: a key added to the
// runtime's parameter type without a row here does not compile.
import type { ParamSpec } from "@blockwright/runtime/internal";
import { cloneJson } from "@blockwright/runtime/internal/generate";
import type { ParamSurface } from "./surface-format.js";

/**
 * `copied`: the surface holds the value under the same key, and a registry
 * built from surfaces gives it back (objects deep-copied); `own`: the surface
 * records it its own way (the name is the key, the wire is written as text,
 * the required fields are set by hand); `{ none }`: not recorded, and why.
 */
export type ParamKeyDecision = "copied" | "own" | { none: string };

export const PARAM_KEYS = {
  name: "own",
  type: "own",
  title: "own",
  description: "own",
  required: "own",
  secret: "own",
  visibility: "own",
  wire: "own",
  forbiddenKeys: "own",
  default: "copied",
  nullable: "copied",
  integer: "copied",
  minimum: "copied",
  maximum: "copied",
  exclusiveMinimum: "copied",
  exclusiveMaximum: "copied",
  multipleOf: "copied",
  minLength: "copied",
  maxLength: "copied",
  pattern: "copied",
  enum: "copied",
  caseInsensitive: "copied",
  format: "copied",
  separator: "copied",
  jsonType: "copied",
  minItems: "copied",
  maxItems: "copied",
  keys: "copied",
  values: "copied",
  items: "copied",
  tuple: { none: "a 3.1 tuple's positions and count as the document gives them, which diff reads in the document" },
  object: {
    none:
      "the value's fields and forms as the document gives them: a body parameter's shape records them " +
      "(link/wire/request-shape.ts), which diff compares field by field",
  },
  anyOf: "copied",
  maxBytes: "copied",
  multiple: "copied",
  example: "copied",
  sendDefault: { none: "whether the default travels or is the upstream's own: the call accepts and returns the same" },
  patternHint: { none: "wording of the pattern for people and models; the pattern is recorded" },
  placeholder: { none: "the block's presentation: no call, parameter or result depends on it" },
  knownValues: { none: "values offered to editors and models; a call takes any other text all the same" },
  contentType: {
    none: "the type a file's part carries when its value names none: what a call accepts and returns is unchanged",
  },
} as const satisfies { readonly [K in keyof ParamSpec]-?: ParamKeyDecision };

/** The keys the surface holds as they are, and a registry built from surfaces gives back. */
export type CopiedParamKey = {
  [K in keyof typeof PARAM_KEYS]: (typeof PARAM_KEYS)[K] extends "copied" ? K : never;
}[keyof typeof PARAM_KEYS];

// Each copied key is a key of the surface's parameter too (else this does not compile, naming it).
const surfaceHasEach: {
  readonly [K in Exclude<CopiedParamKey, keyof ParamSurface>]: "missing from ParamSurface (surface-format.ts)";
} = {};
void surfaceHasEach;

export const COPIED_PARAM_KEYS = (Object.keys(PARAM_KEYS) as (keyof typeof PARAM_KEYS)[]).filter(
  (k): k is CopiedParamKey => PARAM_KEYS[k] === "copied",
);

/**
 * Copy each copied key of `from` that is set onto `to` (objects deep-copied: the values are JSON, and cloneJson copies
 * a small one in a fraction of structuredClone's fixed cost, which was most of this function's time on 200 synthetic
 * providers' surfaces).
 */
export function copyParamKeys(from: Partial<Record<CopiedParamKey, unknown>>, to: object): void {
  for (let i = 0; i < COPIED_PARAM_KEYS.length; i++) {
    const key = COPIED_PARAM_KEYS[i] as CopiedParamKey;
    const value = from[key];
    if (value !== undefined) (to as Record<string, unknown>)[key] = cloneJson(value);
  }
}

// Whether a caller must give a parameter: required, with no default the runtime fills where a call leaves it out (a
// workflow, an agent, Sim and the typed client may all leave such a parameter out). One reading for every place that
// says which parameters a call needs: the block, the typed client, the README, the platforms, the changes report, the
// contract suite's refusals.
/** Whether a call must give the parameter itself: required, with no default. */
export function callerMustGive(p: { required?: boolean | undefined; default?: unknown }): boolean {
  return p.required === true && p.default === undefined;
}
