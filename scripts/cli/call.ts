// `blockwright call <operationId> [--param name=value]... [--params '<json>'] [--base-url <url>]`
import { executeTool, registry, tools } from "../../runtime/index.js";
import { resolveParamReferences, UsageError } from "./references.js";

export const CALL_USAGE = `Usage: blockwright call <operationId> [--param name=value]... [--params '<json>'] [--base-url <url>] [--timeout <ms>]

Run one tool and print the result object ({success, output} or {success, error}) as JSON.

  --param name=value   a parameter (repeatable); json parameters take JSON text
  --params '<json>'    parameters as one JSON object (--param entries win)
  --base-url <url>     send the request to this address instead of the provider's
  --timeout <ms>       give up after this many milliseconds (default 30000)

Secret parameters (apiKey, accessToken) must be references to environment
variables, e.g. --param apiKey={{MY_API_KEY}}; literal secrets are refused.

Exit status: 0 success, 1 the tool failed, 2 usage error.
Operations: ${Object.keys(tools).join(", ")}`;

export async function runCall(argv: string[], env: Record<string, string | undefined> = process.env): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(CALL_USAGE);
    return 0;
  }
  try {
    const { operationId, params, baseUrl, timeoutMs } = parseCallArgs(argv);
    const tool = registry.tools[operationId];
    if (!tool) throw new UsageError(`unknown operation ${JSON.stringify(operationId)} (operations: ${Object.keys(tools).join(", ")})`);
    const secrets = new Set(tool.params.filter((p) => p.secret).map((p) => p.name));
    const resolved = resolveParamReferences(params, secrets, env);
    const result = await executeTool(operationId, resolved, { ...(baseUrl ? { baseUrl } : {}), ...(timeoutMs ? { timeoutMs } : {}) });
    console.log(JSON.stringify(result, null, 2));
    return result.success ? 0 : 1;
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`blockwright call: ${e.message}\n\n${CALL_USAGE.split("\n")[0]}`);
      return 2;
    }
    throw e;
  }
}

export function parseCallArgs(argv: string[]): { operationId: string; params: Record<string, unknown>; baseUrl?: string; timeoutMs?: number } {
  let operationId: string | undefined;
  let fromJson: Record<string, unknown> = {};
  const single: Record<string, unknown> = {};
  let baseUrl: string | undefined;
  let timeoutMs: number | undefined;
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--param") {
      const entry = value(i++, arg);
      const eq = entry.indexOf("=");
      if (eq <= 0) throw new UsageError(`--param takes name=value, got ${JSON.stringify(entry.split("=")[0])}…`);
      single[entry.slice(0, eq)] = entry.slice(eq + 1);
    } else if (arg === "--params") {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value(i++, arg));
      } catch (e) {
        throw new UsageError(`--params must be a JSON object (${(e as Error).message})`);
      }
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new UsageError("--params must be a JSON object");
      fromJson = parsed as Record<string, unknown>;
    } else if (arg === "--base-url") {
      baseUrl = value(i++, arg);
    } else if (arg === "--timeout") {
      timeoutMs = Number(value(i++, arg));
      if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new UsageError("--timeout takes a positive number of milliseconds");
    } else if (arg.startsWith("-")) {
      throw new UsageError(`unknown option ${arg}`);
    } else if (operationId === undefined) {
      operationId = arg;
    } else {
      throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`);
    }
  }
  if (!operationId) throw new UsageError("missing <operationId>");
  return { operationId, params: { ...fromJson, ...single }, ...(baseUrl ? { baseUrl } : {}), ...(timeoutMs ? { timeoutMs } : {}) };
}
