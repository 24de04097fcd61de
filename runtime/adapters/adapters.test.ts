import { AIMessageChunk, type ToolMessage } from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { Agent, type Model, type ModelRequest, type ModelResponse, Runner, Usage } from "@openai/agents";
import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV4 } from "ai/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { createClient } from "../client/client.js";
import { fullSupport } from "../execute/full-support.js";
import type { ClientOptions } from "../client/types.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { adaptClient } from "./adapt.js";
import { callOf } from "../spec/tool-description.js";
import { toAiSdkTools } from "@blockwright/runtime/ai-sdk";
import { toLangChainTools } from "./langchain.js";
import { toOpenAiAgentsTools } from "./openai-agents.js";

const shelf = irFixture("shelf");
const toolOf = (id: string): ToolSpec => shelf.operations.find((o) => o.tool.id === id)!.tool;
const LIST = toolOf("shelf_list_books");
const ADD = toolOf("shelf_add_book");
const KEY = "zq_widgets_key_7Hf3kQ9pLm2X";
// The parts of the support the shelf's tools need, as its package would pass them (no request rate: none is kept here).
const { rateLimits: _perExecutor, ...support } = fullSupport;
const table = { methods: { listBooks: LIST, addBook: ADD }, credentials: ["apiKey"], support };

let upstream: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  upstream = await server((r) => {
    if (r.url.includes("zq-locked"))
      return { status: 403, body: JSON.stringify({ error: { code: "FORBIDDEN", message: "not your shelf" } }) };
    if (r.method === "GET")
      return { status: 200, body: JSON.stringify({ value: [{ id: "zq-b1", title: "Zq Dune" }], total: 7 }) };
    return { status: 201, body: JSON.stringify({ id: "zq-b2", state: "queued" }) };
  });
});
afterAll(() => upstream.close());
const client = () => createClient(table, { apiKey: KEY, baseUrl: upstream.url, retries: 0 } as ClientOptions);
const sinceNow = () => {
  const from = upstream.received.length;
  return () => upstream.received.slice(from);
};
const ARGS = { shelfId: "zq-main", top: 3 };
/** The request the list call must send: its path, query and the credential's header. */
const expectListRequest = (received: ReturnType<ReturnType<typeof sinceNow>>) => {
  expect(received).toHaveLength(1);
  expect(received[0]!.method).toBe("GET");
  expect(received[0]!.url).toBe("/v2/shelves/zq-main/books?$top=3");
  expect(received[0]!.headers["x-shelf-key"]).toBe(KEY);
};

describe("the shared adapter", () => {
  it("shows the model no connection parameter and refuses one set by the model, sending nothing", async () => {
    const [list] = adaptClient(client(), { only: ["listBooks"] });
    expect(list!.name).toBe("shelf_list_books");
    expect(Object.keys(list!.schema().properties)).not.toContain("apiKey");
    expect(Object.keys(list!.schema(true).properties)).not.toContain("apiKey");
    const sent = sinceNow();
    const refused = await list!.call({ ...ARGS, apiKey: "zq_model_supplied_key_123" });
    expect(refused).toMatchObject({ error: { type: "validation", param: "apiKey", rule: "connection" } });
    expect(JSON.stringify(refused)).not.toContain("zq_model_supplied_key_123");
    expect(sent()).toEqual([]);
  });

  it("tells the model a broken pattern whole (`expected`), whatever of it the message words", async () => {
    const [list] = adaptClient(client(), { only: ["listBooks"] });
    const sent = sinceNow();
    expect(await list!.call({ shelfId: "Zq Main!" })).toEqual({
      error: {
        type: "validation",
        message: 'shelfId: must be a value matching ^[a-z0-9-]+$, got "Zq Main!"',
        param: "shelfId",
        rule: "pattern",
        expected: "^[a-z0-9-]+$",
      },
    });
    expect(sent()).toEqual([]);
  });

  it("tells the model an upstream refusal, from a client that throws too, without the credential", async () => {
    const throwing = createClient(table, {
      apiKey: KEY,
      baseUrl: upstream.url,
      retries: 0,
      throwOnError: true,
    } as ClientOptions);
    for (const c of [client(), throwing]) {
      const [list] = adaptClient(c, { only: ["listBooks"] });
      const answer = await list!.call({ shelfId: "zq-locked" });
      expect(answer).toMatchObject({ error: { type: "upstream", status: 403, code: "FORBIDDEN" } });
      expect(JSON.stringify(answer)).not.toContain(KEY);
    }
  });

  it("keeps read-only tools only when asked, and refuses what is not a client", () => {
    expect(adaptClient(client(), { readOnly: true }).map((t) => t.name)).toEqual(["shelf_list_books"]);
    expect(() => adaptClient({ listBooks: () => undefined })).toThrow(/expected a Blockwright client/);
  });

  it(
    "describes a generated package's client, which holds only calls, by the tools it is given, " +
      "and refuses to guess without them",
    async () => {
      // As a generated package's table is: each method's call, its description apart
      // (runtime/spec/tool-description.ts).
      const calls = createClient({ ...table, methods: { listBooks: callOf(LIST), addBook: callOf(ADD) } }, {
        apiKey: KEY,
        baseUrl: upstream.url,
        retries: 0,
      } as ClientOptions);
      expect(() => adaptClient(calls)).toThrow(
        /shelf_list_books has no description in this client.*import the adapter from the provider package's subpath/,
      );
      const described = adaptClient(calls, {}, { [LIST.id]: LIST, [ADD.id]: ADD });
      const whole = adaptClient(client());
      expect(described.map((t) => [t.name, t.description, t.schema(), t.tool])).toEqual(
        whole.map((t) => [t.name, t.description, t.schema(), t.tool]),
      );
      expect(described[0]!.description).toContain(LIST.description);
      const sent = sinceNow();
      expect(await described.find((t) => t.method === "listBooks")!.call(ARGS)).toMatchObject({
        data: [{ id: "zq-b1" }],
      });
      expectListRequest(sent());
    },
  );

  it("tells the model a failure by its type, parameter and rule, without the credential", async () => {
    const [add] = adaptClient(client(), { only: ["shelf_add_book"] });
    const answer = await add!.call({ shelfId: "zq-main", title: "" });
    expect(answer).toMatchObject({ error: { type: "validation", param: "title" } });
    expect(JSON.stringify(answer)).not.toContain(KEY);
  });
});

