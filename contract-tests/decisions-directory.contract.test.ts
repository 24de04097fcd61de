// The directory's DECISIONS (decisions.contract.test.ts has the general ones and says how these tests are written):
// $top and $filter, a user id in the path, create's fixed fields, the count of items returned, advanced queries, its
// errors and Retry-After. Expected values are written out here, never read from the manifests.
import { describe, expect, it } from "vitest";
import { call, example, expectFailure, expectNoViolation, expectSuccess } from "../test-support/harness.js";
import { expectRefused, GRAPH } from "./decisions-kit.js";

describe("DECISIONS — Directory", () => {
  it("top → $top 1–999 (a value over 999 refused, never clamped), filter → URL-encoded $filter", async () => {
    const filter = "startsWith(displayName,'A&B #1')";
    const r = await call("directory_list_users", { accessToken: GRAPH, top: 999, filter });
    expectSuccess(r.result);
    expectNoViolation(r.calls[0]!);
    expect(r.calls[0]!.url.searchParams.get("$top")).toBe("999");
    expect(r.calls[0]!.url.searchParams.get("$filter")).toBe(filter);
    expect(r.calls[0]!.search).toBe("?$top=999&$filter=startsWith%28displayName%2C%27A%26B%20%231%27%29");
    for (const id of ["directory_list_users", "directory_list_groups"]) {
      expectRefused(
        await call(id, { accessToken: GRAPH, top: 1000 }),
        "top",
        "maximum",
        "top: must be at most 999 (allowed: 1–999), got 1000",
      );
    }
  });

  it("userId is URL-encoded into the path (#EXT# → %23EXT%23); a UPN starting with $ uses /users('…')", async () => {
    const guest = await call("directory_get_user", {
      accessToken: GRAPH,
      userId: "ada_contoso.com#EXT#@fabrikam.onmicrosoft.com",
    });
    expectSuccess(guest.result);
    expectNoViolation(guest.calls[0]!);
    expect(guest.calls[0]!.url.pathname).toBe("/v1.0/users/ada_contoso.com%23EXT%23%40fabrikam.onmicrosoft.com");
    const dollar = await call("directory_get_user", { accessToken: GRAPH, userId: "$admin@contoso.com" });
    expectSuccess(dollar.result);
    expectNoViolation(dollar.calls[0]!);
    expect(dollar.calls[0]!.url.pathname).toBe("/v1.0/users('%24admin%40contoso.com')");
  });

  it(
    "create always sends accountEnabled (default true) and passwordProfile with forceChangePasswordNextSignIn: " +
      "true; 201",
    async () => {
      const params = {
        accessToken: GRAPH,
        displayName: "Ada",
        mailNickname: "ada",
        userPrincipalName: "ada@contoso.com",
        password: "xWwvJ]6NMw+bWH-d",
      };
      const r = await call("directory_create_user", params);
      expect(r.calls[0]!.status).toBe(201);
      expectNoViolation(r.calls[0]!);
      expect(r.calls[0]!.body).toEqual({
        displayName: "Ada",
        mailNickname: "ada",
        userPrincipalName: "ada@contoso.com",
        accountEnabled: true,
        passwordProfile: { password: "xWwvJ]6NMw+bWH-d", forceChangePasswordNextSignIn: true },
      });
      const output = expectSuccess(r.result) as { data: { id: string }; metadata: { id: string } };
      expect(output.metadata).toEqual({ id: output.data.id });
      const disabled = await call("directory_create_user", { ...params, accountEnabled: false });
      expect(disabled.calls[0]!.body).toMatchObject({
        accountEnabled: false,
        passwordProfile: { forceChangePasswordNextSignIn: true },
      });
    },
  );

  it("metadata.count is the number of items returned, not @odata.count", async () => {
    const r = await call("directory_list_users", { accessToken: GRAPH }, { prefer: "example=withCount" });
    const body = example("directory", "listUsers", "200", "withCount") as { value: unknown[]; "@odata.count": number };
    expect(body["@odata.count"]).not.toBe(body.value.length);
    expect(expectSuccess(r.result)).toEqual({ data: body.value, metadata: { count: body.value.length } });
  });

  it("advancedQuery sends ConsistencyLevel: eventual and $count=true, and nothing of the kind without it", async () => {
    for (const id of ["directory_list_users", "directory_list_groups"]) {
      const r = await call(id, { accessToken: GRAPH, advancedQuery: true });
      expectNoViolation(r.calls[0]!);
      expect(r.calls[0]!.headers.get("consistencylevel")).toBe("eventual");
      expect(r.calls[0]!.url.searchParams.get("$count")).toBe("true");
      const plain = await call(id, { accessToken: GRAPH });
      expect(plain.calls[0]!.headers.get("consistencylevel")).toBeNull();
      expect(plain.calls[0]!.url.searchParams.has("$count")).toBe(false);
    }
  });

  it("errors are {error: {code, message, innerError}}; 429 carries Retry-After", async () => {
    const r = await call("directory_list_users", { accessToken: GRAPH }, { prefer: "code=429", retries: 0 });
    expect(r.calls[0]!.status).toBe(429);
    const retryAfter = r.calls[0]!.responseHeaders.get("retry-after");
    expect(retryAfter).toBe("5");
    const { error: body } = example("directory", "listUsers", "429", "throttled") as {
      error: { code: string; message: string };
    };
    expect(expectFailure(r.result)).toMatchObject({
      type: "upstream",
      status: 429,
      code: body.code,
      message: body.message,
      retryable: true,
      retryAfterMs: 5000,
      requestId: r.calls[0]!.responseHeaders.get("request-id"),
    });
  });
});
