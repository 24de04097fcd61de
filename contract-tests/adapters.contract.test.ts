// Every provider package's agent-framework subpaths with the frameworks
// themselves: a read-only tool of each provider, asked for by each
// framework's own test model (Vercel AI SDK's MockLanguageModelV4, a
// LangChain.js FakeStreamingChatModel, an OpenAI Agents SDK Model), runs
// through the package's client against its Prism mock. The request is one
// the mock accepts, the model gets the output back, and nothing the model
// sees carries the credential bound into the client.
import { join } from "node:path";
import { AIMessageChunk, type ToolMessage } from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { Agent, type Model, type ModelRequest, type ModelResponse, Runner, Usage } from "@openai/agents";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { describe, expect, it } from "vitest";
import { connectionParams, llmToolName, modelParams, type ToolSpec } from "@blockwright/runtime/internal";
import { valuesOf } from "../src/contract/inputs/values.js";
import { pascalCase } from "../src/model/naming.js";
import { capturingFetch, connectionValue, expectNoViolation, mockUrl, spec } from "../test-support/harness.js";
import { GENERATED_DIR, providers } from "../test-support/repo.js";

const CREDENTIAL = "zq-adapter-credential-0123456789";
type Client = object;
type Package = Record<string, unknown> & { tools: Record<string, ToolSpec> };
const load = async (id: string, subpath: string) =>
  (await import(/* @vite-ignore */ join(GENERATED_DIR, id, `${subpath}.js`))) as Record<
    string,
    (client: Client, options?: object) => unknown
  >;

/** The parameters of a tool's OAuth flows: a client given the token itself takes none of them. */
const flowParams = (t: ToolSpec) =>
  new Set(
    (t.oauth?.flows ?? []).flatMap((f) => [
      f.clientId,
      "clientSecret" in f ? f.clientSecret : undefined,
      "refreshToken" in f ? f.refreshToken : undefined,
      "subject" in f ? f.subject : undefined,
      "privateKey" in f ? f.privateKey : undefined,
      "audience" in f ? f.audience?.param : undefined,
    ]),
  );

/**
 * A client of the package bound to the provider's mock, with a made-up credential (a token as it is), and the requests
 * it sends.
 */
function connected(pkg: Package, id: string, t: ToolSpec) {
  const options: Record<string, unknown> = {};
  const flows = flowParams(t);
  for (const p of connectionParams(t))
    if (!flows.has(p.name)) options[p.name] = connectionValue(p, CREDENTIAL, mockUrl(id));
  const { fetch, calls } = capturingFetch();
  const create = pkg[`create${pascalCase(id)}`] as (options: object) => Client;
  return { client: create({ ...options, baseUrl: mockUrl(id), retries: 0, fetch }), calls };
}

/** What a model fills for the tool: the derived suite's smallest valid input, the model's parameters only. */
function modelArgs(t: ToolSpec): Record<string, unknown> {
  const names = new Set(modelParams(t).map((p) => p.name));
  return Object.fromEntries(
    Object.entries(valuesOf(t, spec(t.provider)).minimal()).filter(([name]) => names.has(name)),
  );
}

/** The provider's first read-only tool, as its AI SDK subpath offers it (the adapters' own read-only filter). */
async function readOnlyTool(pkg: Package, id: string): Promise<ToolSpec | undefined> {
  const first = Object.values(pkg.tools)[0];
  if (!first) return undefined;
  const { client } = connected(pkg, id, first);
  const offered = Object.keys((await load(id, "ai-sdk")).toAiSdkTools!(client, { readOnly: true }) as object);
  return Object.values(pkg.tools).find((t) => llmToolName(t.id) === offered[0]);
}

const packages = await Promise.all(
  providers.map(async (p) => ({
    id: p.id,
    pkg: (await import(/* @vite-ignore */ join(GENERATED_DIR, p.id, "index.js"))) as Package,
  })),
);
const cases = (
  await Promise.all(packages.map(async ({ id, pkg }) => ({ id, pkg, tool: await readOnlyTool(pkg, id) })))
).filter((c): c is { id: string; pkg: Package; tool: ToolSpec } => c.tool !== undefined);

it("finds a read-only tool in some provider", () => {
  expect(cases.length).toBeGreaterThan(0);
});

