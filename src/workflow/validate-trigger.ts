// The checks of a trigger block: a known trigger of its block type, the one
// trigger of the workflow and its first block (nothing connects to it), no
// input but the trigger, its secret and (when the trigger keeps a
// subscription) the connection its subscription's calls need, secrets as
// environment references (a poll trigger's inputs: validate-poll-trigger.ts);
// and what a reference to its outputs may name.
import { createPublicKey } from "node:crypto";
import { jsonLine } from "../common/github-actions.js";
import type { PollTriggerSpec, SubscriptionStep, ToolSpec, TriggerSpec } from "@blockwright/runtime/internal";
import type { ProblemCode } from "../common/problem-codes.js";
import {
  envReferenceName,
  type Graph,
  type PathSegment,
  type TriggerBlock,
  type Workflow,
} from "@blockwright/runtime/workflow";
import { checkPollTriggerBlock } from "./validate-poll-trigger.js";

type Fail = (code: ProblemCode, path: (string | number)[], message: string, which?: "key" | "value") => void;

export interface TriggerCheck {
  workflow: Workflow;
  graph: Graph;
  triggers: Record<string, TriggerSpec>;
  /** The poll triggers, which a trigger block names as it names the others. */
  pollTriggers?: Record<string, PollTriggerSpec>;
  tools: Record<string, ToolSpec>;
  env: Record<string, string | undefined>;
  mode: "mock" | "live";
  /** Environment names given placeholders (mock mode). */
  placeholders: Set<string>;
  fail: Fail;
}

export function checkTriggerBlock(id: string, block: TriggerBlock, c: TriggerCheck): void {
  const at = ["blocks", id, "inputs"];
  const polls = c.pollTriggers ?? {};
  const polled = Object.hasOwn(polls, block.inputs.trigger) ? polls[block.inputs.trigger] : undefined;
  const trigger = Object.hasOwn(c.triggers, block.inputs.trigger) ? c.triggers[block.inputs.trigger] : undefined;
  if ((!trigger && !polled) || (trigger ?? polled)?.provider !== block.type) {
    const known = [...Object.values(c.triggers), ...Object.values(polls)]
      .filter((t) => t.provider === block.type)
      .map((t) => t.id)
      .sort();
    c.fail(
      "BW4007",
      [...at, "trigger"],
      `${id}: unknown trigger ${JSON.stringify(block.inputs.trigger)} for block type ${block.type} (triggers: ` +
        `${known.join(", ") || "none"})`,
      "value",
    );
    return;
  }
  const first = Object.entries(c.workflow.blocks).find(
    ([, b]) => typeof (b.inputs as Record<string, unknown>).trigger === "string",
  )?.[0];
  if (first !== id)
    c.fail(
      "BW4007",
      [...at, "trigger"],
      `${id}: a workflow starts from one trigger, and ${first} already is one`,
      "value",
    );
  const from = c.graph.incoming.get(id) ?? [];
  if (from.length)
    c.fail(
      "BW4007",
      ["blocks", id],
      `${id}: a trigger block starts the workflow, so no block may connect to it (connected from: ${from.join(", ")})`,
    );
  for (const key of ["polling", "mock", "timeoutMs"] as const)
    if (block[key] !== undefined)
      c.fail("BW4006", ["blocks", id, key], `${id}: a trigger block calls nothing, so it takes no ${key}`);
  if (!trigger) return checkPollTriggerBlock(id, block, polled as PollTriggerSpec, c);
  const connection = connectionInputs(trigger, c.tools);
  for (const name of Object.keys(block.inputs)) {
    if (name === "trigger" || name === trigger.secretParam) continue;
    if (!connection.includes(name))
      c.fail(
        "BW4007",
        [...at, name],
        `${id}: ${trigger.id} has no input ${jsonLine(name)} (inputs: ` +
          `${["trigger", trigger.secretParam, ...connection].join(", ")})`,
      );
    else if (secretParamOf(trigger, c.tools, name)) checkSecret(id, name, block.inputs[name], c);
  }
  const secret = block.inputs[trigger.secretParam];
  const reference =
    `"{{${trigger.provider.toUpperCase()}_` +
    `${trigger.secretParam.replace(/[A-Z]/g, (x) => `_${x}`).toUpperCase()}}}"`;
  if (secret === undefined) {
    c.fail(
      "BW4004",
      at,
      publicKeyChecked(trigger)
        ? `${id}: ${trigger.id} needs "${trigger.secretParam}", the provider's public key deliveries are ` +
            `checked with, as text or an environment reference such as ${reference}`
        : `${id}: ${trigger.id} needs "${trigger.secretParam}", the secret deliveries are checked with, ` +
            `as an environment reference such as ${reference}`,
    );
  } else if (publicKeyChecked(trigger) && typeof secret === "string" && envReferenceName(secret) === undefined) {
    // Checked here, not at each delivery: a key that is none refused every delivery with a 401.
    if (!isEd25519PublicKey(secret))
      c.fail(
        "BW4004",
        [...at, trigger.secretParam],
        `${id}.${trigger.secretParam}: ${jsonLine(secret)} is not an Ed25519 public key (PEM, or its 32 bytes as ` +
          "hex or base64)",
        "value",
      );
  } else checkSecret(id, trigger.secretParam, secret, c);
}

