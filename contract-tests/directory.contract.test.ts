// Directory (Microsoft Graph v1.0) against its Prism mock.
import { describe, expect, it } from "vitest";
import { executeTool, registry } from "../test-support/repo.js";
import {
  example as specExample,
  call,
  capturingFetch,
  describeErrorStatuses,
  expectDocumentedShape,
  expectFailure,
  expectNoViolation,
  expectQueryKeys,
  expectSuccess,
  mockUrl,
  tool,
} from "../test-support/harness.js";

const TOKEN = "eyJ0eXAiOiJKV1QiLCJub25jZSI6Im1vY2stZ3JhcGgtdG9rZW4ifQ.payload.sig";
const valid = {
  directory_list_users: () => ({ accessToken: TOKEN }),
  directory_get_user: () => ({ accessToken: TOKEN, userId: "87d349ed-44d7-43e1-9a83-5f2406dee5bd" }),
  directory_list_groups: () => ({ accessToken: TOKEN }),
  directory_create_user: () => ({
    accessToken: TOKEN,
    displayName: "Adele Vance",
    mailNickname: "AdeleV",
    userPrincipalName: "AdeleV@contoso.onmicrosoft.com",
    password: "xWwvJ]6NMw+bWH-d",
  }),
};

// Graph errors: {error: {code, message, innerError}}.
const graphError = (body: unknown) => {
  const error = (body as { error: { code: string; message: string } }).error;
  return { code: error.code, message: error.message };
};
const example = (operationId: string, status: string, name: string) =>
  specExample("directory", operationId, status, name);

describe("directory_list_users", () => {
  it("GETs /v1.0/users with the bearer token and maps value and its count", async () => {
    const { result, calls } = await call("directory_list_users", valid.directory_list_users());
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe("/v1.0/users");
    expectQueryKeys(c, tool("directory_list_users"), []);
    expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(c.headers.get("consistencylevel")).toBeNull();
    const page = example("listUsers", "200", "page") as { value: unknown[] };
    expect(output).toEqual({ data: page.value, metadata: { count: page.value.length } });
    expectDocumentedShape(tool("directory_list_users"), output);
  });

  it("sends top as $top and filter as URL-encoded $filter", async () => {
    const filter = "endsWith(userPrincipalName,'#EXT#@contoso.onmicrosoft.com')";
    const { result, calls } = await call("directory_list_users", { ...valid.directory_list_users(), top: 999, filter });
    expectSuccess(result);
    expectQueryKeys(calls[0]!, tool("directory_list_users"), ["$top", "$filter"]);
    expect(calls[0]!.url.searchParams.get("$top")).toBe("999");
    expect(calls[0]!.url.searchParams.get("$filter")).toBe(filter);
    expect(calls[0]!.search).toContain("%23EXT%23%40contoso.onmicrosoft.com");
  });

  it("sends ConsistencyLevel: eventual and $count=true for an advanced query", async () => {
    const { result, calls } = await call("directory_list_users", {
      ...valid.directory_list_users(),
      advancedQuery: true,
      filter: "accountEnabled ne false",
    });
    expectSuccess(result);
    expectNoViolation(calls[0]!);
    expect(calls[0]!.headers.get("consistencylevel")).toBe("eventual");
    expectQueryKeys(calls[0]!, tool("directory_list_users"), ["$filter", "$count"]);
    expect(calls[0]!.url.searchParams.get("$count")).toBe("true");
  });

  it("counts the users returned, not @odata.count", async () => {
    const { result } = await call("directory_list_users", valid.directory_list_users(), {
      prefer: "example=withCount",
    });
    const body = example("listUsers", "200", "withCount") as { value: unknown[]; "@odata.count": number };
    expect(body["@odata.count"]).not.toBe(body.value.length);
    expect(expectSuccess(result).metadata).toEqual({ count: body.value.length });
  });

  it("refuses $top 1000 before any request (never clamped)", async () => {
    const { result, calls } = await call("directory_list_users", { ...valid.directory_list_users(), top: 1000 });
    expect(expectFailure(result)).toMatchObject({
      type: "validation",
      param: "top",
      rule: "maximum",
      message: "top: must be at most 999 (allowed: 1–999), got 1000",
    });
    expect(calls).toHaveLength(0);
  });
});

