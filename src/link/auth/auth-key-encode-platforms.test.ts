// `auth.encode: base64` (an API key sent as its base64 after a prefix) through what `generate --target n8n, sim`
// emits: an n8n node's execute over the credential's fields, and a Sim tool's request builders (Sim sends their
// request) and its directExecution. Each sends the key encoded to a loopback upstream, and the key and its base64
// appear in no output, error or log line of the run, an upstream that echoes them included.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createExecutor } from "@blockwright/runtime";
import { fullSupport, type ToolSpec } from "@blockwright/runtime/internal";
import { type N8nNode, runN8nNode } from "@blockwright/runtime/n8n";
import { simRequest } from "@blockwright/runtime/sim";
import { n8nContext, n8nErrors } from "../../../test-support/runtime/n8n-context.js";
import { server } from "../../../test-support/runtime/loopback-server.js";
import { cleanUp, toolsOf } from "../__fixtures__/zqauth.js";

const PARAMS =
  "  zqKeyValue: { type: string, maxLength: 256, required: true, secret: true, description: The key. }\n" +
  "  zqSecretValue: { type: string, maxLength: 256, required: true, secret: true, description: The secret. }\n";
const AUTH =
  '  scheme: zqKey\n  param: zqKeyValue\n  prefix: "Zq "\n  encode: base64\n  also:\n' +
  "    - scheme: zqSecret\n      param: zqSecretValue\n";
const KEY = "zqk_live_0000000000000001";
const SECRET = "zqs_live_0000000000000002";
const ENCODED = Buffer.from(KEY, "utf8").toString("base64");
const OPERATION = "zqauth_list_widgets";
const { rateLimits: _processLimiter, ...parts } = fullSupport;

let upstream: Awaited<ReturnType<typeof server>>;
let tools: Record<string, ToolSpec>;
// The upstream answers 200, or 401 echoing the key's header and the key when a test asks it to.
let echo = false;
const logged: string[] = [];
beforeAll(async () => {
  tools = { [OPERATION]: (await toolsOf(AUTH, PARAMS))[OPERATION] as ToolSpec };
  upstream = await server((r) =>
    echo
      ? { status: 401, body: JSON.stringify({ message: `refused ${String(r.headers["x-zq-key"])}; key ${KEY}` }) }
      : { status: 200, body: '{"count":2}' },
  );
});
afterAll(async () => {
  await upstream?.close();
  cleanUp();
});
afterEach(() => {
  echo = false;
  logged.length = 0;
  vi.restoreAllMocks();
});

/** Every console line of the run kept (and not printed). */
function captureLogs(): void {
  for (const level of ["log", "info", "warn", "error", "debug"] as const)
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" ")));
}

/** No trace of the key or of its base64 (any four of its characters in a row) in `text`. */
function expectNoKey(text: string): void {
  expect(text).not.toContain(KEY);
  for (let at = 0; at + 4 <= ENCODED.length; at += 4) expect(text).not.toContain(ENCODED.slice(at, at + 4));
}

const node: N8nNode = {
  provider: "zqauth",
  credential: "zqauthApi",
  credentialParams: ["zqKeyValue", "zqSecretValue"],
  baseUrlField: "baseUrl",
  operations: { [OPERATION]: { params: [] } },
};
const runNode = (continueOnFail = false) => {
  const executeTool = createExecutor(tools, parts);
  const credential = { zqKeyValue: KEY, zqSecretValue: SECRET, baseUrl: upstream.url };
  const { ctx } = n8nContext([{ operation: OPERATION }], credential, { continueOnFail });
  return runN8nNode(ctx, executeTool as never, node, n8nErrors);
};

describe("auth.encode: base64 in an n8n node", () => {
  it("sends the key's base64 after the prefix, the other credential as it is", async () => {
    captureLogs();
    const before = upstream.received.length;
    const out = await runNode();
    expect(out).toEqual([[{ json: { count: 2 }, pairedItem: { item: 0 } }]]);
    expect(upstream.received.length).toBe(before + 1);
    expect(upstream.received.at(-1)?.headers["x-zq-key"]).toBe(`Zq ${ENCODED}`);
    expect(upstream.received.at(-1)?.headers["x-zq-secret"]).toBe(SECRET);
    expectNoKey(JSON.stringify(out) + logged.join("\n"));
  });

  it("withholds the key and its base64 from the error of an upstream that echoes them", async () => {
    captureLogs();
    echo = true;
    const failed = await runNode().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failed).toBeInstanceOf(Error);
    const error = failed as Error & Record<string, unknown>;
    const text = JSON.stringify({ ...error, message: error.message }) + logged.join("\n");
    expect(text).toContain("refused Zq ");
    expectNoKey(text);
    const item = JSON.stringify(await runNode(true));
    expect(item).toContain("refused Zq ");
    expectNoKey(item);
  });
});

describe("auth.encode: base64 in a Sim tool", () => {
  const values = { zqKeyValue: KEY, zqSecretValue: SECRET, baseUrl: "" };
  const request = () => simRequest(createExecutor(tools, parts) as never, OPERATION, Object.keys(values), "baseUrl");

  it("builds the request Sim sends with the key's base64 after the prefix", async () => {
    captureLogs();
    const sim = request();
    const given = { ...values, baseUrl: upstream.url };
    const headers = sim.headers(given);
    expect(headers["x-zq-key"] ?? headers["X-Zq-Key"]).toBe(`Zq ${ENCODED}`);
    const before = upstream.received.length;
    const answer = await fetch(sim.url(given), { method: sim.method(given), headers });
    expect(upstream.received.length).toBe(before + 1);
    expect(upstream.received.at(-1)?.headers["x-zq-key"]).toBe(`Zq ${ENCODED}`);
    const out = await sim.transformResponse(answer, given);
    expect(out).toEqual({ success: true, output: { count: 2 } });
    expectNoKey(JSON.stringify(out) + logged.join("\n"));
  });

  it("sends the key's base64 by directExecution, withheld from the result of an upstream that echoes it", async () => {
    captureLogs();
    const given = { ...values, baseUrl: upstream.url };
    const sent = await request().directExecution(given);
    expect(sent).toEqual({ success: true, output: { count: 2 } });
    expect(upstream.received.at(-1)?.headers["x-zq-key"]).toBe(`Zq ${ENCODED}`);
    echo = true;
    const failed = await request().directExecution(given);
    expect(failed.success).toBe(false);
    expect(failed.error).toContain("refused Zq ");
    const echoed = request();
    const answer = await fetch(echoed.url(given), { method: echoed.method(given), headers: echoed.headers(given) });
    const transformed = await echoed.transformResponse(answer, given);
    expect(transformed.success).toBe(false);
    expectNoKey(JSON.stringify([sent, failed, transformed]) + logged.join("\n"));
  });
});
