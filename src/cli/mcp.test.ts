// `blockwright mcp` in-process: the command on in-memory stdio streams, driven
// by the MCP SDK's Client, on the suite's shared Prism mocks. The real
// process over real stdio is mcp.process.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { StreamsClientTransport } from "../../test-support/streams-client-transport.js";
import { afterAll, describe, expect, it } from "vitest";
import { sharedMockUrls } from "../../test-support/shared-mocks.js";
import type { CliIo } from "./support/io.js";
import { serve } from "./mcp.js";
import { connectionParams, flowParams, oauthParams, toLlmTools } from "@blockwright/runtime/internal";
import { OPERATION_IDS, PROVIDER_IDS, ROOT, triggerIds, tools as repoTools } from "../../test-support/repo.js";
import { envVariableName } from "../model/naming.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

interface Session {
  client: Client;
  /** The server's standard input and output, under the client's messages (a message no client would send). */
  stdin: PassThrough;
  stdout: PassThrough;
  stderr: () => string;
  mocks: { asked: string[]; closed: boolean }[];
  /** Closes stdin as a client does, and resolves with the command's exit status. */
  close(): Promise<number>;
}

async function start(argv: string[], env: Record<string, string> = {}): Promise<Session> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let stderr = "";
  const mocks: Session["mocks"] = [];
  const shared = await sharedMockUrls();
  const io: CliIo = {
    stdout,
    stderr: { write: (t: string) => (stderr += t) },
    env,
    cwd: ROOT,
    interrupted: new Promise<void>(() => {}),
    startMocks: async (providers) => {
      const record = { asked: providers, closed: false };
      mocks.push(record);
      return {
        urls: Object.fromEntries(providers.map((p) => [p, shared[p]!])),
        close: async () => void (record.closed = true),
      };
    },
  };
  const exit = serve(argv, io, { stdin, stdout });
  const client = new Client({ name: "blockwright-test", version: "0" });
  await client.connect(new StreamsClientTransport(stdin, stdout));
  return {
    client,
    stdin,
    stdout,
    stderr: () => stderr,
    mocks,
    close: async () => {
      await client.close();
      return exit;
    },
  };
}

const text = (result: unknown) => ((result as CallToolResult).content[0] as { text: string }).text;

