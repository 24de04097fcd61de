// A credential the address carries (auth.variable, `/bot{token}/…`): placed into its variable of the address as
// one path segment — "/", "?" and "#" always encoded so that no value can change the address's shape; ":" and "@"
// as they are in a variable of the server's path (`pchar`, RFC 3986), encoded in an operation's path parameter as its
// simple style writes it (the request judge refused them raw) — by the call's credential support and by the typed
// client's middleware alike.
import { describe, expect, it } from "vitest";
import { authMiddleware } from "../call/client.js";
import { executeToolDefinition } from "../execute/execute.js";
import { needsPart } from "../call/support.js";
import type { AuthSpec } from "../spec/tool-types.js";
import { credentialKindsNeeded, placeCredential } from "./credentials.js";
import { applyPlaced, type HttpRequest } from "./transport.js";
import { bareTool } from "../../test-support/runtime/bare-tool.js";

const auth: AuthSpec = { type: "path", name: "token", param: "botToken", pchar: true };

describe("a credential placed in the address (path)", () => {
  it("is one segment: ':' and '@' as they are, '/', '?', '#' and '%' encoded", () => {
    expect(placeCredential(auth, "123:AB-c@d", {})).toEqual({ path: ["token", "123:AB-c@d"] });
    expect(placeCredential(auth, "a/b?c#d%e", {})).toEqual({ path: ["token", "a%2Fb%3Fc%23d%25e"] });
  });

  it("of an operation's path parameter (no pchar): every reserved character encoded, ':' and '@' too", () => {
    const strict: AuthSpec = { type: "path", name: "token", param: "botToken" };
    expect(placeCredential(strict, "123:AB-c@d", {})).toEqual({ path: ["token", "123%3AAB-c%40d"] });
    expect(placeCredential(strict, "a/b?c#d%e*(!)'", {})).toEqual({
      path: ["token", "a%2Fb%3Fc%23d%25e%2A%28%21%29%27"],
    });
  });

  it("fills its variable of a built request's address, and needs the credential kinds support", () => {
    const request: HttpRequest = { method: "POST", url: "https://api.zqbots.test/bot{token}/zqPing", headers: {} };
    applyPlaced(request, [placeCredential(auth, "123:AB", {})]);
    expect(request).toEqual({ method: "POST", url: "https://api.zqbots.test/bot123:AB/zqPing", headers: {} });
    expect(credentialKindsNeeded(auth)).toBe(true);
  });

  it("is placed by the typed client's middleware in the base address's variable, nowhere else", async () => {
    const onRequest = authMiddleware(auth, "123:AB").onRequest as (o: { request: Request }) => Request;
    const sent = onRequest({ request: new Request("https://api.zqbots.test/bot{token}/zqPing", { method: "POST" }) });
    expect(sent.url).toBe("https://api.zqbots.test/bot123:AB/zqPing");
    expect([...sent.headers.keys()]).toEqual([]);
  });

  it(
    "of an address template with no other variable: the address is still made per call (the addresses part), " +
      "and sent there when no baseUrl is given",
    async () => {
      const tool = bareTool("zq_ping", {
        operationId: "zqPing",
        path: "/zqPing",
        auth,
        server: {
          template: "https://api.zqbots.test/bot{token}",
          variables: {},
          hosts: ["api.zqbots.test"],
          basePath: "/bot{token}",
        },
        params: [
          {
            name: "botToken",
            type: "string",
            title: "",
            description: "",
            required: true,
            secret: true,
            visibility: "user-only",
            wire: { in: "auth" },
          },
        ],
      });
      expect(needsPart(tool, "addresses")).toBe(true);
      const seen: string[] = [];
      const fetch = async (request: Request) => {
        seen.push(request.url);
        return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
      };
      expect(await executeToolDefinition(tool, { botToken: "123:AB-cdefgh" }, { fetch })).toMatchObject({
        success: true,
      });
      expect(seen).toEqual(["https://api.zqbots.test/bot123:AB-cdefgh/zqPing"]);
    },
  );
});
