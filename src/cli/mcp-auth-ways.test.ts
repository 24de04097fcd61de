// `blockwright mcp` on a provider whose credential comes in one of several ways (a key in the query, or a bearer
// token): each way's parameters are optional, so with none set the server warned of nothing and a model's call was
// answered "apiKey: is required; or instead give accessToken", as if the model could give one. It warns now, and
// answers before any request that the server has neither, naming each variable to set, as for a required one.
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { addedProject } from "../../test-support/cli/added-project.js";
import { StreamsClientTransport } from "../../test-support/streams-client-transport.js";
import { serve } from "./mcp.js";

const document = {
  openapi: "3.0.3",
  info: { title: "Zq Ways", version: "1.0.0" },
  servers: [{ url: "https://api.zqways.example/v1" }],
  components: {
    securitySchemes: {
      key: { type: "apiKey", in: "query", name: "zq_key" },
      bearer: { type: "http", scheme: "bearer" },
    },
  },
  security: [{ key: [] }, { bearer: [] }],
  paths: {
    "/zqthings": {
      get: {
        operationId: "zqListThings",
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    },
  },
};
const project = addedProject("blockwright-mcp-auth-ways-", "zqways", document, '{"id":"zq1"}');

async function call(env: Record<string, string>): Promise<{ result: CallToolResult; stderr: string; sent: number }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let stderr = "";
  const exit = serve(
    ["--base-url", `zqways=${project.upstream.url}`],
    {
      stdout,
      stderr: { write: (t: string) => (stderr += t) },
      env,
      cwd: project.dir,
      interrupted: new Promise<void>(() => {}),
      startMocks: () => Promise.reject(new Error("no mocks in a live session")),
    },
    { stdin, stdout },
  );
  const client = new Client({ name: "blockwright-test", version: "0" });
  await client.connect(new StreamsClientTransport(stdin, stdout));
  const before = project.upstream.received.length;
  const result = (await client.callTool({ name: "zqways_zq_list_things", arguments: {} })) as CallToolResult;
  await client.close();
  expect(await exit, stderr).toBe(0);
  return { result, stderr, sent: project.upstream.received.length - before };
}

describe("mcp on a credential of several ways", () => {
  it("warns when no way is set, and answers a call with every variable that would do, sending nothing", async () => {
    const { result, stderr, sent } = await call({});
    expect(stderr).toContain(
      "warning: zqways tools will answer with an error: not set: ZQWAYS_ACCESS_TOKEN or ZQWAYS_API_KEY",
    );
    expect(sent).toBe(0);
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(
      new RegExp(
        "^zqways_zq_list_things cannot run: the server has no accessToken \\(environment variable " +
          "ZQWAYS_ACCESS_TOKEN\\) or apiKey \\(environment variable ZQWAYS_API_KEY\\)\\. This is the server's " +
          "configuration",
      ),
    );
  });

  it("calls with the way that is set, and warns of nothing", async () => {
    const { result, stderr, sent } = await call({ ZQWAYS_ACCESS_TOKEN: "zq-ways-token-0001" });
    expect(stderr).not.toContain("warning");
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(sent).toBe(1);
    expect(project.upstream.received.at(-1)?.headers.authorization).toBe("Bearer zq-ways-token-0001");
  });
});
