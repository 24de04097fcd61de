// A one-off call's User-Agent: the node entry's executors say `blockwright/<version>` (a call through executeTool or
// executeToolDefinition was sent as the fetch's own, `node`), a header given wins, and the plain entry's say none.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import type { ToolSpec } from "../spec/tool-types.js";
import { RUNTIME_VERSION } from "./version.js";
import { createExecutor as plainExecutor } from "../execute/executor.js";
import {
  CALL_AGENT,
  createExecutor,
  createPackageExecutor,
  executeToolDefinition,
  paginateToolDefinition,
} from "./node-agent.js";

const payments = irFixture("zqpayments");
const list: ToolSpec = payments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const KEY = "sk_test_zq_widgets_4eC39HqLyjW";
const empty = () => json(200, { object: "list", has_more: false, data: [] });
const tools = { zqpayments_list_customers: list };

describe("a one-off call's User-Agent", () => {
  it("says blockwright and the runtime's version from every executor of the node entry", async () => {
    const { fetch, seen } = scriptedFetch(empty(), empty(), empty(), empty());
    const params = { apiKey: KEY } as never;
    await createExecutor(tools)("zqpayments_list_customers", params, { fetch });
    await createPackageExecutor(tools)("zqpayments_list_customers", params, { fetch });
    await executeToolDefinition(list, params, { fetch });
    for await (const page of paginateToolDefinition(list, params, { fetch })) expect(page.success).toBe(true);
    expect(CALL_AGENT).toBe(`blockwright/${RUNTIME_VERSION}`);
    expect(seen.map((s) => s.headers.get("user-agent"))).toEqual(Array(4).fill(CALL_AGENT));
  });

  it("gives way to one the caller says; the plain entry says none (a browser's fetch says its own)", async () => {
    const { fetch, seen } = scriptedFetch(empty(), empty());
    await createExecutor(tools)("zqpayments_list_customers", { apiKey: KEY } as never, {
      fetch: (r) => {
        r.headers.set("User-Agent", "zq-app/1");
        return fetch(r);
      },
    });
    await plainExecutor(tools)("zqpayments_list_customers", { apiKey: KEY } as never, { fetch });
    expect(seen.map((s) => s.headers.get("user-agent"))).toEqual(["zq-app/1", null]);
  });
});
