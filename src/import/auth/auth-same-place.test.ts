// A security requirement that names one place under two schemes (one query
// key twice): drafted as one credential, its value sent there once.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const one = (schemes: Json, security: Json[]) =>
  openapi(
    {
      "/me": {
        get: {
          operationId: "me",
          security,
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "u1" }) },
        },
      },
    },
    { securitySchemes: schemes },
    { security: null },
  );

describe("a requirement of schemes at the same place", () => {
  it("a requirement naming one place under two schemes: one credential, its value sent there once", async () => {
    const schemes = {
      zqHeader: { type: "apiKey", in: "header", name: "X-Zq-Key" },
      zqQuery: { type: "apiKey", in: "query", name: "zq_key" },
      zqAgain: { type: "apiKey", in: "query", name: "zq_key" },
    };
    const d = drafted(one(schemes, [{ zqHeader: [], zqQuery: [], zqAgain: [] }]), ["me"]);
    expect(d.manifest.auth).toEqual({
      scheme: "zqHeader",
      param: "xZqKey",
      also: [
        { scheme: "zqAgain", param: "zqKey" },
        { scheme: "zqQuery", param: "zqKey" },
      ],
    });
    expect(Object.keys(d.manifest.params!).sort()).toEqual(["xZqKey", "zqKey"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const sent: string[] = [];
    const fetch = async (r: Request) => {
      sent.push(r.url);
      return new Response(JSON.stringify({ id: "u1" }), { headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      { xZqKey: "zq-header-secret", zqKey: "zq-query-secret" },
      { fetch, baseUrl: "http://127.0.0.1:9" },
    );
    expect(result.success).toBe(true);
    expect(sent).toEqual(["http://127.0.0.1:9/me?zq_key=zq-query-secret"]);
  });
});