/** A public key as an Ed25519 trigger takes it: PEM, or its 32 bytes (or their DER) as hex or base64. */
function isEd25519PublicKey(text: string): boolean {
  const t = text.trim();
  try {
    if (t.startsWith("-----BEGIN")) return createPublicKey(t).asymmetricKeyType === "ed25519";
    const bytes = /^[0-9a-fA-F]{64}$/.test(t)
      ? Buffer.from(t, "hex")
      : /^[A-Za-z0-9+/_-]+={0,2}$/.test(t)
        ? Buffer.from(t, "base64")
        : Buffer.alloc(0);
    if (bytes.length === 32) return true;
    return (
      bytes.length === 44 &&
      createPublicKey({ key: bytes, format: "der", type: "spki" }).asymmetricKeyType === "ed25519"
    );
  } catch {
    return false;
  }
}

/**
 * Whether a trigger's input is the provider's public key (Ed25519), a configured value a workflow may write as it is
 * and nothing redacts, rather than a secret.
 */
export function publicKeyChecked(trigger: TriggerSpec): boolean {
  return trigger.authentication.kind === "ed25519";
}

function checkSecret(id: string, name: string, value: unknown, c: TriggerCheck): void {
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
 * The inputs a trigger block may carry for the calls that keep its subscription (`serve
 * --public-url`): the parameters of the steps' operations that no step sets, i.e. the connection's
 * (an access token, a client id and secret).
 */
export function connectionInputs(trigger: TriggerSpec, tools: Record<string, ToolSpec>): string[] {
  const steps = subscriptionSteps(trigger);
  const set = new Set(steps.flatMap((s) => Object.keys(s.inputs)));
  return [
    ...new Set(
      steps.flatMap((s) =>
        (Object.hasOwn(tools, s.operation) ? (tools[s.operation]?.params ?? []) : []).map((p) => p.name),
      ),
    ),
  ]
    .filter((p) => !set.has(p))
    .sort();
}

/** Whether a connection input is a secret in any of the subscription's operations. */
export function secretParamOf(trigger: TriggerSpec, tools: Record<string, ToolSpec>, name: string): boolean {
  return subscriptionSteps(trigger).some((s) =>
    (Object.hasOwn(tools, s.operation) ? tools[s.operation]?.params : [])?.some((p) => p.name === name && p.secret),
  );
}

function subscriptionSteps(trigger: TriggerSpec): SubscriptionStep[] {
  const s = trigger.subscription;
  return s ? [s.create, s.renew, s.delete].filter((x): x is SubscriptionStep => x !== undefined) : [];
}

/** Why `path` names no output of the trigger (`data…`, `metadata.<output>`), or undefined when it does. */
export function triggerOutputProblem(
  trigger: Pick<TriggerSpec, "id" | "outputs">,
  path: readonly PathSegment[],
): string | undefined {
  const [head, second] = path;
  if (head === "data") return undefined;
  if (head === "metadata" && typeof second === "string" && trigger.outputs.some((o) => o.name === second))
    return undefined;
  const names = ["data", ...trigger.outputs.map((o) => `metadata.${o.name}`)];
  return (
    `the trigger ${trigger.id} has no output ${JSON.stringify(path.map(String).join("."))} (outputs: ` +
    `${names.join(", ")})`
  );
}
