// One call's promise brings its result itself (run-tool.ts runOnce, single-call.ts sendCall's `resultOnly`): a `.then`
// taking the result from the call as sent was a promise and a microtask more a call. Two calls started together
// settle in the order of their microtasks, so the one without the `.then` settles first although started second.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json } from "../../test-support/runtime/scripted-fetch.js";
import { prepareCall, sendCall, type ExecuteOptions } from "../call/single-call.js";
import type { ToolResult } from "../http/errors.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { fullSupport } from "./full-support.js";
import { runOnce } from "./run-tool.js";

const shelf = irFixture("shelf");
const tool = (id: string): ToolSpec => shelf.operations.find((o) => o.tool.id === id)!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const params = { apiKey: KEY, shelfId: "fiction" };

/**
 * Every part of the support but the rate kept (a limiter's turn is not what this compares) and files (their opening is
 * awaited first), and a fetch answering at once.
 */
const { rateLimits: _, files: __, ...parts } = fullSupport;
const options = (reply: () => Response): ExecuteOptions => ({ ...parts, fetch: async () => reply() });

/** Which of a call through runOnce and one through sendCall and a `.then` settles first, the latter started first. */
async function firstSettled(reply: () => Response): Promise<{ first: string; results: ToolResult[] }> {
  const order: string[] = [];
  const o = options(reply);
  const prepared = prepareCall(tool("shelf_list_books"), params, o);
  if ("failed" in prepared) throw new Error("not prepared");
  const chained = sendCall(prepared, prepared.request(), o).then((sent) => sent.result);
  const direct = runOnce(tool("shelf_list_books"), params, o);
  const settled = (name: string) => (r: ToolResult) => {
    order.push(name);
    return r;
  };
  const results = await Promise.all([chained.then(settled("chained")), direct.then(settled("direct"))]);
  return { first: order[0]!, results };
}

describe("one call's result, with no promise of its own around the sending", () => {
  it("settles a success a microtask before the call as sent, taken by a then, started before it", async () => {
    const { first, results } = await firstSettled(() => json(200, { total: 1, value: [{ id: "b1" }] }));
    expect(results[1]).toEqual(results[0]);
    expect(results[1]!.success).toBe(true);
    expect(first).toBe("direct");
  });

  it("settles a failure (an upstream error) the same way, the result and not the call as sent", async () => {
    const { first, results } = await firstSettled(() => json(400, { error: { message: "no such shelf" } }));
    expect(results[1]).toEqual(results[0]);
    expect(results[1]).toMatchObject({ success: false, error: { type: "upstream", status: 400 } });
    expect(first).toBe("direct");
  });
});

describe("the secrets a call keeps out of its results", () => {
  it("are the caller's and the call's own, the caller's list left as given", async () => {
    const caller = ["zq-caller-secret-0001"];
    const o = { ...options(() => json(200, { total: 1, value: [{ id: "zq-caller-secret-0001", title: KEY }] })) };
    const result = await runOnce(tool("shelf_list_books"), params, { ...o, secrets: caller });
    expect(caller).toEqual(["zq-caller-secret-0001"]);
    expect(JSON.stringify(result)).not.toContain("zq-caller-secret-0001");
    expect(JSON.stringify(result)).not.toContain(KEY);
    expect(JSON.stringify(await runOnce(tool("shelf_list_books"), params, o))).not.toContain(KEY);
  });
});
