// CRM (Salesforce REST v59.0) against its Prism mock: every operation's
// request asserted exactly, outputs as the spec's tables say, and every
// declared error status. (Every limit at its boundary is a derived case,
// derived.contract.test.ts; the decided ones are in decided-limits.)
import { describe, expect, it } from "vitest";
import { paginate } from "@blockwright/crm";
import {
  call,
  capturingFetch,
  describeErrorStatuses,
  expectDocumentedShape,
  expectFailure,
  expectNoViolation,
  expectQueryKeys,
  expectSuccess,
  mockUrl,
  example,
  tool,
} from "../test-support/harness.js";

const TOKEN = "00D5g000004ABCD!AQoAQH8sYbq.tKnV9pdZf1hMTv3";
const base = () => ({ apiKey: TOKEN, instanceUrl: mockUrl("crm") });
const ACCOUNT_ID = "001D000000IqhSLIAZ";

const valid = {
  crm_create_record: () => ({
    ...base(),
    sobject: "Account",
    fields: { Name: "Express Logistics and Transport", NumberOfEmployees: 950 },
  }),
  crm_query: () => ({ ...base(), query: "SELECT Id, Name FROM Account" }),
  crm_update_record: () => ({
    ...base(),
    sobject: "Account",
    recordId: ACCOUNT_ID,
    fields: { BillingCity: "San Francisco" },
  }),
  crm_get_record: () => ({ ...base(), sobject: "Account", recordId: ACCOUNT_ID }),
};

// Salesforce error bodies are an array of {message, errorCode, fields?}.
const salesforceError = (body: unknown) => {
  const first = (body as { errorCode: string; message: string }[])[0]!;
  return { code: first.errorCode, message: first.message };
};

describe("crm_create_record", () => {
  it("POSTs the fields as the JSON body with a bearer token, and returns the create result", async () => {
    const { result, calls } = await call("crm_create_record", valid.crm_create_record());
    const output = expectSuccess(result);
    expect(calls).toHaveLength(1);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.status).toBe(201);
    expect(c.method).toBe("POST");
    expect(c.url.pathname).toBe("/services/data/v59.0/sobjects/Account");
    expectQueryKeys(c, tool("crm_create_record"), []);
    expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(c.headers.get("content-type")).toBe("application/json");
    expect(c.body).toEqual({ Name: "Express Logistics and Transport", NumberOfEmployees: 950 });
    expect(output).toEqual({ data: { id: ACCOUNT_ID, success: true, errors: [] }, metadata: { id: ACCOUNT_ID } });
    expectDocumentedShape(tool("crm_create_record"), output);
  });

  it("parses fields given as a JSON string", async () => {
    const { result, calls } = await call("crm_create_record", {
      ...valid.crm_create_record(),
      fields: '{"Name":"Acme","Custom_Field__c":true}',
    });
    expectSuccess(result);
    expect(calls[0]!.body).toEqual({ Name: "Acme", Custom_Field__c: true });
  });

  it("accepts custom object names", async () => {
    const { result, calls } = await call("crm_create_record", {
      ...valid.crm_create_record(),
      sobject: "ns__Invoice__c",
    });
    expectSuccess(result);
    expect(calls[0]!.url.pathname).toBe("/services/data/v59.0/sobjects/ns__Invoice__c");
  });

  for (const [fields, rule, text] of [
    ["[1,2]", "jsonType", "must be a JSON object"],
    ['"just text"', "jsonType", "must be a JSON object"],
    ["{not json", "json", "must be valid JSON"],
    [[{ Name: "x" }], "jsonType", "must be a JSON object"],
  ] as const) {
    it(`refuses fields ${JSON.stringify(fields)} before any request`, async () => {
      const { result, calls } = await call("crm_create_record", { ...valid.crm_create_record(), fields });
      expect(expectFailure(result)).toMatchObject({ type: "validation", param: "fields", rule });
      expect(expectFailure(result).message).toContain(text);
      expect(calls).toHaveLength(0);
    });
  }

  it("refuses an address with a path (an org's instance is a host of its own) before any request", async () => {
    const instanceUrl = "https://mydomain.my.salesforce.com/services/data";
    const { result, calls } = await call("crm_get_record", { ...valid.crm_get_record(), instanceUrl });
    expect(expectFailure(result)).toMatchObject({ type: "validation", param: "instanceUrl", rule: "pattern" });
    expect(expectFailure(result).message).toContain("must be an address without a path");
    expect(calls).toHaveLength(0);
  });

  for (const sobject of ["1Account", "Account/Contact", "Acc ount", "_Account", "Account;DROP"]) {
    it(`refuses sobject ${JSON.stringify(sobject)} before any request`, async () => {
      const { result, calls } = await call("crm_create_record", { ...valid.crm_create_record(), sobject });
      const error = expectFailure(result);
      // The hint in the message, the pattern in `expected` (runtime/validate/rule-words.ts).
      expect(error).toMatchObject({
        type: "validation",
        param: "sobject",
        rule: "pattern",
        expected: "^[A-Za-z][A-Za-z0-9_]*$",
      });
      expect(error.message).toBe(
        `sobject: must be an sObject API name such as Account or My_Object__c, got ${JSON.stringify(sobject)}`,
      );
      expect(calls).toHaveLength(0);
    });
  }

  it("refuses a call without fields, naming the parameter", async () => {
    const { fields: _omitted, ...params } = valid.crm_create_record();
    const { result, calls } = await call("crm_create_record", params);
    expect(expectFailure(result)).toMatchObject({
      type: "validation",
      param: "fields",
      rule: "required",
      message: "fields: is required",
    });
    expect(calls).toHaveLength(0);
  });
});

