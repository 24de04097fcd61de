// A credential a document declares as a plain parameter beside its security scheme: a required subscription key header
// (Vipps MobilePay's `Ocp-Apim-Subscription-Key` beside its bearer token), a query value named as an authentication
// token in camel case (Unblu's `authenticationToken`). Both were drafted as plain parameters, printed and recorded
// as any other: the rules that make a token header secret read only documents with no scheme (key-parameter.ts), and
// the parameters' rule (params.ts keepSecret) only `security: []` operations and names spelt with separators. Ordinary
// ids, keys and words that end in "key" stay as they were, and so does a key header its description calls an ID or a
// name (a `Provider-Config-Key`, "The integration ID…") unless it also calls it a secret, a token or an API key.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = { type: "string" };
const param = (name: string, where: string, extra: Record<string, unknown> = {}) => ({
  name,
  in: where,
  schema: text,
  ...extra,
});
const doc = openapi({
  "/zqpayments": {
    get: {
      operationId: "zqPayments",
      parameters: [
        param("Ocp-Zq-Subscription-Key", "header", { required: true, description: "The gateway's subscription key." }),
        param("zqAuthenticationToken", "query", { description: "token to login with" }),
        param("X-Zq-System-Key", "header", { required: true, description: "Identifies the system." }),
        param("Zq-Config-Key", "header", { required: true, description: "The integration ID (aka Unique Key)." }),
        param("Zq-Project-Key", "header", { required: true, description: "The project's name and API key." }),
        param("key", "query", { description: "The record's key." }),
        param("keyword", "query"),
        param("monkey", "query"),
        param("zqId", "query"),
        param("pageToken", "query"),
        param("X-Idempotency-Key", "header", { required: true }),
      ],
      responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "p1" }) },
    },
  },
});

describe("a credential declared as a parameter beside the security scheme", () => {
  it("drafts the subscription key header and the login token secret, the ids and words as before", async () => {
    const d = drafted(doc, ["zqPayments"]);
    const params = d.manifest.operations!.acme_zq_payments!.params!;
    const secret = Object.entries(params)
      .filter(([, p]) => p.secret)
      .map(([name]) => name)
      .sort();
    expect(secret).toEqual(["ocpZqSubscriptionKey", "zqAuthenticationToken", "zqProjectKey"]);
    expect(Object.keys(params).sort()).toEqual(
      [
        "key",
        "keyword",
        "monkey",
        "ocpZqSubscriptionKey",
        "pageToken",
        "xIdempotencyKey",
        "xZqSystemKey",
        "zqAuthenticationToken",
        "zqConfigKey",
        "zqId",
        "zqProjectKey",
      ].sort(),
    );
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const seen: { url: string; key: string | null }[] = [];
    const fetch = async (r: Request) => {
      seen.push({ url: r.url, key: r.headers.get("ocp-zq-subscription-key") });
      return new Response("{}", { status: 404, headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      {
        accessToken: "zq-bearer-secret",
        ocpZqSubscriptionKey: "zq-subscription-secret",
        zqAuthenticationToken: "zq-login-secret",
        xZqSystemKey: "zq-system",
        zqConfigKey: "zq-config",
        zqProjectKey: "zq-project-secret",
        xIdempotencyKey: "zq-once",
      },
      { fetch, baseUrl: "http://127.0.0.1:9" },
    );
    expect(seen).toEqual([
      { url: "http://127.0.0.1:9/zqpayments?zqAuthenticationToken=zq-login-secret", key: "zq-subscription-secret" },
    ]);
    // The answer's error names the request, never the secrets it carried.
    expect(result.success).toBe(false);
    expect(JSON.stringify(result)).not.toMatch(
      /zq-subscription-secret|zq-login-secret|zq-bearer-secret|zq-project-secret/,
    );
  });
});

describe("a required credential header whose default is the document's stand-in", () => {
  it("asks for it as a secret: the default is left out, never sent in a call's stead", async () => {
    const standIn = openapi({
      "/zqorders": {
        get: {
          operationId: "zqOrders",
          parameters: [
            param("X-Zq-Api-Key", "header", { required: true, schema: { type: "string", default: "YOUR_API_KEY" } }),
          ],
          responses: { "200": reply({ type: "object", properties: { id: text } }, { id: "p1" }) },
        },
      },
    });
    const d = drafted(standIn, ["zqOrders"]);
    const key = d.manifest.operations!.acme_zq_orders!.params!.xZqApiKey!;
    expect(key).toMatchObject({ secret: true, required: true });
    expect(key.default).toBeUndefined();
    expect(d.manifestText).not.toContain("YOUR_API_KEY");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const seen: (string | null)[] = [];
    const fetch = async (r: Request) => {
      seen.push(r.headers.get("x-zq-api-key"));
      return new Response("{}", { headers: { "content-type": "application/json" } });
    };
    const options = { fetch, baseUrl: "http://127.0.0.1:9" };
    const without = await executeToolDefinition(tool!, { accessToken: "zq-bearer-secret" }, options);
    expect(without).toMatchObject({ success: false, error: { param: "xZqApiKey", rule: "required" } });
    const given = await executeToolDefinition(
      tool!,
      { accessToken: "zq-bearer-secret", xZqApiKey: "zq-key-secret" },
      options,
    );
    expect(given).toMatchObject({ success: true });
    expect(seen).toEqual(["zq-key-secret"]);
  });
});
