// Requests carrying a JWT bound to each, signed with the caller's private key (auth.signedJwt): a document whose
// bearer scheme says so in words is drafted with it, and links; the tools give each request (a JSON body, a query, a
// multipart upload, each page of a list) a JWT of its own whose signature verifies with the public key and whose
// claims are what went on the wire (checked at a loopback server on the bytes it received); the judge finds a
// replayed or a body-altered request; a key that cannot sign is refused before any request; the key and the JWT
// appear in no result. Before, `add` drafted the JWT as a token the caller gives, and every real call was refused.
import { createHash, createPublicKey, generateKeyPairSync, type KeyObject } from "node:crypto";
import { rmSync } from "node:fs";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { executeToolDefinition } from "@blockwright/runtime";
import { createProviderClient, type ToolSpec } from "@blockwright/runtime/internal";
import { decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jwtProblem } from "../../contract/request/jwt-check.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt } from "../../import/__fixtures__/draft-kit.js";
import { zqSignedJwt } from "../__fixtures__/zq-signed-jwt.js";

const OPS = ["listVaults", "createVault", "uploadDocument"];
const API_KEY = "zq-api-key-0123456789abcdef";
const pem = (type: "ec" | "rsa") =>
  (type === "ec"
    ? generateKeyPairSync("ec", { namedCurve: "P-256" })
    : generateKeyPairSync("rsa", { modulusLength: 2048 })
  ).privateKey
    .export({ type: "pkcs8", format: "pem" })
    .toString();
