// The Sim block's TYPED_INPUTS: which of its inputs' text becomes a number, a boolean or JSON for the tool parameter
// (Sim's inputs give text; runtime/platforms/sim.ts `simBlockParams` reads it). Inputs of one name share a value in
// Sim (one id), but the name may be a number in one operation and text in another: such a name's kinds are given per
// operation, so that one operation's kind never turns another's text into a value its parameter refuses.
import type { BlockInput } from "@blockwright/runtime/internal";
import type { ProviderIR } from "../../model/ir.js";

type Kind = "number" | "boolean" | "json";

/** Each typed input's kind: one for every operation that has it, or, where they differ, one per operation. */
export function typedInputs(
  ir: ProviderIR,
  inputs: readonly BlockInput[],
): Record<string, Kind | Record<string, Kind>> {
  const all = ir.operations.map((o) => o.tool.id);
  const byName = new Map<string, Map<string, Kind | undefined>>();
  for (const input of inputs) {
    const operations = input.condition?.value ?? all;
    const kind = kindOf(ir, input);
    const perOperation = byName.get(input.id) ?? new Map<string, Kind | undefined>();
    for (const id of operations) if (!perOperation.has(id)) perOperation.set(id, kind);
    byName.set(input.id, perOperation);
  }
  const typed: Record<string, Kind | Record<string, Kind>> = {};
  for (const [name, perOperation] of byName) {
    const kinds = new Set(perOperation.values());
    const [only] = kinds;
    if (kinds.size === 1) {
      if (only) typed[name] = only;
      continue;
    }
    const given = [...perOperation].filter((entry): entry is [string, Kind] => entry[1] !== undefined);
    if (given.length) typed[name] = Object.fromEntries(given);
  }
  return typed;
}

function kindOf(ir: ProviderIR, input: BlockInput): Kind | undefined {
  if (input.type === "number" || input.type === "boolean") return input.type;
  return input.type === "json" && textForm(ir, input.id) ? "json" : undefined;
}

/** Whether an operation's JSON parameter of this name takes text among its forms (a name or an object). */
const textForm = (ir: ProviderIR, name: string): boolean =>
  ir.operations.some((o) =>
    o.tool.params.some((p) => p.name === name && p.type === "json" && p.anyOf?.some((f) => f.type === "string")),
  );
