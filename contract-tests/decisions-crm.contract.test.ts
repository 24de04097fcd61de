// The CRM's DECISIONS (decisions.contract.test.ts has the general ones and says how these tests are written): API
// names and record ids checked then URL-encoded, the query percent-encoded, create's and update's answers, the fields
// list, its errors and its limit error. Expected values are written out here, never read from the manifests.
import { describe, expect, it } from "vitest";
import { call, example, expectFailure, expectNoViolation, expectSuccess } from "../test-support/harness.js";
import { executeTool } from "../test-support/repo.js";
import { json, scriptedFetch } from "../test-support/runtime/scripted-fetch.js";
import { PermissionDeniedError, RateLimitError, toError } from "@blockwright/runtime";
import { ACCOUNT_ID, crm, expectRefused, SF } from "./decisions-kit.js";

describe("DECISIONS — CRM", () => {
  it("sobject must be an API name and recordId 15 or 18 alphanumerics, both validated then URL-encoded", async () => {
    for (const [sobject, recordId] of [
      ["Account", ACCOUNT_ID],
      ["My_Object__c", "001D000000INjVe"],
    ]) {
      const r = await call("crm_get_record", { ...crm(), sobject, recordId });
      expectSuccess(r.result);
      expectNoViolation(r.calls[0]!);
      expect(r.calls[0]!.url.pathname).toBe(`/services/data/v59.0/sobjects/${sobject}/${recordId}`);
    }
    expectRefused(
      await call("crm_get_record", { ...crm(), sobject: "Account/../User", recordId: ACCOUNT_ID }),
      "sobject",
      "pattern",
      // The hint says the rule; the pattern is the error's `expected` (runtime/validate/rule-words.ts).
      'sobject: must be an sObject API name such as Account or My_Object__c, got "Account/../User"',
    );
    for (const recordId of ["001D000000IqhS", "001D000000IqhSLI", "001D000000IqhSL-AZ"]) {
      expectRefused(
        await call("crm_get_record", { ...crm(), sobject: "Account", recordId }),
        "recordId",
        "pattern",
        `recordId: must be a record ID of 15 or 18 letters and digits, got "${recordId}"`,
      );
    }
  });

  it("query is sent percent-encoded in q: a + & # % inside a literal survives", async () => {
    const q = "SELECT Id FROM Account WHERE Name = 'A+B & C #1 at 100%'";
    const r = await call("crm_query", { ...crm(), query: q });
    expectSuccess(r.result);
    expectNoViolation(r.calls[0]!);
    expect(r.calls[0]!.url.searchParams.get("q")).toBe(q);
    // The raw query: each of them percent-encoded, none left as a separator.
    expect(r.calls[0]!.search).toBe(
      "?q=SELECT%20Id%20FROM%20Account%20WHERE%20Name%20%3D%20%27A%2BB%20%26%20C%20%231%20at%20100%25%27",
    );
  });

  it(
    "create answers 201 {id, success, errors}: data is that body, metadata.id its id; an Id in the fields is " +
      "refused before the call",
    async () => {
      const r = await call("crm_create_record", { ...crm(), sobject: "Account", fields: { Name: "Acme" } });
      expect(r.calls[0]!.status).toBe(201);
      expectNoViolation(r.calls[0]!);
      const body = JSON.parse(r.calls[0]!.responseBody) as { id: string };
      expect(expectSuccess(r.result)).toEqual({ data: body, metadata: { id: body.id } });
      expect(body).toEqual({ id: ACCOUNT_ID, success: true, errors: [] });
      for (const id of ["crm_create_record", "crm_update_record"]) {
        const refused = await call(id, {
          ...crm(),
          sobject: "Account",
          ...(id === "crm_update_record" ? { recordId: ACCOUNT_ID } : {}),
          fields: { Name: "Acme", ID: ACCOUNT_ID },
        });
        expect(refused.calls).toHaveLength(0);
        expect(expectFailure(refused.result)).toMatchObject({
          type: "validation",
          param: "fields",
          rule: "forbiddenKeys",
          message: expect.stringMatching(/^fields: must not contain "Id" \(in any case\): .*, got key "ID"$/),
        });
      }
    },
  );

  it("update answers 204: data is {updated: true}, metadata.id the recordId", async () => {
    const r = await call("crm_update_record", {
      ...crm(),
      sobject: "Account",
      recordId: "001D000000INjVe",
      fields: { BillingCity: "Paris" },
    });
    expect(r.calls[0]!.status).toBe(204);
    expect(r.calls[0]!.responseBody).toBe("");
    expect(r.calls[0]!.method).toBe("PATCH");
    expect(expectSuccess(r.result)).toEqual({ data: { updated: true }, metadata: { id: "001D000000INjVe" } });
  });

  it("get with fields sends ?fields=A,B (a comma-separated string)", async () => {
    const r = await call("crm_get_record", {
      ...crm(),
      sobject: "Account",
      recordId: ACCOUNT_ID,
      fields: "Name,Industry",
    });
    expectSuccess(r.result);
    expectNoViolation(r.calls[0]!);
    expect(r.calls[0]!.url.searchParams.getAll("fields")).toEqual(["Name,Industry"]);
    expect(r.calls[0]!.search).toBe("?fields=Name%2CIndustry");
  });

  it(
    "errors are a JSON array of {message, errorCode}; 403 REQUEST_LIMIT_EXCEEDED is a limit error, " + "not retried",
    async () => {
      const r = await call(
        "crm_query",
        { ...crm(), query: "SELECT Id FROM Account" },
        { prefer: "code=403, example=requestLimitExceeded" },
      );
      expect(r.calls).toHaveLength(1);
      expect(r.calls[0]!.status).toBe(403);
      const [first] = example("crm", "query", "403", "requestLimitExceeded") as {
        message: string;
        errorCode: string;
      }[];
      expect(first!.errorCode).toBe("REQUEST_LIMIT_EXCEEDED");
      expect(expectFailure(r.result)).toMatchObject({
        type: "upstream",
        provider: "crm",
        operation: "crm_query",
        status: 403,
        code: "REQUEST_LIMIT_EXCEEDED",
        message: first!.message,
        retryable: false,
      });
      const unknown = await call(
        "crm_query",
        { ...crm(), query: "SELECT Id FROM Account" },
        { prefer: "code=400, example=malformedQuery" },
      );
      const [malformed] = example("crm", "query", "400", "malformedQuery") as { message: string; errorCode: string }[];
      expect(expectFailure(unknown.result)).toMatchObject({
        status: 400,
        code: malformed!.errorCode,
        message: malformed!.message,
        retryable: false,
      });
    },
  );

  it("403 REQUEST_LIMIT_EXCEEDED is a limit error (a quota used up: it resets), unlike another 403", async () => {
    // Salesforce sends no Retry-After; given one, a limit error says when it resets and a permission error does not.
    const answer = (errorCode: string) =>
      json(403, [{ message: `${errorCode} for the decisions test`, errorCode }], { "retry-after": "3600" });
    const failure = async (errorCode: string) => {
      const { fetch, seen } = scriptedFetch(answer(errorCode));
      const result = await executeTool(
        "crm_query",
        { apiKey: SF, instanceUrl: "https://zq.my.salesforce.com", query: "SELECT Id FROM Account" },
        { fetch },
      );
      expect(seen, errorCode).toHaveLength(1);
      return expectFailure(result);
    };
    const limit = await failure("REQUEST_LIMIT_EXCEEDED");
    expect(limit).toMatchObject({
      type: "upstream",
      status: 403,
      code: "REQUEST_LIMIT_EXCEEDED",
      retryable: false,
      quotaExceeded: true,
    });
    expect(limit.resetsAt, "a limit error says when it resets").toEqual(expect.any(String));
    const denied = await failure("INSUFFICIENT_ACCESS");
    expect(denied).toMatchObject({ status: 403, code: "INSUFFICIENT_ACCESS", retryable: false });
    expect(denied.resetsAt, "a permission error is no limit").toBeUndefined();
    expect(denied.quotaExceeded, "a permission error is no limit").toBeUndefined();
    // The typed client throws the limit as a RateLimitError, the permission error as a PermissionDeniedError.
    expect(toError(limit)).toBeInstanceOf(RateLimitError);
    expect(toError(limit)).not.toBeInstanceOf(PermissionDeniedError);
    expect(toError(denied)).toBeInstanceOf(PermissionDeniedError);
  });
});
