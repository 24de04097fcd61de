// Errors a spec declares only as its `default` response (a form-encoded
// payments API declares all of them so): selectable by a block's
// `mock: {code: default}` or an example's name, and covered by the derived
// suite's error kind — asked of Prism as a status the operation does not
// declare, which it answers with the default response (it refuses
// `code=default`).
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeToolDefinition, type ToolSpec } from "@blockwright/runtime/internal";
import { defaultStandIn, mockPrefer } from "@blockwright/runtime/workflow";
import { loadProvider } from "../emit/link-provider.js";
import { OpenApiDocument } from "../load/openapi-document.js";
import { startMocks, type MockServers } from "../mocks/mocks.js";
import { loadYamlSource } from "../load/yaml-source.js";
import { errorKind } from "./kinds/error.js";
import type { Subject } from "./types.js";

const root = fileURLToPath(new URL("../../test-support/fixtures/", import.meta.url));
const specsDir = join(root, "wire-style");
const store = await loadProvider(root, join(specsDir, "store"));
const tools = store.operations.map((o) => o.tool);
const tool = (id: string): ToolSpec => tools.find((t) => t.id === id)!;
const subject: Subject = {
  provider: "store",
  tools,
  document: new OpenApiDocument(loadYamlSource(join(specsDir, "store/openapi.yaml"))),
};

let mocks: MockServers;
beforeAll(async () => {
  mocks = await startMocks(["store"], { specsDir, root });
});
afterAll(async () => {
  await mocks?.close();
});

describe("a spec's default response", () => {
  it(
    "is in the tool's definition with its examples; a mock serves it as the first status from 400 the operation " +
      "does not declare",
    () => {
      const list = tool("store_list_customers");
      expect(list.defaultResponse).toEqual({ examples: ["card_declined", "invalid"] });
      expect(defaultStandIn(list)).toBe(400);
      expect(
        defaultStandIn({
          responses: [
            { status: 400, examples: [] },
            { status: 401, examples: [] },
          ],
        }),
      ).toBe(402);
      // 400 to 406 declared: not 407, which fetch never hands over (a network error), so that no request of the case
      // seemed unsent.
      expect(
        defaultStandIn({ responses: [400, 401, 402, 403, 404, 405, 406].map((status) => ({ status, examples: [] })) }),
      ).toBe(408);
    },
  );

  it("is asked for by code default or by an example only it has", () => {
    const list = tool("store_list_customers");
    expect(mockPrefer(list, { code: "default" })).toBe("code=400");
    expect(mockPrefer(list, { code: "default", example: "invalid" })).toBe("code=400, example=invalid");
    expect(mockPrefer(list, { example: "card_declined" })).toBe("code=400, example=card_declined");
    expect(mockPrefer(list, { code: 200 })).toBe("code=200");
  });

  it("comes back from the mock as the structured error, as a declared status would", async () => {
    const list = tool("store_list_customers");
    const prefer = mockPrefer(list, { example: "card_declined" });
    const fetchFn = (request: Request) => {
      request.headers.set("Prefer", prefer);
      return fetch(request);
    };
    const result = await executeToolDefinition(
      list,
      { accessToken: "sk_test_4eC39HqLyjWDarjt" },
      { baseUrl: mocks.urls.store, fetch: fetchFn },
    );
    expect(result).toMatchObject({
      success: false,
      error: {
        type: "upstream",
        status: 400,
        code: "card_declined",
        message: "Your card was declined.",
        retryable: false,
      },
    });
  });

  it("gets the derived suite's error cases, one per example, and they hold", async () => {
    const cases = tools.flatMap((t) => (errorKind.applies(t, subject) ? errorKind.derive(t, subject) : []));
    expect(cases.map((c) => c.id)).toEqual([
      'store_create_customer › error › default (as 400) "card_declined" becomes the structured error',
      'store_create_customer › error › default (as 400) "invalid" becomes the structured error',
      'store_list_customers › error › default (as 400) "card_declined" becomes the structured error',
      'store_list_customers › error › default (as 400) "invalid" becomes the structured error',
    ]);
    for (const c of cases) await c.run({ mockUrl: () => mocks.urls.store!, seed: 1, runs: 1 });
  });
});
