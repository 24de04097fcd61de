// The checks of a block that starts from a poll trigger: besides what every
// trigger block keeps (validate-trigger.ts: the one trigger, first, nothing
// connected to it), its inputs are the trigger's own parameters (within
// their rules, the required ones given) and the connection of the list
// operation it polls (the operation's parameters the trigger's inputs leave
// unset: an access token, an instance address), secrets as environment
// references. It has no secret of its own: nothing is delivered to it.
import { jsonLine } from "../common/github-actions.js";
import { checkValue, type PollTriggerSpec, type ToolSpec } from "@blockwright/runtime/internal";
import { envReferenceName, type TriggerBlock } from "@blockwright/runtime/workflow";
import type { ProblemCode } from "../common/problem-codes.js";
import { callerMustGive } from "../model/param-keys.js";

/** What the check reads of the workflow's: the tools, the environment, and where it reports. */
export interface PollBlockCheck {
  tools: Record<string, ToolSpec>;
  env: Record<string, string | undefined>;
  mode: "mock" | "live";
  /** Environment names given placeholders (mock mode). */
  placeholders: Set<string>;
  fail(code: ProblemCode, path: (string | number)[], message: string, which?: "key" | "value"): void;
}

export function checkPollTriggerBlock(
  id: string,
  block: TriggerBlock,
  trigger: PollTriggerSpec,
  c: PollBlockCheck,
): void {
  const at = ["blocks", id, "inputs"];
  const connection = pollConnectionInputs(trigger, c.tools);
  const tool = Object.hasOwn(c.tools, trigger.operation) ? c.tools[trigger.operation] : undefined;
  const names = ["trigger", ...trigger.params.map((p) => p.name), ...connection];
  for (const [name, value] of Object.entries(block.inputs)) {
    if (name === "trigger") continue;
    const param = trigger.params.find((p) => p.name === name);
    if (param) {
      // An environment reference is read when serve starts, and checked then.
      if (envReferenceName(value) !== undefined) continue;
      const checked = checkValue({ ...param, wire: { in: "auth" } }, value);
      if ("issue" in checked) c.fail("BW4003", [...at, name], `${id}.${name}: ${checked.issue.message}`, "value");
      continue;
    }
    if (!connection.includes(name)) {
      c.fail(
        "BW4007",
        [...at, name],
        `${id}: ${trigger.id} has no input ${jsonLine(name)} (inputs: ${names.join(", ")})`,
      );
      continue;
    }
    if (tool?.params.some((p) => p.name === name && p.secret)) checkSecretInput(id, name, value, c);
  }
  for (const p of trigger.params) {
    if (callerMustGive(p) && block.inputs[p.name] === undefined)
      c.fail(
        "BW4003",
        at,
        `${id}: ${trigger.id} needs "${p.name}" (${p.description})` +
          `${p.placeholder ? `, such as ${JSON.stringify(p.placeholder)}` : ""}`,
      );
  }
}

function checkSecretInput(id: string, name: string, value: unknown, c: PollBlockCheck): void {
  const at = ["blocks", id, "inputs", name];
  const envName = envReferenceName(value);
  if (envName === undefined) {
    c.fail(
      "BW4004",
      at,
      `${id}.${name}: a secret must be given as a reference to an environment variable, e.g. "{{MY_SECRET}}"; ` +
        `the value written here was not used and is not shown`,
      "value",
    );
  } else if (!c.env[envName]) {
    if (c.mode === "mock") c.placeholders.add(envName);
    else c.fail("BW4004", at, `${id}.${name}: environment variable ${envName} is not set (a secret)`, "value");
  }
}

/**
 * The inputs a poll trigger block may carry for its list operation: the operation's parameters its inputs leave unset
 * (the connection).
 */
export function pollConnectionInputs(trigger: PollTriggerSpec, tools: Record<string, ToolSpec>): string[] {
  const set = new Set(Object.keys(trigger.inputs));
  const tool = Object.hasOwn(tools, trigger.operation) ? tools[trigger.operation] : undefined;
  return (tool?.params ?? [])
    .map((p) => p.name)
    .filter((p) => !set.has(p))
    .sort();
}

/** The connection inputs of a poll trigger block that are secrets of its operation. */
export function pollSecretInputs(trigger: PollTriggerSpec, tools: Record<string, ToolSpec>): string[] {
  const tool = Object.hasOwn(tools, trigger.operation) ? tools[trigger.operation] : undefined;
  return pollConnectionInputs(trigger, tools).filter((name) => tool?.params.some((p) => p.name === name && p.secret));
}
