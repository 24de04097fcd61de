// The effect of an operation's `timeoutMs` (ToolSpec.timeoutMs, read by
// single-call.ts): a call of the operation ends at its deadline, not the
// runtime's default of 30 s; a caller's own timeoutMs option still wins.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const zqpayments = irFixture("zqpayments");
const listCustomers = zqpayments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const KEY = "sk_test_4eC39HqLyjWDarjt";
/** An upstream that never answers, until the call's signal (if any) gives up. */
const silent: typeof fetch = (input) =>
  new Promise((_, reject) =>
    (input instanceof Request ? input.signal : undefined)?.addEventListener("abort", () =>
      reject(new Error("aborted")),
    ),
  );

describe("an operation's timeoutMs", () => {
  it("ends a call of the operation at that deadline", async () => {
    const tool: ToolSpec = { ...listCustomers, timeoutMs: 25 };
    const result = await executeToolDefinition(tool, { apiKey: KEY }, { fetch: silent });
    expect(result).toMatchObject({
      success: false,
      error: { type: "timeout", message: expect.stringContaining("within 25 ms") },
    });
  });

  it("gives way to the caller's own timeoutMs", async () => {
    const tool: ToolSpec = { ...listCustomers, timeoutMs: 600_000 };
    const result = await executeToolDefinition(tool, { apiKey: KEY }, { fetch: silent, timeoutMs: 20 });
    expect(result).toMatchObject({
      success: false,
      error: { type: "timeout", message: expect.stringContaining("within 20 ms") },
    });
  });
});
