// A tenant's token URL (`https://{tenant}.zqvendor.example/auth/v1/token`, the host of the API's address template):
// filled with one DNS label only, and used only at the origin the API's calls go to — whatever a call's values,
// base address or token URL say, checked here without the parameters' own patterns (which refuse most first).
import { describe, expect, it } from "vitest";
import type { OAuthFlowSpec } from "../spec/tool-types.js";
import { tokenUrlOf } from "./token-url.js";

const flow = {
  grant: "clientCredentials",
  tokenUrl: "https://{zqTenant}.zqvendor.example/auth/v1/token",
  clientId: "clientId",
  clientSecret: "clientSecret",
} as OAuthFlowSpec;
const tool = {
  provider: "zqvendor",
  oauth: { flows: [flow] },
  server: { template: "https://{tenant}.zqvendor.example/api", variables: { tenant: "zqTenant" } },
} as unknown as Parameters<typeof tokenUrlOf>[0];
const of = (tenant: string, override?: string, baseUrl?: string, allow: string[] = []) =>
  tokenUrlOf(tool, flow, { zqTenant: tenant }, override, allow, baseUrl);

describe("a tenant's token URL", () => {
  it("is the tenant's host, the value lower case", () => {
    expect(of("Acme-1")).toEqual({ url: "https://acme-1.zqvendor.example/auth/v1/token" });
    expect(of("acme", undefined, "https://acme.zqvendor.example")).toEqual({
      url: "https://acme.zqvendor.example/auth/v1/token",
    });
  });

  it("takes one DNS label: a value that would move the host is refused, naming the parameter", () => {
    for (const tenant of ["evil.com#", "a.b", "x@y", "%2e", "127.0.0.1", "[::1]", "a:1", "a/b", "-a", ""]) {
      const got = of(tenant);
      expect(got, tenant).toEqual({ problem: expect.stringMatching(/^zqTenant: fills the token URL's host, one DNS/) });
      expect((got as { problem: string }).problem).toContain(JSON.stringify(tenant));
    }
  });

  it("goes only to the origin the calls go to: not another suffix, tenant or template", () => {
    expect(of("acme", undefined, "https://acme.zqother.example", ["acme.zqother.example"])).toEqual({
      problem: expect.stringMatching(
        /^baseUrl: the client credentials go to the token URL at https:\/\/acme\.zqvendor/,
      ),
    });
    expect(of("acme", undefined, "http://127.0.0.1:5270")).toEqual({ problem: expect.stringMatching(/^baseUrl:/) });
    // Another tenant's host as the token URL given at call time (before: any host the `{…}` → "x" stand-in made).
    for (const other of ["https://zz.zqvendor.example/auth/v1/token", "https://x.zqvendor.example/auth/v1/token"])
      expect(of("acme", other)).toEqual({ problem: expect.stringMatching(/^tokenUrl: .* not to (zz|x)\.zqvendor/) });
    // A loopback token URL (mocks) is still allowed.
    expect(of("acme", "http://127.0.0.1:5271/auth/v1/token", "http://127.0.0.1:5270")).toEqual({
      url: "http://127.0.0.1:5271/auth/v1/token",
    });
    const elsewhere = {
      ...tool,
      server: { template: "https://{tenant}.zqother.example", variables: { tenant: "zqTenant" } },
    };
    expect(tokenUrlOf(elsewhere as typeof tool, flow, { zqTenant: "acme" }, undefined)).toEqual({
      problem: expect.stringMatching(/^tokenUrl: the token URL's origin \(https:\/\/acme\.zqvendor\.example\) is not/),
    });
  });
});
