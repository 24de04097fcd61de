// The options only some calls take, checked before any request (single-call.ts checkCallOptions): each of maxItems
// and maxPages refused alone when it is no whole number of at least 1, either given with allPages or without, and
// allPages refused for a tool that declares no pagination; a call that pages by none of them is sent.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import type { ToolSpec } from "../spec/tool-types.js";

const zqpayments = irFixture("zqpayments");
const list = zqpayments.operations.find((o) => o.tool.id === "zqpayments_list_customers")!.tool;
const unpaged: ToolSpec = { ...list, pagination: undefined };
const KEY = "sk_test_4eC39HqLyjWDarjt";
const page = () => json(200, { object: "list", url: "/v1/customers", has_more: false, data: [] });

const refusal = async (tool: ToolSpec, options: Record<string, unknown>) => {
  const { fetch, seen } = scriptedFetch(page());
  const result = await executeToolDefinition(tool, { apiKey: KEY }, { fetch, ...options });
  return result.success ? `sent ${seen.length}` : `${result.error.param} ${result.error.rule}`;
};

describe("the paging options, checked before any request", () => {
  it("refuses each bad count alone, with allPages or without, and allPages where no pages are", async () => {
    for (let round = 0; round < 2; round++) {
      expect(await refusal(list, {})).toBe("sent 1");
      expect(await refusal(list, { maxPages: 0 })).toBe("maxPages minimum");
      expect(await refusal(list, { maxItems: 1.5 })).toBe("maxItems minimum");
      expect(await refusal(list, { allPages: true, maxPages: -1 })).toBe("maxPages minimum");
      expect(await refusal(list, { allPages: true, maxItems: 2, maxPages: 0 })).toBe("maxPages minimum");
      expect(await refusal(list, { maxItems: 0, maxPages: 0 })).toBe("maxItems minimum");
      expect(await refusal(list, { allPages: true, maxPages: 1 })).toBe("sent 1");
      expect(await refusal(unpaged, { allPages: true })).toBe("allPages pagination");
      expect(await refusal(unpaged, { maxPages: 2 })).toBe("allPages pagination");
      expect(await refusal(unpaged, {})).toBe("sent 1");
    }
  });
});
