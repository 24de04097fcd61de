// For tests: the one request a tool sends for `params`, to a scripted fetch answering 200 `{id: "zq1"}`; a call that
// fails, or sends other than one request, throws with its result.
import { executeToolDefinition } from "@blockwright/runtime";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "./scripted-fetch.js";

export async function sentRequest(
  tool: ToolSpec,
  params: Record<string, unknown>,
): Promise<{ url: URL; headers: Headers }> {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(tool, params, { baseUrl: "http://127.0.0.1:9", fetch, retries: 0 });
  if (!result.success || seen.length !== 1) throw new Error(`the call failed: ${JSON.stringify(result)}`);
  const request = seen[0] as { url: string; headers: Headers };
  return { url: new URL(request.url), headers: request.headers };
}