describe("directory_list_users with allPages", () => {
  it("follows @odata.nextLink as given, with the same headers, until there is none", async () => {
    // The example's nextLink names the real host: the mock moves it to its own origin (mock-paging.ts); its last page
    // is asked for by name.
    const mock = mockUrl("directory");
    const { fetch, calls } = capturingFetch((_, i) => (i === 1 ? "example=lastPage" : undefined));
    const result = await executeTool(
      "directory_list_users",
      { ...valid.directory_list_users(), top: 3, advancedQuery: true, filter: "accountEnabled ne false" },
      { baseUrl: mock, fetch, allPages: true },
    );
    const page = example("listUsers", "200", "page") as { value: unknown[]; "@odata.nextLink": string };
    const last = example("listUsers", "200", "lastPage") as { value: unknown[] };
    expect(calls).toHaveLength(2);
    calls.forEach(expectNoViolation);
    // Sent as the upstream wrote it: $skiptoken and the original query options untouched.
    expect(`${calls[1]!.url.origin}${calls[1]!.url.pathname}${calls[1]!.search}`).toBe(
      page["@odata.nextLink"].replace("https://graph.microsoft.com", mock),
    );
    for (const c of calls) {
      expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
      expect(c.headers.get("consistencylevel")).toBe("eventual");
    }
    expect(result).toEqual({
      success: true,
      output: { data: [...page.value, ...last.value], metadata: { count: page.value.length + last.value.length } },
      pages: { count: 2, items: page.value.length + last.value.length, complete: true },
    });
  });

  it("refuses a nextLink on another origin than the request's: the token never goes there", async () => {
    // The mock moves the nextLink the spec's example gives (on https://graph.microsoft.com) to its own origin
    // (mock-paging.ts); this fetch puts it back on the real host, as the upstream would give it.
    const mock = mockUrl("directory");
    const { fetch, calls } = capturingFetch();
    const elsewhere = async (request: Request): Promise<Response> => {
      const response = await fetch(request);
      const body = (await response.json()) as Record<string, unknown>;
      body["@odata.nextLink"] = String(body["@odata.nextLink"]).replace(mock, "https://graph.microsoft.com");
      return new Response(JSON.stringify(body), { status: response.status, headers: response.headers });
    };
    const result = await executeTool("directory_list_users", valid.directory_list_users(), {
      baseUrl: mock,
      fetch: elsewhere,
      allPages: true,
    });
    expect(calls).toHaveLength(1);
    expect(expectFailure(result)).toEqual({
      type: "upstream",
      status: 200,
      provider: "directory",
      operation: "directory_list_users",
      code: "NEXT_PAGE_ELSEWHERE",
      message:
        `directory gave the next page at https://graph.microsoft.com, not ${mockUrl("directory")}; it is not ` +
        `followed, so that the credential and the request never go to another address`,
      retryable: false,
      page: 2,
    });
  });

  it("lists groups over pages the same way, stopping at maxPages", async () => {
    const { result, calls } = await call("directory_list_groups", valid.directory_list_groups(), {
      allPages: true,
      maxPages: 1,
    });
    expect(calls).toHaveLength(1);
    const page = example("listGroups", "200", "page") as { value: unknown[] };
    expect(result).toEqual({
      success: true,
      output: { data: page.value, metadata: { count: page.value.length } },
      pages: { count: 1, items: page.value.length, complete: false },
    });
  });
});

