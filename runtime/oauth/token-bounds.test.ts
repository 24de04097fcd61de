// A token endpoint's answer is read as an API reply is (issue 28, item 2):
// within a size cap, and stopped — request aborted, body cancelled — when the
// call's time runs out, whether the endpoint streams for ever, drips, or never
// answers. Loopback servers that never end their answer; the assertions are on
// the error's code and on the server seeing the client hang up, never on time.
import { afterEach, describe, expect, it } from "vitest";
import { neverEndingServer } from "../../test-support/runtime/loopback-server.js";
import { fixtureTools } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "../execute/execute.js";
import { TokenCache } from "./token-cache.js";
import { TOKEN_REPLY_BYTES } from "./token-request.js";

const tools = fixtureTools("tracker-oauth");
const list = tools.tracker_list_issues!;
const SECRET = "client-secret-5f1e9a7c";
const params = { owner: "octo", repo: "hello", tenant: "contoso", clientId: "app-1", clientSecret: SECRET };

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

async function callAgainst(mode: "endless" | "drip" | "silent", timeoutMs: number, signal?: AbortSignal) {
  const s = await neverEndingServer(mode);
  stop = s.close;
  // The API is never reached: no token comes. Its address is a loopback port nobody listens on.
  const result = await executeToolDefinition(list, params, {
    baseUrl: "http://127.0.0.1:9",
    tokenUrl: `${s.url}/{tenant}/token`,
    tokens: new TokenCache(),
    timeoutMs,
    ...(signal ? { signal } : {}),
  });
  return { result, server: s };
}

describe("a token endpoint whose answer never ends", () => {
  it("streaming for ever: the answer is cut at the cap, REPLY_TOO_LARGE, the stream cancelled", async () => {
    const { result, server } = await callAgainst("endless", 60_000);
    expect(result).toMatchObject({
      success: false,
      error: { type: "auth", code: "REPLY_TOO_LARGE", retryable: false },
    });
    await server.closed;
    // Cut near the cap, not read on: what the kernel buffers aside, nothing more was taken.
    expect(server.state.sent).toBeLessThan(TOKEN_REPLY_BYTES * 64);
    expect(JSON.stringify(result)).not.toContain(SECRET);
  });

  it("dripping: the call's time stops the body too, TOKEN_TIMEOUT, the stream cancelled", async () => {
    const { result, server } = await callAgainst("drip", 400);
    expect(result).toMatchObject({
      success: false,
      error: { type: "timeout", code: "TOKEN_TIMEOUT", retryable: true },
    });
    await server.closed;
    const sentAtEnd = server.state.sent;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.state.sent).toBe(sentAtEnd);
  });

  it("never answering at all: the request is aborted, TOKEN_TIMEOUT", async () => {
    const { result, server } = await callAgainst("silent", 300);
    expect(result).toMatchObject({ success: false, error: { type: "timeout", code: "TOKEN_TIMEOUT" } });
    await server.closed;
    expect(server.state.requests).toBe(1);
  });

  it("cancelled by the caller (Ctrl-C): the stream is cancelled, ABORTED", async () => {
    const caller = new AbortController();
    const s = await neverEndingServer("drip");
    stop = s.close;
    const pending = executeToolDefinition(list, params, {
      baseUrl: "http://127.0.0.1:9",
      tokenUrl: `${s.url}/{tenant}/token`,
      tokens: new TokenCache(),
      timeoutMs: 60_000,
      signal: caller.signal,
    });
    while (s.state.sent === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    caller.abort();
    expect(await pending).toMatchObject({ success: false, error: { type: "network", code: "ABORTED" } });
    await s.closed;
  });
});
