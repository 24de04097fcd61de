// A generated n8n node's credential test (n8n.ts): the probe operation called with the credential's values, or,
// without a probe, the values checked against the parameters' rules (test-support/runtime/n8n-context.ts).
import { describe, expect, it } from "vitest";
import { callParts, fixtureTools, SHELF_KEY, shelfNode } from "../../test-support/runtime/n8n-context.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { createExecutor } from "../execute/executor.js";
import { type N8nNode, testN8nCredential } from "./n8n.js";

describe("the credential test", () => {
  it("calls the probe operation with the credential's values", async () => {
    const node: N8nNode = {
      provider: "zqpayments",
      credential: "zqpaymentsApi",
      credentialParams: ["apiKey"],
      operations: {},
    };
    const { fetch, seen } = scriptedFetch(
      json(401, { error: { type: "invalid_request_error", message: "key revoked" } }),
      json(200, { data: [], has_more: false }),
    );
    const executeTool = createExecutor(fixtureTools("zqpayments"), { ...callParts, fetch, retries: 0 } as never);
    const probe = { operation: "zqpayments_list_customers", send: true };
    expect(await testN8nCredential(executeTool, node, { apiKey: "zq-key-0123456789" }, probe)).toMatchObject({
      status: "Error",
      message: expect.stringContaining("key revoked"),
    });
    expect(await testN8nCredential(executeTool, node, { apiKey: "zq-key-0123456789" }, probe)).toMatchObject({
      status: "OK",
    });
    expect(seen.map((r) => r.headers.get("authorization"))).toEqual([
      "Bearer zq-key-0123456789",
      "Bearer zq-key-0123456789",
    ]);
  });

  it("without a probe, checks the credential's values against the parameters' rules and sends nothing", async () => {
    const { fetch, seen } = scriptedFetch(json(200, {}));
    const executeTool = createExecutor(fixtureTools("shelf"), { ...callParts, fetch } as never);
    expect(
      await testN8nCredential(
        executeTool,
        shelfNode,
        { apiKey: SHELF_KEY },
        { operation: "shelf_get_book", send: false },
      ),
    ).toMatchObject({ status: "OK" });
    expect(
      await testN8nCredential(executeTool, shelfNode, {}, { operation: "shelf_get_book", send: false }),
    ).toMatchObject({ status: "Error", message: expect.stringContaining("apiKey") });
    expect(seen).toHaveLength(0);
  });
});
