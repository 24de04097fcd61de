// The calls that keep a trigger's subscription (`serve --public-url`): one of
// the provider's operations, with the step's inputs and the connection inputs
// the trigger block carries (an access token, a client id and secret),
// resolved from the environment like any block's (placeholders on mocks).
import { executeToolDefinition, redact, type ToolSpec } from "@blockwright/runtime/internal";
import { envReferenceName, type Registry, resolveInputs, type TriggerBlock } from "@blockwright/runtime/workflow";
import type { StepCall } from "../../serve/subscription.js";

export function subscriptionCall(
  registry: Registry,
  block: TriggerBlock,
  secretParam: string,
  env: Record<string, string | undefined>,
  options: {
    secrets: string[];
    baseUrls?: Record<string, string>;
    tokenUrls?: Record<string, string>;
    allowHosts?: readonly string[];
  },
): StepCall & { secrets: string[] } {
  const connection = Object.fromEntries(
    Object.entries(block.inputs).filter(([name]) => name !== "trigger" && name !== secretParam),
  );
  // Every value the connection takes from the environment is kept out of what is printed.
  const secrets = [
    ...options.secrets,
    ...Object.values(connection).flatMap((v) => env[envReferenceName(v) ?? ""] ?? []),
  ].filter((v) => v.length > 0);
  const call = async (operation: string, inputs: Record<string, unknown>) => {
    const tool = Object.hasOwn(registry.tools, operation) ? (registry.tools[operation] as ToolSpec) : undefined;
    if (!tool) return { ok: false as const, message: `no operation ${operation} in the generated packages` };
    const own = Object.fromEntries(
      Object.entries(connection).filter(([name]) => tool.params.some((p) => p.name === name)),
    );
    const params = {
      ...resolveInputs(tool, { type: block.type, name: block.name, inputs: { operation, ...own } }, new Map(), env),
      ...inputs,
    };
    const result = await executeToolDefinition(tool, params, {
      secrets,
      ...(options.baseUrls?.[tool.provider] ? { baseUrl: options.baseUrls[tool.provider] } : {}),
      ...(options.allowHosts?.length ? { allowHosts: options.allowHosts } : {}),
      ...(tool.oauth && options.tokenUrls?.[tool.provider] ? { tokenUrl: options.tokenUrls[tool.provider] } : {}),
    });
    if (result.success) return { ok: true as const, outputs: result.output as Record<string, unknown> };
    const { status, code } = result.error;
    return {
      ok: false as const,
      message: redact(result.error.message, secrets),
      ...(status !== undefined ? { status } : {}),
      ...(code !== undefined ? { code } : {}),
    };
  };
  return Object.assign(call, { secrets });
}