describe("crm_query", () => {
  it("GETs /query with the SOQL in q and maps records, totalSize and done", async () => {
    const { result, calls } = await call("crm_query", valid.crm_query());
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe("/services/data/v59.0/query");
    expectQueryKeys(c, tool("crm_query"), ["q"]);
    expect(c.url.searchParams.get("q")).toBe("SELECT Id, Name FROM Account");
    expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(c.rawBody).toBe("");
    const first = example("crm", "query", "200", "firstBatch") as { records: unknown[]; totalSize: number };
    expect(output.data).toEqual(first.records);
    expect(output.metadata).toEqual({ totalSize: first.totalSize, done: false });
    // totalSize counts every batch, not the records of this one
    expect(first.totalSize).toBeGreaterThan(first.records.length);
    expectDocumentedShape(tool("crm_query"), output);
  });

  it("percent-encodes +, &, # and % inside SOQL literals so they survive", async () => {
    const soql = "SELECT Id FROM Account WHERE Name = 'A+B & C #1 at 100%'";
    const { result, calls } = await call("crm_query", { ...valid.crm_query(), query: soql });
    expectSuccess(result);
    expect(calls[0]!.url.searchParams.get("q")).toBe(soql);
    expect(calls[0]!.search).toContain("A%2BB%20%26%20C%20%231%20at%20100%25");
  });

  it("maps a final batch (done: true)", async () => {
    const { result } = await call("crm_query", valid.crm_query(), { prefer: "example=allRecords" });
    const output = expectSuccess(result) as { data: unknown[]; metadata: { totalSize: number; done: boolean } };
    expect(output.metadata.done).toBe(true);
    expect(output.metadata.totalSize).toBe(output.data.length);
  });

  it("refuses an empty query before any request", async () => {
    const { result, calls } = await call("crm_query", { ...valid.crm_query(), query: "" });
    expect(expectFailure(result)).toMatchObject({ type: "validation", param: "query", rule: "required" });
    expect(calls).toHaveLength(0);
  });
});

