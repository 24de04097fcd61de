// The contract suite's judge of a request signed with AWS Signature Version 4 (auth.sigv4): AWS's own signer
// (@smithy/signature-v4) recomputes each signature from the request as received, independently of the runtime's
// (aws4fetch). A drafted signed provider passes its whole derived suite on its mock; a request whose body changed
// after signing, whose signed headers leave out x-amz-date, or whose body hash lies is refused, naming what is
// wrong; a tool planted with the old draft (the secret key sent as it is in Authorization) fails its cases.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { executeToolDefinition, signRequest, type ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadProvider } from "../../emit/link-provider.js";
import { drafted } from "../../import/__fixtures__/draft-kit.js";
import { zqSigned } from "../../link/__fixtures__/zq-signed.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { loadOpenApi } from "../../load/openapi-source.js";
import { loadYamlSource } from "../../load/yaml-source.js";
import { startMocks, type MockServers } from "../../mocks/mocks.js";
import { deriveCases } from "../derive.js";
import { type CaseResult, runCases } from "../run.js";
import type { Subject } from "../types.js";
import { signatureProblem } from "./signature-check.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const root = mkdtempSync(join(runScratch(), "blockwright-sigv4-judge-"));
const specsDir = join(root, "specs");
let mocks: MockServers;
let subject: Subject;

beforeAll(async () => {
  const d = drafted(zqSigned({ info: { "x-aws-signingName": "zqsign" } }), ["ListZqWidgets"], "zqwidgets");
  const dir = join(specsDir, "zqwidgets");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "openapi.yaml"), d.openapiText);
  writeFileSync(join(dir, "manifest.yaml"), d.manifestText);
  const ir = await loadProvider(root, dir);
  const { source } = await loadOpenApi(join(dir, "openapi.yaml"), specsDir);
  subject = {
    provider: "zqwidgets",
    tools: ir.operations.map((o) => o.tool),
    document: new OpenApiDocument(source),
    manifest: loadYamlSource(join(dir, "manifest.yaml")),
  };
  mocks = await startMocks(["zqwidgets"], { specsDir, root, logLevel: "silent" });
});
afterAll(async () => {
  await mocks?.close();
  rmSync(root, { recursive: true, force: true });
});

async function run(plant: (tool: ToolSpec) => void = () => {}): Promise<CaseResult[]> {
  const tools = subject.tools.map((t) => structuredClone(t));
  for (const t of tools) plant(t);
  const cases = deriveCases({ ...subject, tools });
  return runCases(cases, { mockUrl: () => mocks.urls.zqwidgets as string, seed: 7, runs: 20 });
}

const KEYS = { accessKeyId: "AKIAZQEXAMPLE0000001", secretAccessKey: "zqSecretAccessKey0123456789abcdef" };
const SCOPE = { service: "zqsign", region: "eu-west-1" };

/** A request the runtime signed, as a loopback upstream would receive it: `tamper` changes it on the way. */
async function received(tamper: (r: Request) => Promise<Request> | Request = (r) => r) {
  const tool = subject.tools[0] as ToolSpec;
  let seen: { method: string; url: URL; headers: Headers; rawBody: string } | undefined;
  const fetch = async (sent: Request) => {
    const r = await tamper(sent);
    seen = { method: r.method, url: new URL(r.url), headers: new Headers(r.headers), rawBody: await r.text() };
    return new Response('{"names":[]}', { status: 200, headers: { "content-type": "application/json" } });
  };
  const result = await executeToolDefinition(
    tool,
    { ...KEYS, region: "eu-west-1", prefix: "zq" },
    { fetch, baseUrl: "http://127.0.0.1:9" },
  );
  expect(result.success, JSON.stringify(result)).toBe(true);
  return seen as NonNullable<typeof seen>;
}

describe("a signed request judged by AWS's own signer", () => {
  it("passes the drafted provider's whole derived suite, each signature recomputed", async () => {
    const results = await run();
    expect(results.length).toBeGreaterThan(5);
    expect(results.filter((r) => r.status !== "passed").map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });

  it("takes the runtime's request as sent, and refuses it changed after signing, naming what is wrong", async () => {
    expect(await signatureProblem(await received(), KEYS, SCOPE)).toBeUndefined();
    const moved = await received((r) => new Request(r.url.replace("prefix=zq", "prefix=zz"), r));
    expect(await signatureProblem(moved, KEYS, SCOPE)).toMatch(/the signature does not match the request as received/);
    const bodied = await received(
      (r) => new Request(r.url, { method: "POST", headers: r.headers, body: '{"zq":"added after signing"}' }),
    );
    expect(await signatureProblem(bodied, KEYS, SCOPE)).toMatch(/does not match/);
    const lyingHash = await received((r) => {
      const headers = new Headers(r.headers);
      headers.set("x-amz-content-sha256", "0".repeat(64));
      return new Request(r.url, { method: r.method, headers });
    });
    expect(await signatureProblem(lyingHash, KEYS, SCOPE)).toBe(
      "X-Amz-Content-Sha256 is not the hash of the body received",
    );
    const undated = await received((r) => {
      const headers = new Headers(r.headers);
      headers.set("authorization", String(headers.get("authorization")).replace("host;x-amz-date", "host"));
      return new Request(r.url, { method: r.method, headers });
    });
    expect(await signatureProblem(undated, KEYS, SCOPE)).toBe("SignedHeaders (accept;host) omits x-amz-date");
    expect(
      await signatureProblem(await received(), { ...KEYS, secretAccessKey: "zqAnotherSecret0123" }, SCOPE),
    ).toMatch(/does not match/);
    expect(await signatureProblem(await received(), KEYS, { ...SCOPE, region: "us-east-1" })).toBe(
      "the signature's scope is eu-west-1/zqsign, the manifest's us-east-1/zqsign",
    );
  });

  it("judges a query holding names an object has (__proto__, constructor) as AWS signs it", async () => {
    const way = { type: "sigv4", param: "secretAccessKey", user: "accessKeyId", ...SCOPE } as const;
    const values = { accessKeyId: KEYS.accessKeyId, secretAccessKey: KEYS.secretAccessKey };
    const url = "http://127.0.0.1:9/zqwidgets?zq=1&__proto__=a%20b&__proto__=&A=2&constructor=&toString=x";
    const signed = await signRequest(
      { way, credential: KEYS.secretAccessKey, values },
      { method: "GET", url, headers: {} },
    );
    const asReceived = (at: string) => ({
      method: "GET",
      url: new URL(at),
      headers: new Headers({ ...signed.headers, host: "127.0.0.1:9" }),
      rawBody: "",
    });
    expect(await signatureProblem(asReceived(url), KEYS, SCOPE)).toBeUndefined();
    // The pair is signed: changed or left out, the signature no longer matches.
    for (const changed of [url.replace("a%20b", "a%20c"), url.replace("&__proto__=a%20b", ""), `${url}&constructor=`])
      expect(await signatureProblem(asReceived(changed), KEYS, SCOPE), changed).toMatch(/does not match/);
  });

  it("fails the cases of a tool planted with the old draft: the secret key as it is in Authorization", async () => {
    const results = await run((tool) => {
      tool.auth = { type: "header", name: "Authorization", param: "secretAccessKey" };
    });
    const failed = results.filter((r) => r.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.map((r) => r.message ?? "").join("\n")).toMatch(
      new RegExp(
        "security scheme hmac signs each request with AWS Signature Version 4, but the request carries " +
          "header Authorization as it is, unsigned",
      ),
    );
  });
});
