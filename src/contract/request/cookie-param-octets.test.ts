// A cookie parameter's value goes as RFC 6265's cookie-octets as they are, and only `%` and what a cookie value cannot
// hold percent-encoded. A refresh token the service set as a cookie (a self-hosted drive's `refresh_token`, in:
// cookie) went percent-encoded whole: a base64 token's `+/=` as `%2B%2F%3D`, which a service that does not decode
// cookies (Go's net/http) reads as another token; the request judge decoded what it read, so the suite passed it. The
// judge now holds a plain cookie value to its octets as sent.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkRequest } from "./request.js";
import { expectSent } from "./sent-value.js";
import { keyedDocument, keyedManifest, linkedTool, sentGet } from "../../../test-support/linked-tool.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-cookie-param-octets-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };
const openapi = keyedDocument("zqcrumbs", {
  "/zqrenew": {
    get: {
      operationId: "zqRenew",
      parameters: [
        { name: "zq_renew", in: "cookie", required: true, explode: false, schema: { type: "string", maxLength: 200 } },
      ],
      responses: ok,
    },
  },
});
const manifest = keyedManifest(
  "zqcrumbs",
  `  zqcrumbs_renew:
    operationId: zqRenew
    title: Renew
    description: Renew the session.
    params:
      zqRenew:
        type: string
        description: The renewal token the service set.
        required: true
        maxLength: 200
        wire: { in: cookie, name: zq_renew }
    outputs:
      data:
        type: json
        from: $response.body
        description: The answer.
`,
);

const renew = await linkedTool(work, "zqcrumbs", openapi, manifest, "zqcrumbs_renew");
const param = renew.tool.params.find((p) => p.name === "zqRenew")!;
/** The request judge's two checks: the request as the document declares it, and the value as sent. */
const judged = (ex: Awaited<ReturnType<typeof sentGet>>, input: Record<string, unknown>) => {
  checkRequest(ex, renew.tool, renew.linked.document, input);
  expectSent(ex, renew.tool, renew.linked.document, param, input.zqRenew);
};
const sent = async (value: string) => {
  const input = { apiKey: "zq-key-0001", zqRenew: value };
  const ex = await sentGet(renew.tool, input);
  return { ex, input, cookie: ex.headers.get("cookie") };
};

describe("a cookie parameter's value", () => {
  it("goes as its cookie-octets, as the service set it; the request judge takes it", async () => {
    for (const value of ["zqR3n+/w==", "zq.Abc+d/e:f", "zq!#$&'()*-./:<=>?@[]^_`{|}~"]) {
      const { ex, input, cookie } = await sent(value);
      expect(cookie).toBe(`zq_renew=${value}`);
      expect(() => judged(ex, input)).not.toThrow();
    }
  });

  it('percent-encodes `%` and what no cookie value holds: a space, `"`, `,`, `;`, `\\`, past ASCII', async () => {
    const { ex, input, cookie } = await sent('zq a;b=c,"d"\\é%3A');
    expect(cookie).toBe("zq_renew=zq%20a%3Bb=c%2C%22d%22%5C%C3%A9%253A");
    expect(() => judged(ex, input)).not.toThrow();
  });

  it("is refused by the request judge when it went percent-encoded whole", async () => {
    const { ex, input } = await sent("zqR3n+/w==");
    ex.headers.set("cookie", `zq_renew=${encodeURIComponent("zqR3n+/w==")}`);
    expect(() => judged(ex, input)).toThrow(/zqRenew as sent \(cookie zq_renew\)/);
  });
});
