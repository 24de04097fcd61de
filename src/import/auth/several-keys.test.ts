// A document offering two keys as alternatives (a header key or a query key, each a security requirement alone) was
// drafted with the second as `apiKey2` (review: "apiKey2: is required" says nothing of which key is meant), titled as
// the first or by its bare wire name. Each is named and titled after where it goes now: `apiKeyHeader`, `apiKeyQuery`
// (a place with two keys: after their wire names), a number only where every name is taken.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { sentRequest } from "../../../test-support/runtime/sent-request.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
const zqDoc = (schemes: Record<string, unknown>) =>
  openapi(
    { "/zqwidgets": { get: { operationId: "listZqWidgets", responses: ok } } },
    { securitySchemes: schemes },
    { security: Object.keys(schemes).map((name) => ({ [name]: [] })) },
  );

describe("two keys offered as alternatives", () => {
  it("a header key and a query key of other names: each titled where it goes, sent there", async () => {
    // Both schemes' names read as `apiKey`: the place tells them apart (one key of one name in two places is one
    // input: one-key-ways.test.ts).
    const d = drafted(
      zqDoc({
        apiKey: { type: "apiKey", in: "header", name: "X-API-KEY" },
        api_key: { type: "apiKey", in: "query", name: "zq_token" },
      }),
      ["listZqWidgets"],
    );
    expect(d.manifest.auth).toEqual({
      scheme: "apiKey",
      param: "apiKeyHeader",
      alternatives: [{ scheme: "api_key", param: "apiKeyQuery" }],
    });
    const params = d.manifest.params ?? {};
    expect(Object.keys(params).filter((name) => /\d$/.test(name))).toEqual([]);
    expect(params.apiKeyHeader).toMatchObject({ title: "API key (header X-API-KEY)", secret: true, required: false });
    expect(params.apiKeyQuery).toMatchObject({ title: "API key (query zq_token)", secret: true, required: false });
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = (await linkedTools(d)) as [ToolSpec];
    const byHeader = await sentRequest(tool, { apiKeyHeader: "zq-key-0000000001" });
    expect(byHeader.headers.get("x-api-key")).toBe("zq-key-0000000001");
    expect(byHeader.url.searchParams.get("zq_token")).toBeNull();
    const byQuery = await sentRequest(tool, { apiKeyQuery: "zq-key-0000000002" });
    expect(byQuery.url.searchParams.get("zq_token")).toBe("zq-key-0000000002");
    expect(byQuery.headers.get("x-api-key")).toBeNull();
  });

  it("two header keys: each named after its header, titled with it", () => {
    const d = drafted(
      zqDoc({
        zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" },
        zqOtherKey: { type: "apiKey", in: "header", name: "X-Zq-Other-Key" },
      }),
      ["listZqWidgets"],
    );
    expect(d.manifest.auth).toEqual({
      scheme: "zqKey",
      param: "xZqKey",
      alternatives: [{ scheme: "zqOtherKey", param: "xZqOtherKey" }],
    });
    expect(d.manifest.params?.xZqKey?.title).toBe("API key (header X-Zq-Key)");
    expect(d.manifest.params?.xZqOtherKey?.title).toBe("API key (header X-Zq-Other-Key)");
  });

  it("one key alone keeps its plain name and title", () => {
    const d = drafted(zqDoc({ zqKey: { type: "apiKey", in: "header", name: "X-Zq-Key" } }), ["listZqWidgets"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqKey", param: "apiKey" });
    expect(d.manifest.params?.apiKey?.title).toBe("API key");
  });
});