describe("directory_get_user", () => {
  it("GETs the user by object id", async () => {
    const { result, calls } = await call("directory_get_user", valid.directory_get_user());
    const output = expectSuccess(result) as { data: { id: string }; metadata: { id: string } };
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe("/v1.0/users/87d349ed-44d7-43e1-9a83-5f2406dee5bd");
    expectQueryKeys(c, tool("directory_get_user"), []);
    expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(output.metadata.id).toBe(output.data.id);
    expectDocumentedShape(tool("directory_get_user"), output);
  });

  it("URL-encodes a guest UPN: #EXT# becomes %23EXT%23", async () => {
    const { result, calls } = await call("directory_get_user", {
      ...valid.directory_get_user(),
      userId: "adele_fabrikam.com#EXT#@contoso.onmicrosoft.com",
    });
    expectSuccess(result);
    expectNoViolation(calls[0]!);
    expect(calls[0]!.url.pathname).toBe("/v1.0/users/adele_fabrikam.com%23EXT%23%40contoso.onmicrosoft.com");
  });

  it("uses the /users('…') form for a UPN that starts with $, doubling quotes", async () => {
    const { result, calls } = await call("directory_get_user", {
      ...valid.directory_get_user(),
      userId: "$adele@contoso.com",
    });
    expectSuccess(result);
    expectNoViolation(calls[0]!);
    expect(calls[0]!.url.pathname).toBe("/v1.0/users('%24adele%40contoso.com')");
    const quoted = await call("directory_get_user", { ...valid.directory_get_user(), userId: "$o'neil@contoso.com" });
    expect(quoted.calls[0]!.url.pathname).toBe("/v1.0/users('%24o%27%27neil%40contoso.com')");
    expectNoViolation(quoted.calls[0]!);
  });

  it("refuses an empty user id", async () => {
    const { result, calls } = await call("directory_get_user", { ...valid.directory_get_user(), userId: "" });
    expect(expectFailure(result)).toMatchObject({ param: "userId", rule: "required" });
    expect(calls).toHaveLength(0);
  });
});

describe("directory_list_groups", () => {
  it("GETs /v1.0/groups with a filter and maps the groups", async () => {
    const { result, calls } = await call("directory_list_groups", {
      ...valid.directory_list_groups(),
      filter: "securityEnabled eq true",
      top: 50,
    });
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.url.pathname).toBe("/v1.0/groups");
    expectQueryKeys(c, tool("directory_list_groups"), ["$top", "$filter"]);
    expect(c.url.searchParams.get("$filter")).toBe("securityEnabled eq true");
    const page = example("listGroups", "200", "page") as { value: unknown[] };
    expect(output).toEqual({ data: page.value, metadata: { count: page.value.length } });
    expectDocumentedShape(tool("directory_list_groups"), output);
  });

  it("refuses $top 1000 and 0", async () => {
    for (const top of [1000, 0]) {
      const { result, calls } = await call("directory_list_groups", { ...valid.directory_list_groups(), top });
      expect(expectFailure(result)).toMatchObject({ param: "top" });
      expect(calls).toHaveLength(0);
    }
  });
});

describe("directory_create_user", () => {
  it("POSTs the exact Graph body: accountEnabled default, passwordProfile with forced change", async () => {
    const { result, calls } = await call("directory_create_user", valid.directory_create_user());
    const output = expectSuccess(result) as { data: { id: string }; metadata: { id: string } };
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.status).toBe(201);
    expect(c.method).toBe("POST");
    expect(c.url.pathname).toBe("/v1.0/users");
    expectQueryKeys(c, tool("directory_create_user"), []);
    expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(c.headers.get("content-type")).toBe("application/json");
    expect(c.body).toEqual({
      displayName: "Adele Vance",
      mailNickname: "AdeleV",
      userPrincipalName: "AdeleV@contoso.onmicrosoft.com",
      accountEnabled: true,
      passwordProfile: { password: "xWwvJ]6NMw+bWH-d", forceChangePasswordNextSignIn: true },
    });
    expect(output.metadata.id).toBe(output.data.id);
    expectDocumentedShape(tool("directory_create_user"), output);
  });

  it("sends accountEnabled false when asked", async () => {
    const { result, calls } = await call("directory_create_user", {
      ...valid.directory_create_user(),
      accountEnabled: false,
    });
    expectSuccess(result);
    expect(calls[0]!.body).toMatchObject({
      accountEnabled: false,
      passwordProfile: { forceChangePasswordNextSignIn: true },
    });
  });

  it("refuses a UPN without a domain, naming the rule", async () => {
    const { result, calls } = await call("directory_create_user", {
      ...valid.directory_create_user(),
      userPrincipalName: "adele",
    });
    expect(expectFailure(result)).toMatchObject({ param: "userPrincipalName", rule: "pattern" });
    expect(calls).toHaveLength(0);
  });

  it("never echoes the password", async () => {
    const { result } = await call("directory_create_user", {
      ...valid.directory_create_user(),
      password: "x".repeat(257),
    });
    const error = expectFailure(result);
    expect(error).toMatchObject({ param: "password", rule: "maxLength" });
    expect(error.message).toContain("(secret value withheld)");
    expect(error.message).not.toContain("xxxx");
  });
});

