// A quota used up is a limit error of its own, whatever its status (quotaExceeded): a 403 the manifest's
// `rateLimits.quota` names (an org's daily API limit, as a CRM answers it) differs from a permission refused only by
// its code, so before, the typed client threw it as a PermissionDeniedError (an AuthError) and nothing else told it
// apart. Now the error carries `quotaExceeded: true` in executeTool's result, the typed client throws it as a
// RateLimitError (not retried) and the agent adapters' tool error says it (n8n's node: a quota exhausted,
// platforms/n8n.test.ts); another 403 is still a permission error.
import { describe, expect, it } from "vitest";
import { irFixture } from "../../test-support/runtime/ir-fixtures.js";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { adaptClient } from "../adapters/adapt.js";
import { createClient } from "../client/client.js";
import { AuthError, PermissionDeniedError, RateLimitError } from "../client/errors.js";
import type { ClientOptions } from "../client/types.js";
import { executeToolDefinition } from "../execute/execute.js";
import { fullSupport } from "../execute/full-support.js";
import type { ToolSpec } from "../spec/tool-types.js";

const shelf = irFixture("shelf");
const getBook = shelf.operations.find((o) => o.tool.id === "shelf_get_book")!.tool;
const KEY = "shelf-key-7f3a9c2e51";
const params = { apiKey: KEY, bookId: "b1" };
/** The shelf's get, its 403 `ZQ_LIMIT_USED` a quota used up. */
const limited: ToolSpec = {
  ...getBook,
  rateLimits: { quota: { from: [{ kind: "body", pointer: ["error", "code"] }], codes: ["ZQ_LIMIT_USED"] } },
};
const refused = (code: string) => json(403, { error: { code, message: `${code} for the quota test` } });
const { rateLimits: _processLimiter, ...support } = fullSupport;

describe("a quota used up, answered as a 403 the manifest's quota names", () => {
  it("is a limit error in executeTool's result: quotaExceeded, not retried; another 403 is not", async () => {
    const { fetch, seen } = scriptedFetch(refused("ZQ_LIMIT_USED"), refused("ZQ_NOT_YOURS"));
    const limit = await executeToolDefinition(limited, params, { fetch });
    expect(seen).toHaveLength(1);
    expect(limit).toMatchObject({
      success: false,
      error: { status: 403, code: "ZQ_LIMIT_USED", retryable: false, quotaExceeded: true },
    });
    const denied = await executeToolDefinition(limited, params, { fetch });
    expect(denied.success || denied.error.quotaExceeded).toBeUndefined();
  });

  it("is thrown by the typed client as a RateLimitError, never a PermissionDeniedError", async () => {
    const { fetch } = scriptedFetch(refused("ZQ_LIMIT_USED"), refused("ZQ_NOT_YOURS"));
    const table = { methods: { getBook: limited }, credentials: ["apiKey"], support };
    const client = createClient(table, { apiKey: KEY, fetch, throwOnError: true, retries: 0 } as ClientOptions) as {
      getBook: (input: Record<string, unknown>) => Promise<unknown>;
    };
    const limit = await client.getBook({ bookId: "b1" }).catch((e: unknown) => e);
    expect(limit).toBeInstanceOf(RateLimitError);
    expect(limit).not.toBeInstanceOf(PermissionDeniedError);
    expect(limit).not.toBeInstanceOf(AuthError);
    expect(limit).toMatchObject({
      name: "RateLimitError",
      status: 403,
      retryable: false,
      error: { quotaExceeded: true },
    });
    const denied = await client.getBook({ bookId: "b1" }).catch((e: unknown) => e);
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(denied).not.toBeInstanceOf(RateLimitError);
  });

  it("is said to a model by the agent adapters' tool error", async () => {
    const { fetch } = scriptedFetch(refused("ZQ_LIMIT_USED"));
    const described = { [limited.id]: limited };
    const table = { methods: { getBook: limited }, credentials: ["apiKey"], support };
    const client = createClient(table, { apiKey: KEY, fetch, retries: 0 } as ClientOptions);
    const [tool] = adaptClient(client, {}, described);
    expect(await tool!.call({ bookId: "b1" })).toEqual({
      error: expect.objectContaining({ status: 403, code: "ZQ_LIMIT_USED", retryable: false, quotaExceeded: true }),
    });
  });
});