describe("crm_query with allPages", () => {
  it("follows nextRecordsUrl on the instance until done is true, gathering the records", async () => {
    // The mock answers the query with its first batch (done: false) and the next-batch path with the last one.
    const { result, calls } = await call("crm_query", valid.crm_query(), { allPages: true });
    const first = example("crm", "query", "200", "firstBatch") as {
      records: unknown[];
      totalSize: number;
      nextRecordsUrl: string;
    };
    const last = example("crm", "queryMore", "200", "lastBatch") as { records: unknown[] };
    expect(calls.map((c) => `${c.method} ${c.url.pathname}${c.search} ${c.status}`)).toEqual([
      "GET /services/data/v59.0/query?q=SELECT%20Id%2C%20Name%20FROM%20Account 200",
      `GET ${first.nextRecordsUrl} 200`,
    ]);
    calls.forEach(expectNoViolation);
    expect(calls[1]!.url.origin).toBe(mockUrl("crm"));
    expect(calls[1]!.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(result).toEqual({
      success: true,
      output: { data: [...first.records, ...last.records], metadata: { totalSize: first.totalSize, done: true } },
      pages: { count: 2, items: first.records.length + last.records.length, complete: true },
    });
  });

  it("stops at maxItems with the batches so far, done still false", async () => {
    const { result, calls } = await call("crm_query", valid.crm_query(), { allPages: true, maxItems: 2 });
    expect(calls).toHaveLength(1);
    const first = example("crm", "query", "200", "firstBatch") as { records: unknown[] };
    expect(result).toEqual({
      success: true,
      output: { data: first.records.slice(0, 2), metadata: { totalSize: 3222, done: false } },
      pages: { count: 1, items: 2, complete: false },
    });
  });

  it(
    "paginate, typed from the package, yields one result per batch (and takes only operations that " + "page)",
    async () => {
      const { fetch, calls } = capturingFetch();
      const batches: unknown[] = [];
      for await (const page of paginate("crm_query", valid.crm_query(), { fetch }))
        batches.push(expectSuccess(page).metadata);
      expect(batches).toEqual([
        { totalSize: 3222, done: false },
        { totalSize: 3222, done: true },
      ]);
      expect(calls).toHaveLength(2);
      // @ts-expect-error crm_get_record returns one record: it does not page.
      const refused = paginate("crm_get_record", valid.crm_get_record());
      expect(await refused.next()).toMatchObject({
        value: { success: false, error: { param: "allPages", rule: "pagination" } },
      });
    },
  );

  it("makes one request when the first batch is the last", async () => {
    const { result, calls } = await call("crm_query", valid.crm_query(), {
      allPages: true,
      prefer: "example=allRecords",
    });
    expect(calls).toHaveLength(1);
    expect(result).toMatchObject({
      success: true,
      output: { metadata: { done: true } },
      pages: { count: 1, complete: true },
    });
  });
});

describe("crm_update_record", () => {
  it("PATCHes the record and reports {updated: true} from the empty 204", async () => {
    const { result, calls } = await call("crm_update_record", valid.crm_update_record());
    const output = expectSuccess(result);
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.status).toBe(204);
    expect(c.responseBody).toBe("");
    expect(c.method).toBe("PATCH");
    expect(c.url.pathname).toBe(`/services/data/v59.0/sobjects/Account/${ACCOUNT_ID}`);
    expectQueryKeys(c, tool("crm_update_record"), []);
    expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(c.body).toEqual({ BillingCity: "San Francisco" });
    expect(output).toEqual({ data: { updated: true }, metadata: { id: ACCOUNT_ID } });
    expectDocumentedShape(tool("crm_update_record"), output);
  });

  it("accepts a 15-character record id as it is (case preserved)", async () => {
    const { result, calls } = await call("crm_update_record", {
      ...valid.crm_update_record(),
      recordId: "001D000000INjVe",
    });
    expect(expectSuccess(result)).toEqual({ data: { updated: true }, metadata: { id: "001D000000INjVe" } });
    expect(calls[0]!.url.pathname).toBe("/services/data/v59.0/sobjects/Account/001D000000INjVe");
  });

  for (const recordId of [
    "001D000000INjV",
    "001D000000INjVeX",
    "001D000000IqhSLIAZ1",
    "001D000000IqhSL-AZ",
    "../../limits",
  ]) {
    it(`refuses recordId ${JSON.stringify(recordId)} before any request`, async () => {
      const { result, calls } = await call("crm_update_record", { ...valid.crm_update_record(), recordId });
      expect(expectFailure(result)).toMatchObject({
        type: "validation",
        param: "recordId",
        rule: recordId.length > 18 ? "maxLength" : "pattern",
      });
      expect(expectFailure(result).message).toContain(JSON.stringify(recordId));
      expect(calls).toHaveLength(0);
    });
  }

  it("refuses fields that are not a JSON object", async () => {
    const { result, calls } = await call("crm_update_record", { ...valid.crm_update_record(), fields: "42" });
    expect(expectFailure(result)).toMatchObject({ param: "fields", rule: "jsonType" });
    expect(calls).toHaveLength(0);
  });
});

