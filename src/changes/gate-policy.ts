// The gate's policy, kept in the project beside its specs:
// `.blockwright/accepted-changes.yaml` (specs/accepted-changes.schema.json)
// lists changes a reviewer accepted — by the id every diff report prints,
// with a reason and the last day it holds — and, per change kind, the
// severity the project gives it instead of the default. An accepted change
// is still reported (and still sets the next version: its users are broken
// all the same) but as a warning that never fails `--fail-on`; an expired
// or unmatched entry is itself reported, so that the list does not rot.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AjvModule from "ajv";
import { schemaValidator, type PrecompiledValidate } from "../load/schema-validation.js";
import { loadYamlSource, SourceError, type SourcePosition, type YamlSource } from "../load/yaml-source.js";
import type { Change, Level } from "./classify.js";
import type { Severity } from "./kinds.js";

export const GATE_POLICY_FILE = ".blockwright/accepted-changes.yaml";
const SCHEMA_FILE = new URL("../../specs/accepted-changes.schema.json", import.meta.url);

export interface Acceptance {
  id: string;
  reason: string;
  expires: string;
  at: SourcePosition;
}

export interface GatePolicy {
  file: string;
  accepted: Acceptance[];
  severities: Record<string, Severity>;
}

/** What the policy did to a diff: notes for the report (an expired or unmatched entry). */
export interface PolicyNote {
  at: SourcePosition;
  message: string;
}

/** The file's problems, each `file:line:col: field: rule, got value`. */
export class GatePolicyError extends Error {
  constructor(readonly problems: SourceError[]) {
    super(problems.map((p) => p.message).join("\n"));
    this.name = "GatePolicyError";
  }
}

/** A change's id in every report: `<provider>/<tool>/<kind>/<subject>` (`-` for a package-wide change). */
export function changeId(c: Change): string {
  return `${c.provider}/${c.tool ?? "-"}/${c.kind ?? c.rule}/${c.subject}`;
}

let validate: ((source: YamlSource) => SourceError[]) | undefined;

/** The project's policy file, validated; undefined when there is none. */
export function readGatePolicy(root: string): GatePolicy | undefined {
  const path = join(root, GATE_POLICY_FILE);
  if (!existsSync(path)) return undefined;
  const source = loadYamlSource<Record<string, unknown> | null>(path, GATE_POLICY_FILE);
  if (source.data === null || source.data === undefined)
    return { file: GATE_POLICY_FILE, accepted: [], severities: {} };
  validate ??= compile();
  const problems = validate(source);
  const entries = Array.isArray(source.data.accepted) ? (source.data.accepted as Record<string, string>[]) : [];
  // The pattern admits 2026-02-31: a date must also exist.
  for (const [i, e] of entries.entries())
    if (
      typeof e.expires === "string" &&
      /^\d{4}-\d{2}-\d{2}$/.test(e.expires) &&
      new Date(`${e.expires}T00:00:00Z`).toISOString().slice(0, 10) !== e.expires
    )
      problems.push(
        new SourceError(
          "BW1103",
          source.locate(["accepted", i, "expires"], "value"),
          `accepted.${i}.expires: must be a date that exists (YYYY-MM-DD), got ${JSON.stringify(e.expires)}`,
        ),
      );
  if (problems.length) throw new GatePolicyError(problems);
  return {
    file: GATE_POLICY_FILE,
    accepted: entries.map((e, i) => ({
      id: e.id ?? "",
      reason: e.reason ?? "",
      expires: e.expires ?? "",
      at: source.locate(["accepted", i], "key"),
    })),
    severities: (source.data.severities ?? {}) as Record<string, Severity>,
  };
}

function compile(): (source: YamlSource) => SourceError[] {
  const Ajv = AjvModule.default ?? AjvModule;
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });
  // Compiled when a project has the file (a few milliseconds for this schema); described from the same file.
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, "utf8")) as object;
  return schemaValidator(ajv.compile(schema) as PrecompiledValidate, SCHEMA_FILE);
}

const LEVEL_OF: Record<Severity, Level> = { breaking: "breaking", "non-breaking": "minor", informational: "patch" };

/**
 * The policy applied to every change: a kind's severity override sets its
 * severity and level (the next version follows it); a listed change not past
 * its expiry (`today`, YYYY-MM-DD) is marked accepted. Returns the notes.
 */
export function applyGatePolicy(changes: Change[], policy: GatePolicy, today: string): PolicyNote[] {
  const notes: PolicyNote[] = [];
  const matched = new Set<Acceptance>();
  for (const c of changes) {
    const override = c.kind !== undefined ? policy.severities[c.kind] : undefined;
    if (override) {
      c.severity = override;
      c.level = LEVEL_OF[override];
    }
    const id = changeId(c);
    const entry = policy.accepted.find((a) => a.id === id);
    if (!entry) continue;
    matched.add(entry);
    if (entry.expires < today) continue;
    c.accepted = { reason: entry.reason, expires: entry.expires };
  }
  for (const a of policy.accepted) {
    if (!matched.has(a))
      notes.push({
        at: a.at,
        message: `accepted change ${JSON.stringify(a.id)} matches no change of this diff: remove it, or correct its id`,
      });
    else if (a.expires < today)
      notes.push({
        at: a.at,
        message:
          `accepted change ${JSON.stringify(a.id)} expired on ${a.expires}: it counts again; ` +
          `accept it anew with a later date, or fix what it breaks`,
      });
  }
  return notes;
}
