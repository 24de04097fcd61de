// One API key offered in two places (a header or the query; a bearer token its words call an API key, or an
// `X-Api-Key` header) was drafted as two optional inputs: a user holding one key was asked for it twice. One input
// now, sent where it leaks least (a header, a cookie, then the query); keys of other names stay apart.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { sentRequest } from "../../../../test-support/runtime/sent-request.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }) };
/** A document of two operations; the second offers `onlySecond` alone too, where given. */
const zqDoc = (schemes: Record<string, unknown>, onlySecond?: string) =>
  openapi(
    {
      "/zqvaults": { get: { operationId: "listZqVaults", responses: ok } },
      "/zqvaults/{id}": {
        get: {
          operationId: "getZqVault",
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          ...(onlySecond ? { security: [{ [onlySecond]: [] }] } : {}),
          responses: ok,
        },
      },
    },
    { securitySchemes: schemes },
    { security: Object.keys(schemes).map((name) => ({ [name]: [] })) },
  );
const ids = ["listZqVaults", "getZqVault"];

type Auth = { scheme: string; param: string; alternatives?: { scheme: string; param: string }[] };
const secrets = (d: ReturnType<typeof drafted>) =>
  Object.entries(d.manifest.params ?? {})
    .filter(([, p]) => (p as { secret?: boolean }).secret)
    .map(([n]) => n);

/** The tool that lists (it takes no parameter). */
const listTool = (tools: unknown[]) => (tools as ToolSpec[]).find((t) => t.operationId === "listZqVaults") as ToolSpec;

describe("one API key offered in two places", () => {
  it("a query key beside a header key of the same name: one input, sent in the header", async () => {
    const d = drafted(
      zqDoc({
        zqQueryKey: { type: "apiKey", in: "query", name: "api_key", description: "Your key." },
        zqHeaderKey: { type: "apiKey", in: "header", name: "X-Api-Key", description: "Your key." },
      }),
      ids,
    );
    expect(d.manifest.auth).toEqual({ scheme: "zqHeaderKey", param: "apiKey" });
    expect(secrets(d)).toEqual(["apiKey"]);
    expect(notesAt(d, "auth").join("\n")).toContain("zqQueryKey as zqHeaderKey: the same API key offered in another");
    expect(await linkProblems(d)).toEqual([]);
    const tool = listTool(await linkedTools(d));
    const request = await sentRequest(tool, { apiKey: "zq-key-0000000001" });
    expect(request.headers.get("x-api-key")).toBe("zq-key-0000000001");
    expect(request.url.searchParams.get("api_key")).toBeNull();
  });

  it("a bearer token its words call an API key beside an X-Api-Key header: one input, the bearer's", async () => {
    const d = drafted(
      zqDoc({
        zqBearer: { type: "http", scheme: "bearer", description: "Your API key." },
        zqHeaderKey: { type: "apiKey", in: "header", name: "X-API-Key" },
      }),
      ids,
    );
    expect(d.manifest.auth).toEqual({ scheme: "zqBearer", param: "apiKey" });
    const tool = listTool(await linkedTools(d));
    const request = await sentRequest(tool, { apiKey: "zq-key-0000000002" });
    expect(request.headers.get("authorization")).toBe("Bearer zq-key-0000000002");
    expect(request.headers.get("x-api-key")).toBeNull();
  });

  it("a cookie before the query", () => {
    const d = drafted(
      zqDoc({
        zqQueryKey: { type: "apiKey", in: "query", name: "apikey" },
        zqCookieKey: { type: "apiKey", in: "cookie", name: "api-key" },
      }),
      ids,
    );
    expect((d.manifest.auth as Auth).scheme).toBe("zqCookieKey");
    expect(secrets(d)).toHaveLength(1);
  });

  it("stays two where the keys are named otherwise, a bearer is a sign-in's, or one place is offered alone", () => {
    const apart = [
      {
        zqHeaderKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
        zqAdminKey: { type: "apiKey", in: "query", name: "admin_key" },
      },
      {
        zqBearer: { type: "http", scheme: "bearer", description: "An OAuth access token." },
        zqHeaderKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
      },
    ];
    for (const schemes of apart) {
      const d = drafted(zqDoc(schemes), ids);
      expect((d.manifest.auth as Auth).alternatives ?? [], JSON.stringify(schemes)).toHaveLength(1);
      expect(secrets(d)).toHaveLength(2);
    }
    const alone = drafted(
      zqDoc(
        {
          zqHeaderKey: { type: "apiKey", in: "header", name: "X-Api-Key" },
          zqQueryKey: { type: "apiKey", in: "query", name: "api_key" },
        },
        "zqQueryKey",
      ),
      ids,
    );
    expect(secrets(alone)).toHaveLength(2);
  });
});
