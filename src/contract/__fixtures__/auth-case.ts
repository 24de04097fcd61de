// One auth case of a drafted provider's tool (the draft kit's `drafted`, then linked), derived as the suite derives it,
// and its run against a loopback API: for tests that hold what a flow's token request sends to the suite's judge.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { server } from "../../../test-support/runtime/loopback-server.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { authKind } from "../kinds/auth.js";
import type { ContractCase } from "../types.js";

/** The auth case named `name` of `tool`, its document the drafted cut's text; throws where none is derived. */
export function draftedAuthCase(openapiText: string, tool: ToolSpec, provider: string, name: string): ContractCase {
  const document = new OpenApiDocument(parseYamlSource(openapiText, "openapi.yaml"));
  const found = authKind.derive(tool, { provider, tools: [tool], document }).find((c) => c.name === name);
  if (!found) throw new Error(`no auth case "${name}" derived`);
  return found;
}

/** Runs `found` with the API on a loopback server answering each call `{"id":"e1"}`, stopped after. */
export async function runOnLoopbackApi(found: ContractCase): Promise<void> {
  const api = await server(() => ({ status: 200, body: '{"id":"e1"}' }));
  try {
    await found.run({ mockUrl: () => api.url, seed: 1, runs: 1 });
  } finally {
    await api.close();
  }
}
