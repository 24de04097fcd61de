// Requests signed with AWS Signature Version 4 (auth.sigv4): the runtime's signer (aws4fetch) reproduces AWS's
// published test vectors, agrees with AWS's own signer (@smithy/signature-v4, the SDK's) on requests of every part
// (path, query, headers, body, session token), signs each attempt afresh (a retry's date moves on), and keeps the
// secret key and the session token out of the wire's other places and out of every result.
import { createHash, createHmac } from "node:crypto";
import { SignatureV4 } from "@smithy/signature-v4";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import { executeToolDefinition } from "../execute/execute.js";
import { missingPart, needsPart } from "./support.js";
import { credentialKinds } from "./credential.js";
import { createExecutor } from "../execute/executor.js";
import { fullSupport } from "../execute/full-support.js";
import { prepareRequest } from "../execute/prepared.js";
import type { AuthSpec, ToolSpec } from "../spec/tool-types.js";
import type { HttpRequest } from "../http/transport.js";
import { signRequest } from "./request-signing.js";
import { createProviderClient } from "./client.js";
import { bareTool } from "../../test-support/runtime/bare-tool.js";

/** The credentials of AWS's published SigV4 test suite (aws-sig-v4-test-suite), service "service", us-east-1. */
const SUITE = { keyId: "AKIDEXAMPLE", secret: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY" };
const suiteWay: AuthSpec = {
  type: "sigv4",
  param: "zqSecret",
  user: "zqKeyId",
  service: "service",
  region: "us-east-1",
};
const suiteValues = { zqKeyId: SUITE.keyId };

async function signed(request: HttpRequest, datetime = "20150830T123600Z"): Promise<HttpRequest> {
  return signRequest({ way: suiteWay, credential: SUITE.secret, values: suiteValues }, request, datetime);
}

/** SHA-256 and its HMAC as AWS's signer asks for them, over node:crypto. */
class Sha256 {
  private hash;
  constructor(secret?: string | ArrayBuffer | ArrayBufferView) {
    const key = typeof secret === "string" || secret === undefined ? secret : new Uint8Array(secret as ArrayBuffer);
    this.hash = key === undefined ? createHash("sha256") : createHmac("sha256", key);
  }
  update(data: string | Uint8Array): void {
    this.hash.update(data);
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

/** The Authorization AWS's own signer gives the same request at the same time. */
async function smithyAuthorization(
  request: HttpRequest,
  at: Date,
  keys: { accessKeyId: string; secretAccessKey: string; sessionToken?: string },
  scope = { service: "service", region: "us-east-1" },
): Promise<string> {
  const url = new URL(request.url);
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [k, v] of url.searchParams) {
    const had = query[k];
    query[k] = had === undefined ? v : Array.isArray(had) ? [...had, v] : [had, v];
  }
  const headers: Record<string, string> = { host: url.host };
  for (const [k, v] of Object.entries(request.headers))
    if (!/^(authorization|x-amz-date|x-amz-security-token)$/i.test(k)) headers[k.toLowerCase()] = v;
  const signer = new SignatureV4({ credentials: keys, ...scope, sha256: Sha256, applyChecksum: false });
  const out = await signer.sign(
    {
      method: request.method,
      protocol: url.protocol,
      hostname: url.hostname,
      path: url.pathname,
      query,
      headers,
      body: typeof request.body === "string" ? request.body : undefined,
    },
    { signingDate: at, unsignableHeaders: new Set(["content-type"]) },
  );
  return String(out.headers.authorization);
}

describe("AWS Signature Version 4 (auth.sigv4)", () => {
  it("reproduces AWS's published vectors (get-vanilla, post-vanilla, get-vanilla-query-order-key-case)", async () => {
    const credential = "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request";
    const getVanilla = await signed({ method: "GET", url: "https://example.amazonaws.com/", headers: {} });
    expect(getVanilla.headers.Authorization).toBe(
      `${credential}, SignedHeaders=host;x-amz-date, ` +
        "Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
    expect(getVanilla.headers["X-Amz-Date"]).toBe("20150830T123600Z");
    const postVanilla = await signed({ method: "POST", url: "https://example.amazonaws.com/", headers: {} });
    expect(postVanilla.headers.Authorization).toBe(
      `${credential}, SignedHeaders=host;x-amz-date, ` +
        "Signature=5da7c1a2acd57cee7505fc6676e4e544621c30862966e37dddb68e92efbe5d6b",
    );
    const queryOrder = await signed({
      method: "GET",
      url: "https://example.amazonaws.com/?Param2=value2&Param1=value1",
      headers: {},
    });
    expect(queryOrder.headers.Authorization).toBe(
      `${credential}, SignedHeaders=host;x-amz-date, ` +
        "Signature=b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500",
    );
    // AWS's own signer reproduces each vector too: the published values are the ones both compute.
    const at = new Date(Date.UTC(2015, 7, 30, 12, 36, 0));
    const keys = { accessKeyId: SUITE.keyId, secretAccessKey: SUITE.secret };
    for (const vector of [getVanilla, postVanilla, queryOrder])
      expect(await smithyAuthorization(vector, at, keys)).toBe(vector.headers.Authorization);
  });

  it("agrees with AWS's own signer on paths, queries, headers, bodies and a session token", async () => {
    const at = new Date(Date.UTC(2026, 10, 27, 9, 30, 5));
    const datetime = "20261127T093005Z";
    const cases: HttpRequest[] = [
      { method: "GET", url: "https://zq.eu-west-1.amazonaws.com/zq%20items/a%2Fb?z=2&a=1&a=0&q=x%20y", headers: {} },
      {
        method: "POST",
        url: "https://zq.eu-west-1.amazonaws.com/zqThings",
        headers: { "Content-Type": "application/json", "X-Zq-Note": "  two   spaces  " },
        body: '{"name":"zq ✓","n":1}',
      },
      { method: "DELETE", url: "http://127.0.0.1:4010/zqThings/7?force=true", headers: { Accept: "application/json" } },
      // An object's keys sent as form pairs: an empty name (which aws4fetch left out), names an object has.
      {
        method: "GET",
        url: "https://zq.eu-west-1.amazonaws.com/zqThings?=x&zq=1&=&constructor=&toString=y",
        headers: {},
      },
    ];
    const keys = { accessKeyId: "AKIAZQEXAMPLE0000001", secretAccessKey: "zq/secret+key=0123456789abcdef" };
    for (const tokenGiven of [false, true]) {
      const way: AuthSpec = {
        type: "sigv4",
        param: "secretAccessKey",
        user: "accessKeyId",
        sessionToken: "sessionToken",
        service: "zq",
        regionParam: "region",
      };
      const values = {
        accessKeyId: keys.accessKeyId,
        region: "eu-west-1",
        ...(tokenGiven ? { sessionToken: "ZqSessionToken/abc+def==" } : {}),
      };
      for (const request of cases) {
        const out = await signRequest({ way, credential: keys.secretAccessKey, values }, request, datetime);
        const expected = await smithyAuthorization(
          out,
          at,
          { ...keys, ...(tokenGiven ? { sessionToken: values.sessionToken } : {}) },
          { service: "zq", region: "eu-west-1" },
        );
        expect(out.headers.Authorization, `${request.method} ${request.url}`).toBe(expected);
        expect(out.headers["X-Amz-Security-Token"]).toBe(tokenGiven ? "ZqSessionToken/abc+def==" : undefined);
        // The request given is left as it was: the next attempt is signed from it afresh.
        expect(request.headers.Authorization).toBeUndefined();
      }
    }
  });

  it("signs a header holding a no-break space, a form feed or runs of spaces as AWS's signer does", async () => {
    // aws4fetch alone folds every whitespace character; SigV4 (and AWS's signer) folds spaces and tabs only.
    const request: HttpRequest = {
      method: "GET",
      url: "https://example.amazonaws.com/",
      headers: { "X-Zq-Note": "a\u00a0b\fc  d\t\te" },
    };
    const out = await signed(request);
    const keys = { accessKeyId: SUITE.keyId, secretAccessKey: SUITE.secret };
    expect(out.headers.Authorization).toContain("SignedHeaders=host;x-amz-date;x-zq-note");
    expect(out.headers.Authorization).toBe(
      await smithyAuthorization(out, new Date(Date.UTC(2015, 7, 30, 12, 36, 0)), keys),
    );
  });
});

describe("a tool whose auth signs", () => {
  afterEach(() => vi.useRealTimers());
  const SECRET = "zqSecretAccessKey0123456789abcdefghij";
  const TOKEN = "ZqSessionTokenValue0123456789";
  const tool = bareTool("zq_list", {
    operationId: "zqList",
    path: "/zqItems",
    outputs: [
      {
        path: "items",
        type: "array",
        description: "",
        optional: false,
        source: { expression: "$response.body#/items", ref: { kind: "body", pointer: ["items"] } },
      },
    ],
    errors: { code: [], message: [{ kind: "body", pointer: ["message"] }], requestId: [], retryableStatuses: [503] },
    auth: {
      type: "sigv4",
      param: "secretAccessKey",
      user: "accessKeyId",
      sessionToken: "sessionToken",
      service: "zq",
      region: "us-east-1",
    },
    server: { default: "https://zq.us-east-1.amazonaws.com", hosts: ["zq.us-east-1.amazonaws.com"] },
    params: [
      { name: "accessKeyId", type: "string", title: "", description: "", required: true, secret: false },
      { name: "secretAccessKey", type: "string", title: "", description: "", required: true, secret: true },
      { name: "sessionToken", type: "string", title: "", description: "", required: false, secret: true },
    ].map((p) => ({ ...p, visibility: "user-only", wire: { in: "auth" } })) as ToolSpec["params"],
  });
  const input = { accessKeyId: "AKIAZQEXAMPLE0000001", secretAccessKey: SECRET, sessionToken: TOKEN };

  it("needs the signing part, and a caller made without it is refused before any request", async () => {
    expect(needsPart(tool, "signing")).toBe(true);
    expect(missingPart(tool, { credentials: credentialKinds })?.message).toMatch(
      /signing each request with AWS Signature Version 4 .*requestSigning/,
    );
    const { fetch, seen } = scriptedFetch(json(200, { items: [] }));
    const execute = createExecutor({ zqList: tool }, { credentials: credentialKinds });
    expect(await execute("zqList", input, { fetch })).toMatchObject({ success: false, error: { rule: "support" } });
    expect(seen).toEqual([]);
  });

  it("re-signs each attempt: a retry after a 503 carries a later date and its own signature", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 27, 9, 0, 0)));
    const { fetch, seen } = scriptedFetch(
      () => {
        vi.setSystemTime(new Date(Date.UTC(2026, 10, 27, 9, 0, 42)));
        return json(503, { message: "zq busy" }, { "retry-after": "0" });
      },
      json(200, { items: [1] }),
    );
    const result = await executeToolDefinition(tool, input, { fetch, retries: 1 });
    expect(result, JSON.stringify(result)).toMatchObject({ success: true, output: { items: [1] } });
    expect(seen.map((r) => r.headers.get("x-amz-date"))).toEqual(["20261127T090000Z", "20261127T090042Z"]);
    const [first, second] = seen.map((r) => r.headers.get("authorization") ?? "");
    expect(first).not.toBe(second);
    for (const [i, r] of seen.entries()) {
      const at = new Date(Date.UTC(2026, 10, 27, 9, 0, i ? 42 : 0));
      const request: HttpRequest = { method: r.method, url: r.url, headers: Object.fromEntries(r.headers) };
      expect(r.headers.get("authorization")).toBe(
        await smithyAuthorization(
          request,
          at,
          { accessKeyId: input.accessKeyId, secretAccessKey: SECRET, sessionToken: TOKEN },
          { service: "zq", region: "us-east-1" },
        ),
      );
      expect(r.headers.get("x-amz-security-token")).toBe(TOKEN);
    }
  });

  it("sends the secret key nowhere and withholds it and the session token from an error that echoes them", async () => {
    const { fetch, seen } = scriptedFetch(json(403, { message: `zq refused ${SECRET} with token ${TOKEN}` }));
    const result = await executeToolDefinition(tool, input, { fetch, retries: 0 });
    expect(result.success).toBe(false);
    const shown = JSON.stringify(result);
    expect(shown).toContain("zq refused");
    expect(shown).not.toContain(SECRET);
    expect(shown).not.toContain(TOKEN);
    const wire = JSON.stringify([seen[0]?.url, [...(seen[0]?.headers ?? [])], seen[0]?.body]);
    expect(wire).not.toContain(SECRET);
    expect(seen[0]?.headers.get("authorization")).toMatch(
      new RegExp(
        "^AWS4-HMAC-SHA256 Credential=AKIAZQEXAMPLE0000001/\\d{8}/us-east-1/zq/aws4_request, " +
          "SignedHeaders=accept;host;x-amz-date;x-amz-security-token, Signature=[0-9a-f]{64}$",
      ),
    );
  });

  it("is signed by the typed client, body and all, as AWS's signer signs it; refused with no key id", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const at = new Date(Date.UTC(2026, 10, 27, 9, 30, 0));
    vi.setSystemTime(at);
    const { fetch, seen } = scriptedFetch(json(200, { items: [] }));
    type Paths = { "/zqItems": { post: { requestBody: { content: { "application/json": { zqName: string } } } } } };
    const client = createProviderClient<Paths>(tool.auth, {
      baseUrl: "https://zq.us-east-1.amazonaws.com",
      credential: SECRET,
      values: { accessKeyId: input.accessKeyId, sessionToken: TOKEN },
      fetch,
    });
    // biome-ignore lint/suspicious/noExplicitAny: a path the test's own Paths type names.
    await (client as any).POST("/zqItems?zq=a%20b", { body: { zqName: "zq é" } });
    const [r] = seen;
    const request: HttpRequest = {
      method: r!.method,
      url: r!.url,
      headers: Object.fromEntries(r!.headers),
      body: r!.body,
    };
    expect(r!.body).toBe('{"zqName":"zq é"}');
    expect(r!.headers.get("authorization")).toBe(
      await smithyAuthorization(
        request,
        at,
        { accessKeyId: input.accessKeyId, secretAccessKey: SECRET, sessionToken: TOKEN },
        { service: "zq", region: "us-east-1" },
      ),
    );
    expect(JSON.stringify([r!.url, [...r!.headers], r!.body])).not.toContain(SECRET);
    expect(() => createProviderClient(tool.auth, { baseUrl: "https://zq.test", credential: SECRET })).toThrow(
      /^accessKeyId: is required: this provider signs each request with AWS Signature Version 4/,
    );
  });

  it("is refused where its host sends the request (Sim's prepared request), which would go unsigned", () => {
    const prepared = prepareRequest(tool, input, fullSupport);
    expect(prepared).toMatchObject({
      failed: { success: false, error: { param: "secretAccessKey", rule: "support" } },
    });
    expect(JSON.stringify(prepared)).toMatch(/each request is signed with AWS Signature Version 4 as it is sent/);
    expect(JSON.stringify(prepared)).not.toContain(SECRET);
  });
});
