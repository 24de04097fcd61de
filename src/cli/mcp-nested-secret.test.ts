// A model's call through `blockwright mcp` of a tool whose required JSON value holds a secret (a relay's
// `zqlogin.password`): the field is hidden from the model and refused from it, and nothing joined the person's value
// in, so every such call was refused "zqlogin.password: is required". The value now comes from the connection, as a
// top-level secret's does (<PROVIDER>_<PARAM>_<FIELD>, or a --config reference), is sent, and is kept out of the
// answer; unset, the call is refused before any request, naming the variable to set.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { addedProject } from "../../test-support/cli/added-project.js";
import { StreamsClientTransport } from "../../test-support/streams-client-transport.js";
import { serve } from "./mcp.js";

const text = { type: "string" };
const document = {
  openapi: "3.0.3",
  info: { title: "Zq Mail", version: "1.0.0" },
  servers: [{ url: "https://api.zqsmtp.example/v1" }],
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
  paths: {
    "/zqrelays": {
      post: {
        operationId: "zqAddRelay",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqhost", "zqlogin"],
                properties: {
                  zqhost: text,
                  zqlogin: {
                    type: "object",
                    required: ["username", "password"],
                    properties: { username: text, password: text },
                  },
                },
              },
            },
          },
        },
        responses: {
          "200": {
            description: "ok",
            content: { "application/json": { schema: { type: "object", properties: { id: text } } } },
          },
        },
      },
    },
  },
};
// The upstream echoes what it was sent, the secret included.
const project = addedProject("blockwright-mcp-nested-secret-", "zqsmtp", document, (r) => ({
  status: 200,
  body: JSON.stringify({ id: `made from ${r.body}` }),
}));
const KEY = "zq-smtp-key-0000000001";
const PASSWORD = "zq-Pa55word-0079";
const args = { zqhost: "smtp.zq.example", zqlogin: { username: "zqann" } };

async function call(argv: string[], env: Record<string, string>): Promise<{ result: CallToolResult; sent: string[] }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let stderr = "";
  const exit = serve(
    ["--base-url", `zqsmtp=${project.upstream.url}`, ...argv],
    {
      stdout,
      stderr: { write: (t: string) => (stderr += t) },
      env: { ZQSMTP_API_KEY: KEY, ...env },
      cwd: project.dir,
      interrupted: new Promise<void>(() => {}),
      startMocks: () => Promise.reject(new Error("no mocks in a live session")),
    },
    { stdin, stdout },
  );
  const client = new Client({ name: "blockwright-test", version: "0" });
  await client.connect(new StreamsClientTransport(stdin, stdout));
  const before = project.upstream.received.length;
  const result = (await client.callTool({ name: "zqsmtp_zq_add_relay", arguments: args })) as CallToolResult;
  await client.close();
  expect(await exit, stderr).toBe(0);
  return { result, sent: project.upstream.received.slice(before).map((s) => s.body) };
}

describe("a secret inside a model's JSON value, through mcp", () => {
  it("is joined from <PROVIDER>_<PARAM>_<FIELD>, sent, and kept out of the answer", async () => {
    const { result, sent } = await call([], { ZQSMTP_ZQLOGIN_PASSWORD: PASSWORD });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(sent.map((b) => JSON.parse(b))).toEqual([
      { zqhost: "smtp.zq.example", zqlogin: { username: "zqann", password: PASSWORD } },
    ]);
    expect(JSON.stringify(result)).toContain("made from");
    expect(JSON.stringify(result)).not.toContain(PASSWORD);
  });

  it("is joined from the variable a --config reference names; a literal there is refused unechoed", async () => {
    const config = join(project.dir, "zq-connections.yaml");
    writeFileSync(config, 'connections:\n  zqsmtp:\n    zqlogin.password: "{{ZQ_RELAY_PASSWORD}}"\n');
    const { result, sent } = await call(["--config", config], { ZQ_RELAY_PASSWORD: PASSWORD });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    expect(JSON.parse(sent[0] ?? "{}").zqlogin.password).toBe(PASSWORD);
    writeFileSync(config, `connections:\n  zqsmtp:\n    zqlogin.password: ${PASSWORD}\n`);
    const literal = await cli(["mcp", "--config", config], { cwd: project.dir, env: { ZQSMTP_API_KEY: KEY } });
    expect(literal.code).toBe(2);
    expect(literal.stderr).toContain(
      "zqlogin.password: is a secret: give it as a reference to an environment variable, e.g. " +
        '"{{ZQSMTP_ZQLOGIN_PASSWORD}}"',
    );
    expect(literal.stderr).not.toContain(PASSWORD);
  });

  it("is refused before any request when unset, naming the variable to set", async () => {
    const { result, sent } = await call([], {});
    expect(sent).toEqual([]);
    expect(result.isError).toBe(true);
    expect((result.content[0] as { text: string }).text).toMatch(
      new RegExp(
        "^zqlogin\\.password: is a secret the person running the tools sets \\(environment variable " +
          "ZQSMTP_ZQLOGIN_PASSWORD\\), not a tool argument, and it is not set",
      ),
    );
  });
});
