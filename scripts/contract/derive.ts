// The derived contract suite of a provider: every case comes from its tools
// (the IR) and its OpenAPI document, none is written per provider.
import { errorCases } from "./cases-errors.js";
import { exampleCases } from "./cases-examples.js";
import { inputCases } from "./cases-inputs.js";
import { propertyCases } from "./properties.js";
import { scenarioCases } from "./scenarios.js";
import type { ContractCase, Subject } from "./types.js";

/** Every case of every tool of `subject`, in a stable order (by tool, then as derived). */
export function deriveCases(subject: Subject): ContractCase[] {
  const cases: ContractCase[] = [];
  for (const tool of [...subject.tools].sort((a, b) => a.id.localeCompare(b.id))) {
    cases.push(...exampleCases(tool, subject.document), ...inputCases(tool, subject.document), ...errorCases(tool, subject.document), ...scenarioCases(tool, subject.document), ...propertyCases(tool, subject.document));
  }
  const seen = new Set<string>();
  for (const c of cases) {
    if (seen.has(c.id)) throw new Error(`two derived cases share the id ${c.id}`);
    seen.add(c.id);
  }
  return cases;
}
