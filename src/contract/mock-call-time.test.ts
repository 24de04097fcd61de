// A case's call waits for the mock as long as the mock takes (up to a hang
// guard), not the operation's own time limit: that limit is about the live
// service, and a mock answer past it on a busy machine is no broken contract.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { callTool } from "./call.js";

const base = irFixture("tracker").operations.find((o) => o.tool.method === "GET")!.tool;
/** The operation's own limit, far shorter than the mock takes to answer. */
const tool: ToolSpec = { ...structuredClone(base), timeoutMs: 20 };
const ANSWER_AFTER_MS = tool.timeoutMs! * 10;

let address = "";
const mock = createServer((req, res) => {
  req.resume();
  setTimeout(() => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end("[]");
  }, ANSWER_AFTER_MS);
});
beforeAll(async () => {
  await new Promise<void>((resolve) => mock.listen(0, "127.0.0.1", resolve));
  address = `http://127.0.0.1:${(mock.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => mock.close(() => resolve())));

describe("a case's call to a mock slower than the operation's time limit", () => {
  it("gets the mock's answer instead of a timeout", async () => {
    const input = Object.fromEntries(
      tool.params.filter((p) => p.required).map((p) => [p.name, p.secret ? "zq-token-0123456789" : "zq"]),
    );
    const called = await callTool(tool, input, { mockUrl: () => address, seed: 1, runs: 1 }, { retries: 0 });
    expect(called.exchanges.map((e) => e.status)).toEqual([200]);
    expect(called.result).toMatchObject({ success: true });
  });
});