/** The one request went to the mock, which accepted it, with the credential the client holds. */
function expectSent(calls: ReturnType<typeof capturingFetch>["calls"]) {
  expect(calls).toHaveLength(1);
  expectNoViolation(calls[0]!);
  expect(calls[0]!.status).toBeLessThan(300);
}

describe.each(cases)("$id: $tool.id", ({ id, pkg, tool }) => {
  const name = llmToolName(tool.id);
  const args = modelArgs(tool);

  it("runs through the Vercel AI SDK's generateText, the model's tool call answered with the output", async () => {
    const { client, calls } = connected(pkg, id, tool);
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [{ type: "tool-call", toolCallId: "zq-call-1", toolName: name, input: JSON.stringify(args) }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    const tools = (await load(id, "ai-sdk")).toAiSdkTools!(client, { readOnly: true }) as Parameters<
      typeof generateText
    >[0]["tools"];
    const result = await generateText({ model, tools, prompt: "Use the tool.", stopWhen: stepCountIs(3) });
    expectSent(calls);
    const output = result.steps[0]!.toolResults[0]!.output as Record<string, unknown>;
    expect(output.error, JSON.stringify(output)).toBeUndefined();
    expect(result.text).toBe("done");
    expect(JSON.stringify(model.doGenerateCalls)).not.toContain(CREDENTIAL);
  });

  it("runs as a LangChain.js StructuredTool of a tool call the chat model emits", async () => {
    const { client, calls } = connected(pkg, id, tool);
    const tools = (await load(id, "langchain")).toLangChainTools!(client, { readOnly: true }) as {
      name: string;
      invoke(call: object): Promise<unknown>;
    }[];
    const model = new FakeStreamingChatModel({
      sleep: 0,
      chunks: [new AIMessageChunk({ content: "", tool_calls: [{ id: "zq-call-1", name, args, type: "tool_call" }] })],
    });
    const reply = await model.bindTools(tools as never).invoke("Use the tool.");
    const call = reply.tool_calls![0]!;
    const message = (await tools
      .find((t) => t.name === call.name)!
      .invoke({ ...call, type: "tool_call" })) as ToolMessage;
    expectSent(calls);
    expect(JSON.parse(message.content as string).error, String(message.content)).toBeUndefined();
    expect(String(message.content)).not.toContain(CREDENTIAL);
  });

  it("runs through the OpenAI Agents SDK's agent loop, the function call's output given to the model", async () => {
    const { client, calls } = connected(pkg, id, tool);
    const tools = (await load(id, "openai-agents")).toOpenAiAgentsTools!(client, { readOnly: true }) as {
      name: string;
      parameters: { properties: Record<string, unknown> };
    }[];
    // Strict mode: every property is given, null when the call leaves it out.
    const offered = tools.find((t) => t.name === name)!;
    const strictArgs = Object.fromEntries(
      Object.keys(offered.parameters.properties).map((k) => [k, Object.hasOwn(args, k) ? args[k] : null]),
    );
    const requests: ModelRequest[] = [];
    const usage = new Usage();
    const model: Model = {
      async getResponse(request): Promise<ModelResponse> {
        requests.push(request);
        if (requests.length === 1)
          return {
            usage,
            output: [
              {
                type: "function_call",
                callId: "zq-call-1",
                name,
                arguments: JSON.stringify(strictArgs),
                status: "completed",
              },
            ],
          };
        return {
          usage,
          output: [
            {
              type: "message",
              role: "assistant",
              status: "completed",
              content: [{ type: "output_text", text: "done" }],
            },
          ],
        };
      },
      // biome-ignore lint/correctness/useYield: the runner here never streams.
      async *getStreamedResponse() {
        throw new Error("not streamed in this test");
      },
    };
    const agent = new Agent({ name: "zq-adapter-agent", instructions: "Use the tool.", model, tools: tools as never });
    const result = await new Runner({ tracingDisabled: true }).run(agent, "Use the tool.");
    expectSent(calls);
    expect(result.finalOutput).toBe("done");
    // The function call's output as the model is given it: the tool's result, not an error (whose top-level field is
    // `error`; an answer may hold a field of that name, as a long-running operation's does).
    const given = (requests[1]!.input as { type: string; output?: { text?: string } }[]).find(
      (item) => item.type === "function_call_result",
    );
    const text = given?.output?.text ?? "";
    expect(JSON.parse(text).error, text).toBeUndefined();
    expect(JSON.stringify(requests)).not.toContain(CREDENTIAL);
  });
});
