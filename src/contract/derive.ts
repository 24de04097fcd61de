// The derived contract suite of a provider: every case comes from its tools
// (the IR) and its OpenAPI document, none is written per provider. Which
// kinds of case a tool gets, and how each is derived, is the table of kinds
// (kinds/index.ts).
import type { ToolSpec } from "@blockwright/runtime/internal";
import { CASE_KINDS, KIND_ORDER } from "./kinds/index.js";
import { appendEach } from "../common/append-each.js";
import { type CaseKind, ContractFailure, type ContractCase, contractCase, type Subject } from "./types.js";

/** The kinds of case that apply to `tool`, in the table's order. */
export function applicableKinds(tool: ToolSpec, subject: Subject): CaseKind[] {
  return KIND_ORDER.filter((kind) => CASE_KINDS[kind].applies(tool, subject));
}

/** Every case of every tool of `subject`, in a stable order (by tool, then by kind as the table lists them). */
export function deriveCases(subject: Subject, only?: ReadonlySet<string>): ContractCase[] {
  // `only`: the operations whose cases are wanted (a worker's part), the others not derived at all.
  const tools = only ? subject.tools.filter((t) => only.has(t.id)) : [...subject.tools];
  return unique([...tools.sort(byId).flatMap((tool) => toolCases(tool, subject)), ...providerCases(subject)]);
}

/**
 * The cases of every subject, in deriveCases' order, `pace` awaited between
 * two tools: deriving computes without waiting, so a command lets Ctrl-C or
 * SIGTERM be handled there (checkpoint.ts pacer), however many tools.
 */
export async function deriveCasesPaced(
  subjects: readonly Subject[],
  pace: () => Promise<void>,
): Promise<ContractCase[]> {
  const all: ContractCase[] = [];
  for (const subject of subjects) {
    const cases: ContractCase[] = [];
    for (const tool of [...subject.tools].sort(byId)) {
      await pace();
      appendEach(cases, toolCases(tool, subject));
    }
    appendEach(all, unique([...cases, ...providerCases(subject)]));
  }
  return all;
}

const byId = (a: ToolSpec, b: ToolSpec) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

const toolCases = (tool: ToolSpec, subject: Subject) =>
  applicableKinds(tool, subject).flatMap((kind) => deriveKind(kind, tool, subject));

const providerCases = (subject: Subject) => KIND_ORDER.flatMap((kind) => deriveProviderKind(kind, subject));

function unique(cases: ContractCase[]): ContractCase[] {
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`two derived cases share the id ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}

/**
 * A kind's cases for one tool. Should deriving them fail (no value meets a
 * parameter's rules, no input meets the tool's), the suite still runs: the
 * failure becomes one failing case of the kind, saying why, instead of
 * ending `blockwright test` with an internal error.
 */
function deriveKind(kind: CaseKind, tool: ToolSpec, subject: Subject): ContractCase[] {
  try {
    return CASE_KINDS[kind].derive(tool, subject);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return [
      contractCase(tool, kind, "cases derived", async () => {
        throw new ContractFailure(`the ${kind} cases of ${tool.id} could not be derived: ${why}`);
      }),
    ];
  }
}

/**
 * A kind's cases of the provider as a whole (its triggers); a derivation that fails is one failing case, as for a tool.
 */
function deriveProviderKind(kind: CaseKind, subject: Subject): ContractCase[] {
  const derive = CASE_KINDS[kind].deriveProvider;
  if (!derive) return [];
  try {
    return derive(subject);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    const name = "cases derived";
    return [
      {
        id: `${subject.provider} › ${kind} › ${name}`,
        provider: subject.provider,
        operation: subject.provider,
        kind,
        name,
        source: { document: "manifest", path: [] },
        run: async () => {
          throw new ContractFailure(`the ${kind} cases of ${subject.provider} could not be derived: ${why}`);
        },
      },
    ];
  }
}