describe("directory_renew_subscription", () => {
  const renewal = {
    accessToken: TOKEN,
    subscriptionId: "7f105c7d-2dc5-4530-97cd-4e7ae6534c07",
    expirationDateTime: "2026-12-28T11:00:00Z",
  };

  it("takes Graph's 204 with no body as renewed, until the expiry asked for", async () => {
    const { result, calls } = await call("directory_renew_subscription", renewal, { prefer: "code=204" });
    expect(expectSuccess(result)).toEqual({ data: null, metadata: { expirationDateTime: renewal.expirationDateTime } });
    expect(calls[0]?.method).toBe("PATCH");
    expectNoViolation(calls[0]!);
  });

  it("and its 200 with the subscription", async () => {
    const { result } = await call("directory_renew_subscription", renewal, { prefer: "code=200" });
    const output = expectSuccess(result) as { data: { id: string }; metadata: { expirationDateTime: string } };
    expect(output.data.id).toBe((example("updateSubscription", "200", "renewed") as { id: string }).id);
    expect(output.metadata.expirationDateTime).toBe(renewal.expirationDateTime);
  });
});

// Graph's subscription reference: users (and groups) are notified of updated and deleted only, and a
// new user arrives as updated. A subscription asking for created is accepted and never notified.
const NOTIFIED_FOR_USERS = ["updated", "deleted"];

describe("directory triggers", () => {
  const triggers = Object.values(registry.triggers ?? {}).filter((t) => t.provider === "directory" && t.subscription);

  it("subscribe with, and match on, only the change types Graph notifies for users", () => {
    expect(triggers.length).toBeGreaterThan(0);
    for (const t of triggers) {
      const asked = String(t.subscription?.create.inputs.changeType).split(",");
      const matched = t.match.filter((m) => m.pointer.join("/") === "changeType").map((m) => String(m.equals));
      const never = [...asked, ...matched].filter((c) => !NOTIFIED_FOR_USERS.includes(c));
      expect({ trigger: t.id, never }).toEqual({ trigger: t.id, never: [] });
    }
  });

  it("a subscription asking for created is refused before any request, naming the rule", async () => {
    const { result, calls } = await call("directory_create_subscription", {
      accessToken: TOKEN,
      changeType: "created,updated",
      notificationUrl: "https://webhook.contoso.com/api/notify",
      expirationDateTime: "2026-11-30T11:00:00Z",
    });
    expect(expectFailure(result)).toMatchObject({ param: "changeType", rule: "pattern" });
    expect(calls).toHaveLength(0);
  });
});

describe("directory errors", () => {
  it("carry the request id and honour Retry-After on 429", async () => {
    const { result } = await call("directory_list_users", valid.directory_list_users(), {
      prefer: "code=429",
      retries: 0,
    });
    const error = expectFailure(result);
    expect(error).toMatchObject({ status: 429, code: "TooManyRequests", retryable: true, retryAfterMs: 5000 });
    expect(typeof error.requestId).toBe("string");
  });
});

for (const id of Object.keys(valid) as (keyof typeof valid)[]) {
  describeErrorStatuses(id, valid[id], graphError);
}