describe("Vercel AI SDK (generateText with MockLanguageModelV4)", () => {
  it("runs the tool call the model asks for and hands the output back to it", async () => {
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 },
      outputTokens: { total: 1, text: 1, reasoning: 0 },
    };
    const model = new MockLanguageModelV4({
      doGenerate: [
        {
          content: [{ type: "tool-call", toolCallId: "call-1", toolName: LIST.id, input: JSON.stringify(ARGS) }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        },
        {
          content: [{ type: "text", text: "7 books" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        },
      ],
    });
    const sent = sinceNow();
    const tools = toAiSdkTools(client(), { needsApproval: "destructive" });
    const result = await generateText({ model, tools, prompt: "How many books on zq-main?", stopWhen: stepCountIs(3) });
    expectListRequest(sent());
    expect(result.text).toBe("7 books");
    expect(result.steps[0]!.toolResults[0]!.output).toMatchObject({ data: [{ id: "zq-b1" }], metadata: { total: 7 } });
    // What the model saw: the tool definitions of both calls and the tool result in the second prompt.
    const seen = JSON.stringify(model.doGenerateCalls);
    expect(seen).toContain("zq-b1");
    expect(seen).not.toContain(KEY);
    const offered = model.doGenerateCalls[0]!.tools!.find((t) => t.name === LIST.id) as {
      inputSchema: { properties: Record<string, unknown> };
    };
    expect(Object.keys(offered.inputSchema.properties).sort()).toEqual(["eventual", "shelfId", "top"]);
  });

  it("asks for approval of a write when told to, the SDK's hint", () => {
    const tools = toAiSdkTools(client(), { needsApproval: "write" });
    expect(tools[ADD.id]!.needsApproval).toBe(true);
    expect(tools[LIST.id]!.needsApproval).toBeUndefined();
  });
});

describe("LangChain.js (FakeStreamingChatModel emitting a tool call)", () => {
  it("runs the tool call the model emits, as a StructuredTool", async () => {
    const tools = toLangChainTools(client());
    const model = new FakeStreamingChatModel({
      sleep: 0,
      chunks: [
        new AIMessageChunk({
          content: "",
          tool_calls: [{ id: "call-1", name: LIST.id, args: ARGS, type: "tool_call" }],
        }),
      ],
    });
    const bound = model.bindTools(tools);
    const reply = await bound.invoke("How many books on zq-main?");
    const call = reply.tool_calls![0]!;
    const chosen = tools.find((t) => t.name === call.name)!;
    const sent = sinceNow();
    const message = (await chosen.invoke({ ...call, type: "tool_call" })) as ToolMessage;
    expectListRequest(sent());
    expect(JSON.parse(message.content as string)).toMatchObject({ data: [{ id: "zq-b1" }], metadata: { total: 7 } });
    // What the model is given: the bound tool definitions and the tool message.
    const definitions = (
      bound as unknown as {
        config: { tools: { function: { name: string; parameters: { properties: Record<string, unknown> } } }[] };
      }
    ).config.tools;
    expect(definitions.map((d) => d.function.name).sort()).toEqual([ADD.id, LIST.id].sort());
    expect(JSON.stringify(definitions)).not.toContain("apiKey");
    expect(JSON.stringify([definitions, message.content])).not.toContain(KEY);
    expect(chosen.metadata).toMatchObject({ readOnlyHint: true, destructiveHint: false });
  });
});

describe("OpenAI Agents SDK (a Model returning a function call)", () => {
  it("runs the function call through the agent loop and gives the model its output", async () => {
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
                callId: "call-1",
                name: LIST.id,
                arguments: JSON.stringify({ ...ARGS, eventual: null }),
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
              content: [{ type: "output_text", text: "7 books" }],
            },
          ],
        };
      },
      // biome-ignore lint/correctness/useYield: the runner here never streams.
      async *getStreamedResponse() {
        throw new Error("not streamed in this test");
      },
    };
    const agent = new Agent({
      name: "zq-librarian",
      instructions: "Count books.",
      model,
      tools: toOpenAiAgentsTools(client()),
    });
    const sent = sinceNow();
    const result = await new Runner({ tracingDisabled: true }).run(agent, "How many books on zq-main?");
    expectListRequest(sent());
    expect(result.finalOutput).toBe("7 books");
    const offered = requests[0]!.tools.find((t) => t.type === "function" && t.name === LIST.id) as {
      strict: boolean;
      parameters: { properties: Record<string, unknown>; required: string[] };
    };
    expect(offered.strict).toBe(true);
    expect(offered.parameters.required.sort()).toEqual(["eventual", "shelfId", "top"]);
    const seen = JSON.stringify(requests);
    expect(seen).toContain("zq-b1");
    expect(seen).not.toContain(KEY);
    expect(seen).not.toContain("apiKey");
  });
});