const work = mkdtempSync(join(runScratch(), "blockwright-mcp-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("blockwright mcp --mock", () => {
  it("serves every tool on the mocks and stops them when the client closes stdin", async () => {
    const s = await start(["--mock"]);
    const { tools } = await s.client.listTools();
    expect(tools).toHaveLength(OPERATION_IDS.length);
    // A trigger starts a workflow and is never called: no tool has a trigger's id (the triggers as the specs link
    // them).
    const triggers = new Set(await triggerIds());
    expect(tools.filter((t) => triggers.has(t.name))).toEqual([]);
    expect(s.client.getInstructions()).toContain("never pass them as arguments");
    const search = await s.client.callTool({
      name: "persondata_person_search",
      arguments: { sql: "SELECT * FROM person", size: null },
    });
    expect(search.isError).toBeFalsy();
    expect(search.structuredContent).toMatchObject({ data: expect.any(Array), metadata: { status: 200 } });
    expect(JSON.parse(text(search))).toEqual(search.structuredContent);
    expect(s.mocks).toEqual([{ asked: PROVIDER_IDS, closed: false }]);
    expect(await s.close()).toBe(0);
    expect(s.mocks[0]!.closed).toBe(true);
    expect(s.stderr()).toContain(
      `blockwright mcp: serving ${OPERATION_IDS.length} tools of ${PROVIDER_IDS.join(", ")} on stdio (mock mode`,
    );
    // A placeholder for each connection parameter of each provider but an OAuth flow's (the placeholder token stands
    // in): no variable is set.
    const variables = new Set(
      Object.values(repoTools).flatMap((t) =>
        connectionParams(t)
          .filter((p) => !oauthParams(t).has(p.name))
          .map((p) => envVariableName(t.provider, p.name)),
      ),
    );
    const placeholders = s
      .stderr()
      .match(/^placeholders \(mock mode\) for unset variables: (.*)$/m)?.[1]
      ?.split(", ");
    expect(placeholders?.sort()).toEqual([...variables].sort());
    expect(s.stderr()).toMatch(/stopped \(the client closed stdin\)\n$/);
  });

  it("serves only the providers named", async () => {
    const s = await start(["--mock", "books"]);
    expect((await s.client.listTools()).tools.map((t) => t.name)).toEqual(["books_get_volume", "books_search_volumes"]);
    expect(s.mocks[0]!.asked).toEqual(["books"]);
    expect(await s.close()).toBe(0);
  });

  it("--read-only lists and runs only the tools that change nothing", async () => {
    const s = await start(["--mock", "--read-only"]);
    const { tools } = await s.client.listTools();
    expect(tools).toEqual(toLlmTools(repoTools, "mcp", { readOnly: true }));
    expect(tools.length).toBeGreaterThan(0);
    for (const t of tools) expect(t.annotations?.readOnlyHint, t.name).toBe(true);
    expect(tools.map((t) => t.name)).toContain("persondata_person_search");
    await expect(
      s.client.callTool({ name: "crm_create_record", arguments: { sobject: "Account", fields: {} } }),
    ).rejects.toThrow(/crm_create_record changes data and this server is read-only/);
    await expect(s.client.callTool({ name: "nope", arguments: {} })).rejects.toThrow(/unknown tool "nope"/);
    expect(await s.close()).toBe(0);
  });

  it("answers bad arguments with a tool error naming the parameter, the rule and the value", async () => {
    const s = await start(["--mock"]);
    const tooMany = await s.client.callTool({ name: "directory_list_users", arguments: { top: 1000 } });
    expect(tooMany.isError).toBe(true);
    expect(text(tooMany)).toMatch(/^top: must be at most 999 \(allowed: 1–999\), got 1000\n/);
    expect(JSON.parse(text(tooMany).split("\n\n")[1]!).error).toMatchObject({
      type: "validation",
      param: "top",
      rule: "maximum",
    });
    const rule = await s.client.callTool({ name: "persondata_person_search", arguments: {} });
    expect(text(rule)).toMatch(/^exactly one of query, sql is required, got none/);
    const pattern = await s.client.callTool({
      name: "crm_get_record",
      arguments: { sobject: "Account", recordId: "not-an-id" },
    });
    // A pattern with its words prints the words; the pattern itself goes to the model as the error's `expected`.
    expect(text(pattern)).toMatch(/^recordId: must be a record ID of 15 or 18 letters and digits, got "not-an-id"/);
    expect(JSON.parse(text(pattern).split("\n\n")[1]!).error).toMatchObject({ rule: "pattern", expected: /.+/ });
    expect(await s.close()).toBe(0);
  });

  it("answers an argument nested past the nesting limit with a tool error naming the rule", async () => {
    const s = await start(["--mock"]);
    const { tools } = await s.client.listTools();
    const tool = tools.find((t) => Object.keys(t.inputSchema.properties ?? {}).length > 0)!;
    const param = Object.keys(tool.inputSchema.properties!)[0]!;
    // Written by hand: the SDK's client cannot serialise it (JSON.stringify runs out of stack), a client of any other
    // make can.
    const deep = `${"[".repeat(10_000)}1${"]".repeat(10_000)}`;
    let out = "";
    s.stdout.on("data", (chunk: Buffer) => (out += chunk));
    s.stdin.write(
      `{"jsonrpc":"2.0","id":"zq-deep","method":"tools/call","params":{"name":${JSON.stringify(tool.name)}` +
        `,"arguments":{${JSON.stringify(param)}:${deep}}}}\n`,
    );
    while (!out.includes('"id":"zq-deep"')) await new Promise((r) => setTimeout(r, 20));
    const answer = JSON.parse(out.split("\n").find((line) => line.includes('"id":"zq-deep"'))!) as {
      result: CallToolResult;
    };
    expect(answer.result.isError).toBe(true);
    expect(text(answer.result)).toMatch(
      new RegExp(
        `^${param}: is nested more than 100 levels deep \\(rule: depth; arrays and objects may nest at most ` +
          `100 levels\\), got a value nested deeper at 0/0/0/…/0/0\n`,
      ),
    );
    expect(JSON.parse(text(answer.result).split("\n\n")[1]!).error).toMatchObject({
      type: "validation",
      param,
      rule: "depth",
    });
    expect(await s.close()).toBe(0);
  });

  it("refuses a credential passed as an argument, without echoing it", async () => {
    const s = await start(["--mock"]);
    const result = await s.client.callTool({
      name: "books_search_volumes",
      arguments: { q: "dune", apiKey: "model-invented-key-123" },
    });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(/^apiKey: is set by the server's connection settings, not by tool arguments/);
    expect(JSON.stringify(result)).not.toContain("model-invented-key-123");
    expect(await s.close()).toBe(0);
  });

  it("keeps a configured credential out of its answers and messages", async () => {
    const SECRET = "s3cr3t!"; // too short: refused by the runtime, which must not show it
    const s = await start(["--mock", "books"], { BOOKS_API_KEY: SECRET });
    const result = await s.client.callTool({ name: "books_search_volumes", arguments: { q: "dune" } });
    expect(result.isError).toBe(true);
    expect(text(result)).toContain("apiKey: must be at least 8 characters long, got (secret value withheld)");
    expect(await s.close()).toBe(0);
    expect(JSON.stringify(result) + s.stderr()).not.toContain(SECRET);
  });
});

describe("blockwright mcp (live)", () => {
  it("starts without credentials, warns, and answers calls with what to set (no request is sent)", async () => {
    const s = await start(["docgen"]);
    expect(s.stderr()).toContain("warning: docgen tools will answer with an error: not set: DOCGEN_API_KEY");
    const result = await s.client.callTool({ name: "docgen_list_themes", arguments: {} });
    expect(result.isError).toBe(true);
    expect(text(result)).toMatch(
      /^docgen_list_themes cannot run: the server has no apiKey \(environment variable DOCGEN_API_KEY\)/,
    );
    expect(s.mocks).toEqual([]);
    expect(await s.close()).toBe(0);
  });

  it("reads credentials from the variables a --config file names", async () => {
    const config = join(work, "connections.yaml");
    writeFileSync(config, 'connections:\n  docgen:\n    apiKey: "{{MY_DOCGEN_TOKEN}}"\n');
    const s = await start(["docgen", "--config", config], { MY_DOCGEN_TOKEN: "docgen-token-0123456789" });
    expect(s.stderr()).not.toContain("warning");
    // A bad argument fails before any request: nothing leaves the machine.
    const result = await s.client.callTool({ name: "docgen_list_themes", arguments: { limit: 51 } });
    expect(text(result)).toMatch(/^limit: must be at most 50/);
    expect(await s.close()).toBe(0);
  });
});

describe("connection config", () => {
  const run = async (yaml: string) => {
    const file = join(work, `bad-${Math.random().toString(36).slice(2)}.yaml`);
    writeFileSync(file, yaml);
    let stderr = "";
    const io: CliIo = {
      stdout: { write: () => true },
      stderr: { write: (t: string) => (stderr += t) },
      env: {},
      cwd: work,
      interrupted: new Promise(() => {}),
    };
    const { main } = await import("../cli.js");
    const code = await main(["mcp", "--out", join(ROOT, "generated"), "--config", file], io);
    return { code, stderr: stderr.replaceAll(file, "<file>") };
  };

  it("names each problem with its position, and never echoes a literal secret", async () => {
    const { code, stderr } = await run(
      [
        "connections:",
        "  nowhere: {}",
        "  crm:",
        "    sobject: Account",
        "    apiKey: literal-token-value",
        "    instanceUrl: https://acme.my.example.com",
        "extra: 1",
        "",
      ].join("\n"),
    );
    expect(code).toBe(2);
    expect(stderr.split("\n").slice(0, 5)).toEqual([
      "blockwright mcp: --config <file> is not valid:",
      '<file>:7:1: extra: unknown field "extra" (allowed: connections)',
      `<file>:2:3: connections.nowhere: unknown provider "nowhere" (providers: ${PROVIDER_IDS.join(", ")})`,
      '<file>:4:5: connections.crm.sobject: "sobject" is filled by the model in each call, not by the connection',
      "<file>:5:13: connections.crm.apiKey: is a secret: give it as a reference to an environment variable, " +
        'e.g. "{{CRM_API_KEY}}"; the literal value was not used [BW3010]',
    ]);
    expect(stderr).not.toContain("literal-token-value");
  });

  it("reports a file that is not YAML", async () => {
    const { code, stderr } = await run("connections: [\n");
    expect(code).toBe(2);
    expect(stderr).toMatch(/^blockwright mcp: --config <file>:2:1: invalid YAML/);
  });

  it("default variables are <PROVIDER>_<PARAM> in upper snake case", () => {
    expect(envVariableName("crm", "apiKey")).toBe("CRM_API_KEY");
    expect(envVariableName("crm", "instanceUrl")).toBe("CRM_INSTANCE_URL");
    expect(envVariableName("directory", "accessToken")).toBe("DIRECTORY_ACCESS_TOKEN");
    expect(envVariableName("my-provider", "min_likelihood")).toBe("MY_PROVIDER_MIN_LIKELIHOOD");
  });
});

describe("blockwright mcp and OAuth 2 flows", () => {
  // A provider whose tools declare a client credentials flow, and one of its read-only tools without required
  // parameters.
  const oauthTool = Object.values(repoTools).find(
    (t) =>
      t.oauth?.flows.some((f) => f.grant === "clientCredentials") &&
      t.method === "GET" &&
      !t.params.some((p) => p.required),
  );

  it(
    "--mock: a flow's parameters set, the token comes from the token endpoint mock; none set, " +
      "a placeholder token; live, what to set",
    async () => {
      expect(oauthTool).toBeDefined();
      const tool = oauthTool!;
      const flow = tool.oauth!.flows.find((f) => f.grant === "clientCredentials")!;
      const env = Object.fromEntries(
        flowParams(flow).map((name) => [
          envVariableName(tool.provider, name),
          String(tool.params.find((p) => p.name === name)?.placeholder ?? "mcp-flow-value-1234"),
        ]),
      );
      const s = await start(["--mock", tool.provider], env);
      const result = await s.client.callTool({ name: tool.id, arguments: {} });
      expect(result.isError, text(result)).toBeFalsy();
      expect(await s.close()).toBe(0);
      expect(s.stderr()).not.toContain(envVariableName(tool.provider, tool.auth.param));
      for (const p of tool.params.filter((q) => q.secret && flowParams(flow).includes(q.name)))
        expect(JSON.stringify(result) + s.stderr()).not.toContain(env[envVariableName(tool.provider, p.name)]);

      const keyless = await start(["--mock", tool.provider]);
      expect((await keyless.client.callTool({ name: tool.id, arguments: {} })).isError).toBeFalsy();
      expect(await keyless.close()).toBe(0);
      const placeholders = keyless
        .stderr()
        .match(/placeholders \(mock mode\) for unset variables: (.*)\n/)?.[1]
        ?.split(", ");
      expect(placeholders).toContain(envVariableName(tool.provider, tool.auth.param));
      // A flow's parameters get none: a made-up tenant would fail its pattern.
      for (const name of flowParams(flow)) expect(placeholders).not.toContain(envVariableName(tool.provider, name));

      const live = await start([tool.provider]);
      expect(live.stderr()).toContain(`not set: ${envVariableName(tool.provider, tool.auth.param)}`);
      expect(await live.close()).toBe(0);
    },
  );
});
