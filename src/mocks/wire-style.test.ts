// The Prism mock of a spec reads a query array or object as the spec's
// `style`/`explode` say, as the runtime writes it (runtime/call/wire-style.test.ts
// checks the wire itself), on a fixture shaped like a form-encoded payments API.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { startMocks, type MockServers } from "./mocks.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
const specsDir = join(root, "test-support/fixtures/wire-style");
const store = irFixture("store");
const tool = (id: string): ToolSpec => store.operations.find((o) => o.tool.id === id)!.tool;
const KEY = "sk_test_4eC39HqLyjWDarjt";

describe("the mock reads the query as the spec's style says", () => {
  let mocks: MockServers;
  beforeAll(async () => {
    mocks = await startMocks(["store"], { specsDir, root });
  });
  afterAll(async () => {
    await mocks?.close();
  });

  /** The call against the mock, with the violations the mock found in the request. */
  async function onMock(params: Record<string, unknown>) {
    const violations: unknown[] = [];
    const fetchFn = async (request: Request) => {
      const response = await fetch(request);
      const header = response.headers.get("sl-violations");
      if (header) violations.push(...JSON.parse(header));
      if (response.status === 422)
        violations.push(...((await response.clone().json()) as { validation: unknown[] }).validation);
      return response;
    };
    const result = await executeToolDefinition(
      tool("store_list_customers"),
      { accessToken: KEY, ...params },
      { baseUrl: mocks.urls.store, fetch: fetchFn },
    );
    return { result, violations };
  }

  it("accepts every style as sent", async () => {
    const { result, violations } = await onMock({
      expand: ["data.tax"],
      created: { gte: 1 },
      tags: ["a", "b"],
      ids: ["x", "y"],
    });
    expect(violations).toEqual([]);
    expect(result).toMatchObject({ success: true });
  });

  it("judges the deepObject array's items (so it reads them as the array)", async () => {
    // The runtime refuses the long item first (the spec's item limit is linked); the mock, sent that wire form, judges
    // it too.
    const { result, violations } = await onMock({ expand: ["data.tax", "x".repeat(21)] });
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "expand", rule: "maxLength" } });
    expect(violations).toEqual([]);
    const sent = await fetch(
      `${mocks.urls.store}/v1/customers?expand%5B0%5D=data.tax&expand%5B1%5D=${"x".repeat(21)}`,
      { headers: { authorization: `Bearer ${KEY}` } },
    );
    // The mock's request judge reads the pairs as the array and refuses the long item, at its place.
    expect(sent.status).toBe(422);
    expect(JSON.parse(await sent.text())).toMatchObject({ refusals: [{ rule: "schema", pointer: "/query/expand/1" }] });
  });
});
