// One provider written into a project folder from a document and a manifest, linked as generate links it, and one of
// its tools: what the contract suite's input and request tests start from (a dozen files wrote these lines out each).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { expect } from "vitest";
import type { Exchange } from "../src/contract/exchange.js";
import { type LinkedProvider, linkProvider } from "../src/emit/link-provider.js";

/** `specs/<provider>/` in `root` holding `openapi` (as openapi.json) and `manifest`, linked; and the tool `toolId`. */
export async function linkedTool(
  root: string,
  provider: string,
  openapi: object,
  manifest: string,
  toolId: string,
): Promise<{ linked: LinkedProvider; tool: ToolSpec }> {
  const dir = join(root, "specs", provider);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.json"), JSON.stringify(openapi));
  writeFileSync(join(dir, "manifest.yaml"), manifest);
  const linked = await linkProvider(root, dir);
  const tool = linked.ir.operations.find((o) => o.tool.id === toolId)?.tool;
  if (!tool) throw new Error(`no tool ${toolId} in ${provider}`);
  return { linked, tool };
}

/** The GET request a call of `tool` with `input` sends (it must succeed), as the suite's exchange of it. */
export async function sentGet(tool: ToolSpec, input: Record<string, unknown>): Promise<Exchange> {
  let captured: Request | undefined;
  const fetch = async (r: Request) => {
    captured = r;
    return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
  };
  expect(await executeToolDefinition(tool, input, { baseUrl: "http://127.0.0.1:9", fetch })).toMatchObject({
    success: true,
  });
  const url = new URL((captured as Request).url);
  return {
    method: "GET",
    url,
    search: url.search,
    headers: new Headers((captured as Request).headers),
    rawBody: "",
    body: undefined,
    status: 200,
    responseHeaders: new Headers(),
    responseBody: "",
    violations: [],
    at: 0,
  };
}

/** A document of `paths` whose credential is a key in the `X-Zq-Key` header, served at https://api.<provider>.test. */
export function keyedDocument(provider: string, paths: object): object {
  return {
    openapi: "3.0.3",
    info: { title: provider, version: "1" },
    servers: [{ url: `https://api.${provider}.test` }],
    security: [{ zqKey: [] }],
    components: { securitySchemes: { zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
    paths,
  };
}

/** The manifest of a keyedDocument (as openapi.json), its operations written as the YAML under `operations:`. */
export function keyedManifest(provider: string, operations: string): string {
  const name = provider.charAt(0).toUpperCase() + provider.slice(1);
  return `provider: ${provider}
name: ${name}
description: ${name}.
color: "#123456"
category: tools
openapi: openapi.json
server:
  default: https://api.${provider}.test
auth:
  scheme: zqKey
  param: apiKey
errors:
  message: ["$response.body#/message"]
params:
  apiKey:
    type: string
    maxLength: 256
    required: true
    secret: true
    description: The key.
operations:
${operations}`;
}