const PRIVATE_KEY = pem("ec");
const PUBLIC_KEY: KeyObject = createPublicKey(PRIVATE_KEY);

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/** A loopback server recording each request's bytes as received; a list's first page names a next cursor. */
async function recorder() {
  const received: Received[] = [];
  const srv = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (d: Buffer) => chunks.push(d));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        bytes: Buffer.concat(chunks),
      });
      const second = (req.url ?? "").includes("cursor=zqc2");
      const body =
        req.method === "GET"
          ? { data: [{ id: second ? "v2" : "v1" }], next_cursor: second ? null : "zqc2" }
          : // The header as received, and the bare token as an error message quotes it.
            { id: "v9", name: `${req.headers.authorization} (token ${req.headers.authorization?.slice(7)})` };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => srv.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}`;
  return { url, received, close: () => new Promise<void>((resolve) => srv.close(() => resolve())) };
}

/** What a server of the API checks: the signature, and each claim against the request as received. */
async function serverCheck(r: Received): Promise<Record<string, unknown>> {
  const authorization = String(r.headers.authorization ?? "");
  expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  const { payload, protectedHeader } = await jwtVerify(authorization.slice(7), PUBLIC_KEY, { algorithms: ["ES256"] });
  expect(protectedHeader.alg).toBe("ES256");
  expect(payload).toMatchObject({
    uri: r.url,
    bodyHash: createHash("sha256").update(r.bytes).digest("hex"),
    sub: API_KEY,
    exp: (payload.iat as number) + 30,
  });
  expect(Math.abs((payload.iat as number) - Date.now() / 1000)).toBeLessThan(60);
  expect(r.headers["x-zq-key"]).toBe(API_KEY);
  return payload;
}

/** The private key's text (each line of it) nowhere in what was sent or returned. */
function keyNowhere(text: string): void {
  for (const line of PRIVATE_KEY.split("\n").filter((l) => l.length > 20)) expect(text).not.toContain(line);
}

let tools: Record<string, ToolSpec>;
let upstream: Awaited<ReturnType<typeof recorder>>;
const d = drafted(zqSignedJwt(), OPS, "zqvaults");

beforeAll(async () => {
  tools = Object.fromEntries((await linkedTools(d, "zqvaults")).map((t) => [t.operationId, t]));
  upstream = await recorder();
});
afterAll(async () => {
  await upstream?.close();
  rmSync(draftWorkFolder, { recursive: true, force: true });
});

describe("a bearer scheme described as a JWT signed per request with a private key", () => {
  it("is drafted as auth.signedJwt, the API key beside it, with a review note, and links", async () => {
    expect(d.manifest.auth).toEqual({
      scheme: "zqJwt",
      param: "privateKey",
      also: [{ scheme: "zqKey", param: "xZqKey" }],
      signedJwt: {
        alg: "ES256",
        claims: { uri: true, bodyHash: true, nonce: true, iat: true, exp: 30, sub: "xZqKey" },
      },
    });
    expect(d.manifest.params?.privateKey).toMatchObject({ secret: true, required: true });
    expect(notesAt(d, "auth.signedJwt").join("\n")).toMatch(/a JWT signed per request with a private key/);
    expect(await linkProblems(d, "zqvaults")).toEqual([]);
    expect(tools.createVault?.auth).toMatchObject({
      type: "signedJwt",
      param: "privateKey",
      alg: "ES256",
      header: "Authorization",
      prefix: "Bearer ",
      also: [{ type: "header", name: "X-Zq-Key", param: "xZqKey" }],
    });
  });

  it("the algorithm and lifetime as the words give them, else guessed and said so", () => {
    const worded = (words: string) => {
      const doc = zqSignedJwt();
      const schemes = (doc.components as { securitySchemes: Record<string, Record<string, unknown>> }).securitySchemes;
      (schemes.zqJwt as Record<string, unknown>).description = words;
      return drafted(doc, OPS, "zqvaults");
    };
    const rs = worded("A JWT signed per request with your private key, RS256; claims uri, bodyHash, exp (55 seconds).");
    expect(rs.manifest.auth.signedJwt).toEqual({ alg: "RS256", claims: { uri: true, bodyHash: true, exp: 55 } });
    const bare = worded("Each request: a JWT signed with your private key over its uri and bodyHash.");
    expect(bare.manifest.auth.signedJwt).toMatchObject({ alg: "ES256", claims: { exp: 30 } });
    expect(notesAt(bare, "auth.signedJwt").join("\n")).toMatch(/guessed: alg ES256 .*, exp 30 seconds/);
  });

  it("not where the words say no such thing: a JWT bearer token stays a token the caller gives", () => {
    expect(drafted(zqSignedJwt(false), OPS, "zqvaults").manifest.auth.signedJwt).toBeUndefined();
  });
});

describe("each request carries a JWT of its own, bound to the bytes sent", () => {
  const input = { privateKey: PRIVATE_KEY, xZqKey: API_KEY };
  const call = (op: string, values: Record<string, unknown>, options = {}) =>
    executeToolDefinition(tools[op] as ToolSpec, { ...input, ...values }, { baseUrl: upstream.url, ...options });

  it("a JSON body, a query over two pages, a multipart upload: each verified, its claims the wire's", async () => {
    upstream.received.length = 0;
    const results = [
      await call("createVault", { name: "Zq reserve", note: "ünïcode ✓" }),
      await call("listVaults", { status: "open", limit: 5 }, { allPages: true }),
      await call("uploadDocument", { id: "v1", file: new Uint8Array([0, 255, 1, 254, 10, 13]), title: "scan" }),
    ];
    for (const r of results) expect(r.success, JSON.stringify(r)).toBe(true);
    expect(upstream.received.map((r) => `${r.method} ${r.url.replace(/\?.*/, "")}`)).toEqual([
      "POST /v1/vaults",
      "GET /v1/vaults",
      "GET /v1/vaults",
      "POST /v1/vaults/v1/documents",
    ]);
    const claims = [];
    for (const r of upstream.received) claims.push(await serverCheck(r));
    expect(upstream.received[1]?.url).toMatch(/[?&]status=open/);
    expect(upstream.received[2]?.url).toMatch(/[?&]cursor=zqc2/);
    expect(String(upstream.received[3]?.headers["content-type"])).toMatch(/^multipart\/form-data; boundary=/);
    expect(new Set(claims.map((c) => c.nonce)).size).toBe(4);
    expect(new Set(claims.map((c) => c.bodyHash)).size).toBe(3);
    // Neither the key nor a JWT in a result (the answer echoes the Authorization it received, and the bare token).
    const shown = JSON.stringify(results);
    keyNowhere(shown + JSON.stringify(upstream.received.map((r) => [r.headers, r.bytes.toString("latin1")])));
    expect(shown).not.toMatch(/Bearer ey/);
    expect(shown).not.toMatch(/eyJ[\w-]{10,}\./);
  });

  it("the judge: each request right, the same request again a replay, a body altered a wrong bodyHash", async () => {
    upstream.received.length = 0;
    expect((await call("createVault", { name: "Zq judged" })).success).toBe(true);
    const [sent] = upstream.received as [Received];
    const way = tools.createVault?.auth as Parameters<typeof jwtProblem>[1];
    const exchange = (bytes: Buffer) => ({
      url: new URL(sent.url, upstream.url),
      headers: new Headers(Object.entries(sent.headers).map(([k, v]) => [k, String(v)]) as [string, string][]),
      rawBody: bytes.toString("utf8"),
      rawBytes: new Uint8Array(bytes),
    });
    expect(await jwtProblem(exchange(sent.bytes), way, input)).toBeUndefined();
    expect(await jwtProblem(exchange(sent.bytes), way, input)).toMatch(/claim nonce .* was sent before: .*replay/);
    const altered = Buffer.from(sent.bytes.toString("utf8").replace("Zq judged", "Zq judgeD"));
    expect(await jwtProblem(exchange(altered), way, input)).toMatch(/claim bodyHash is "[0-9a-f]{64}", the request/);
    const other = { ...input, privateKey: pem("ec") };
    expect(await jwtProblem(exchange(sent.bytes), way, other)).toMatch(/signature does not verify with the public key/);
    const later = Date.now() + 31_000;
    expect(await jwtProblem(exchange(sent.bytes), way, input, later)).toMatch(/claim exp is \d+: the JWT had expired/);
  });

  it.each([
    ["text that is no key", "-----BEGIN PRIVATE KEY-----\nzqNotAKey0123456789\n-----END PRIVATE KEY-----"],
    ["an RSA key where ES256 signs", pem("rsa")],
  ])("a private key that cannot sign (%s): refused before any request, the key withheld", async (_, key) => {
    upstream.received.length = 0;
    const r = await call("createVault", { name: "Zq refused", privateKey: key });
    expect(r).toMatchObject({ success: false, error: { type: "validation", param: "privateKey", rule: "format" } });
    expect(JSON.stringify(r)).toMatch(/privateKey: must be a private key for ES256 in PKCS #8 PEM text/);
    expect(JSON.stringify(r)).not.toContain(key.split("\n")[1] as string);
    expect(upstream.received).toEqual([]);
  });

  it("an RSA key too short for RS256 (1024 bits, read, unfit to sign): refused before any request", async () => {
    upstream.received.length = 0;
    const short = generateKeyPairSync("rsa", { modulusLength: 1024 })
      .privateKey.export({ type: "pkcs8", format: "pem" })
      .toString();
    const tool = tools.createVault as ToolSpec;
    const rs256 = { ...tool, auth: { ...(tool.auth as object), alg: "RS256" } } as ToolSpec;
    const r = await executeToolDefinition(
      rs256,
      { ...input, name: "Zq short", privateKey: short },
      { baseUrl: upstream.url, retries: 2 },
    );
    expect(r).toMatchObject({ success: false, error: { type: "validation", param: "privateKey", rule: "format" } });
    expect(JSON.stringify(r)).toMatch(/an RSA key of 2048 bits or more/);
    expect(upstream.received).toEqual([]);
  });

  it("the typed client signs each request too, the API key placed from values", async () => {
    upstream.received.length = 0;
    const client = createProviderClient<Record<string, never>>(tools.createVault?.auth as ToolSpec["auth"], {
      baseUrl: upstream.url,
      credential: PRIVATE_KEY,
      values: { xZqKey: API_KEY },
    });
    const post = client.POST as unknown as (path: string, init: { body: unknown }) => Promise<{ response: Response }>;
    expect((await post("/v1/vaults", { body: { name: "Zq typed" } })).response.status).toBe(200);
    const [sent] = upstream.received as [Received];
    expect(decodeJwt(String(sent.headers.authorization).slice(7))).toMatchObject({ uri: "/v1/vaults" });
    await serverCheck(sent);
  });
});

describe("a manifest's auth.signedJwt that is wrong is refused at the field", () => {
  const problems = async (from: string | RegExp, to: string, openapi?: [string, string]) => {
    const manifestText = d.manifestText.replace(from, to);
    expect(manifestText === d.manifestText && !openapi).toBe(false);
    const openapiText = openapi ? d.openapiText.replace(openapi[0], openapi[1]) : d.openapiText;
    return (await linkProblems({ ...d, manifestText, openapiText }, "zqvaults")).join("\n");
  };

  it("an algorithm it does not sign with", async () => {
    expect(await problems("alg: ES256", "alg: HS256")).toMatch(/manifest\.yaml:\d+:\d+: .*alg.*(RS256|ES256)/);
  });

  it("a subject that is the private key itself, or no shared parameter", async () => {
    expect(await problems("sub: xZqKey", "sub: privateKey")).toMatch(
      /manifest\.yaml:\d+:\d+: .*"privateKey" is the private key \(auth\.param\): the JWT's subject must never/,
    );
    expect(await problems("sub: xZqKey", "sub: zqKeyId")).toMatch(
      /manifest\.yaml:\d+:\d+: .*parameter "zqKeyId" must be declared under the shared "params"/,
    );
  });

  it("a private key not secret, or a scheme that is no header's", async () => {
    expect(await problems(/(\n {2}privateKey:\n(?: {4}.*\n)*?) {4}secret: true\n/, "$1")).toMatch(
      /manifest\.yaml:\d+:\d+: .*the private key parameter must be marked secret: true/,
    );
    const query = await problems("", "", [
      "type: http\n      scheme: bearer",
      "type: apiKey\n      in: query\n      name: zqJwtQuery",
    ]);
    expect(query).toMatch(/security scheme "zqJwt" .*auth\.signedJwt sends the JWT in a header/);
  });
});
