// What a workflow's blocks' parameters name: the environment variables a secret one (or a secret field inside a JSON
// one) reads, anywhere in the workflow, and the parameters a tool's rule is about (workflow-checker.ts checks with
// both).
import { ownValue, type ToolSpec } from "@blockwright/runtime/internal";
import { envReferenceName, isTriggerBlock, type Registry, type Workflow } from "@blockwright/runtime/workflow";
import { nestedSecretInputs } from "./nested-secret-inputs.js";
import { pollSecretInputs } from "./validate-poll-trigger.js";
import { connectionInputs, publicKeyChecked, secretParamOf } from "./validate-trigger.js";

/** Environment variables named by a secret parameter anywhere in the workflow. */
export function secretEnvNames(workflow: Workflow, registry: Registry): Set<string> {
  const names = new Set<string>();
  for (const block of Object.values(workflow.blocks ?? {})) {
    if (block && isTriggerBlock(block)) {
      const trigger = registry.triggers?.[block.inputs.trigger];
      const polled = registry.pollTriggers?.[block.inputs.trigger];
      const secretInputs = trigger
        ? [
            ...(publicKeyChecked(trigger) ? [] : [trigger.secretParam]),
            ...connectionInputs(trigger, registry.tools).filter((p) => secretParamOf(trigger, registry.tools, p)),
          ]
        : polled
          ? pollSecretInputs(polled, registry.tools)
          : [];
      for (const name of secretInputs.map((p) => envReferenceName(block.inputs[p]))) if (name) names.add(name);
      continue;
    }
    const tool = ownValue(registry.tools, block?.inputs?.operation) as ToolSpec | undefined;
    for (const p of tool?.params ?? []) {
      const name = p.secret ? envReferenceName(block.inputs[p.name]) : undefined;
      if (name) names.add(name);
      for (const place of nestedSecretInputs(p, block.inputs[p.name])) {
        const nested = envReferenceName(place.value);
        if (nested) names.add(nested);
      }
    }
  }
  return names;
}