describe("crm_get_record", () => {
  it("GETs the record without a query when no fields are asked for", async () => {
    const { result, calls } = await call("crm_get_record", valid.crm_get_record());
    const output = expectSuccess(result) as {
      data: { Id: string; attributes: { type: string } };
      metadata: { id: string };
    };
    const c = calls[0]!;
    expectNoViolation(c);
    expect(c.method).toBe("GET");
    expect(c.url.pathname).toBe(`/services/data/v59.0/sobjects/Account/${ACCOUNT_ID}`);
    expectQueryKeys(c, tool("crm_get_record"), []);
    expect(c.headers.get("authorization")).toBe(`Bearer ${TOKEN}`);
    expect(output.data.attributes.type).toBe("Account");
    expect(output.metadata).toEqual({ id: ACCOUNT_ID });
    expectDocumentedShape(tool("crm_get_record"), output);
  });

  it("sends fields as one comma-separated string", async () => {
    const { result, calls } = await call("crm_get_record", {
      ...valid.crm_get_record(),
      fields: "Name,Industry,AnnualRevenue",
    });
    expectSuccess(result);
    expectQueryKeys(calls[0]!, tool("crm_get_record"), ["fields"]);
    expect(calls[0]!.url.searchParams.getAll("fields")).toEqual(["Name,Industry,AnnualRevenue"]);
  });
});

describe("instanceUrl", () => {
  it("strips trailing slashes", async () => {
    const { result, calls } = await call("crm_get_record", {
      ...valid.crm_get_record(),
      instanceUrl: `${mockUrl("crm")}///`,
    });
    expectSuccess(result);
    expect(calls[0]!.url.origin).toBe(mockUrl("crm"));
  });

  for (const [instanceUrl, text] of [
    ["http://mydomain.my.salesforce.com", "must use https (http is allowed only for loopback hosts)"],
    ["https://mydomain.my.salesforce.com?x=1", "must not contain a query or fragment"],
    ["mydomain.my.salesforce.com", "must be an absolute address"],
    ["ftp://mydomain.my.salesforce.com", "must use https"],
  ] as const) {
    it(`refuses ${instanceUrl} before any request`, async () => {
      const { result, calls } = await call("crm_get_record", { ...valid.crm_get_record(), instanceUrl });
      const error = expectFailure(result);
      expect(error).toMatchObject({ type: "validation", param: "instanceUrl", rule: "format" });
      expect(error.message).toContain(text);
      expect(calls).toHaveLength(0);
    });
  }

  it("refuses credentials in the address without echoing them", async () => {
    const { result, calls } = await call("crm_get_record", {
      ...valid.crm_get_record(),
      instanceUrl: "https://admin:hunter2secret@mydomain.my.salesforce.com",
    });
    const error = expectFailure(result);
    expect(error).toMatchObject({ param: "instanceUrl", rule: "format" });
    expect(JSON.stringify(error)).not.toContain("hunter2secret");
    expect(calls).toHaveLength(0);
  });

  it("is required", async () => {
    const { result } = await call("crm_get_record", { ...valid.crm_get_record(), instanceUrl: undefined });
    expect(expectFailure(result)).toMatchObject({ param: "instanceUrl", rule: "required" });
  });
});

describe("crm secrets", () => {
  it("never show the token in an upstream error", async () => {
    const { result } = await call("crm_get_record", valid.crm_get_record(), { prefer: "code=401" });
    const error = expectFailure(result);
    expect(error).toMatchObject({ status: 401, code: "INVALID_SESSION_ID" });
    expect(JSON.stringify(error)).not.toContain(TOKEN);
  });

  it("are never echoed in a validation error", async () => {
    const { result } = await call("crm_get_record", { ...valid.crm_get_record(), apiKey: 12345 });
    const error = expectFailure(result);
    expect(error).toMatchObject({ param: "apiKey", rule: "type" });
    expect(error.message).toBe("apiKey: must be a string, got (secret value withheld)");
  });

  it("treat REQUEST_LIMIT_EXCEEDED (403) as a limit error that is not retried", async () => {
    const { result, calls } = await call("crm_query", valid.crm_query(), { prefer: "code=403" });
    expect(expectFailure(result)).toMatchObject({ status: 403, code: "REQUEST_LIMIT_EXCEEDED", retryable: false });
    expect(calls).toHaveLength(1);
  });
});

for (const id of Object.keys(valid) as (keyof typeof valid)[]) {
  describeErrorStatuses(id, valid[id], salesforceError);
}
