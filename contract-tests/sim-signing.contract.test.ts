// A Sim tool that signs its requests (auth.sigv4) runs in Sim: Sim's request builders are synchronous and a
// signature's hashes (WebCrypto) are not, so the generated ToolConfig is Sim's directExecution, which Sim's executor
// calls instead of sending a request (its tools/index.ts), and the provider's package makes the call, signed as it
// leaves. Two invented providers, drafted from one document as AWS's are published (zqsigned) and with a key sent as
// it is (zqplain), generated as packages and as Sim's files: both type-check against Sim's own types; each tool, run
// as Sim's executor runs one (test-support/platforms/tools.ts simExecuteTool), reaches a loopback server; the signed
// request's signature is the one AWS's own signer (@smithy/signature-v4) computes from it as received. The plain
// tool carries its key: it is made by the package too (Sim shows a failure's body as the upstream wrote it), and a
// 401 quoting the key, as sent, in base64 or percent-encoded, shows none of it to Sim's users.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signatureProblem } from "../src/contract/request/signature-check.js";
import { generate } from "../src/emit/generate-all.js";
import { drafted } from "../src/import/__fixtures__/draft-kit.js";
import { zqSigned } from "../src/link/__fixtures__/zq-signed.js";
import type { ProviderIR } from "../src/model/ir.js";
import { baseUrlField } from "../src/model/platform-inputs.js";
import { packageName } from "../test-support/platforms/round-trips.js";
import {
  type SimToolConfig,
  simExecuteTool,
  simTree,
  typeCheckSim,
  writeFiles,
} from "../test-support/platforms/tools.js";

const KEYS = { accessKeyId: "AKIAZQEXAMPLE0000001", secretAccessKey: "zqSecretAccessKey0123456789abcdef" };
const SCOPE = { service: "zqsign", region: "eu-west-1" };
const PLAIN_KEY = "zq-plain-key-4c9e1a";

interface Received {
  method: string;
  url: URL;
  headers: Headers;
  rawBody: string;
}

let work: string;
let irs: ProviderIR[];
let server: Server;
let address: string;
let simFiles: string[];
const received: Received[] = [];

/** The request as the loopback server received it. */
async function record(request: IncomingMessage): Promise<Received> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers))
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  return {
    method: request.method ?? "",
    url: new URL(request.url ?? "/", `http://${request.headers.host}`),
    headers,
    rawBody: Buffer.concat(chunks).toString("utf8"),
  };
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "blockwright-sim-signing-"));
  writeFileSync(join(work, "package.json"), JSON.stringify({ name: "zq-sim-signing", license: "MIT" }));
  const documents = {
    zqsigned: zqSigned({ info: { "x-aws-signingName": SCOPE.service } }),
    zqplain: zqSigned({ authtype: "zqplainkey" }),
  };
  for (const [provider, document] of Object.entries(documents)) {
    const d = drafted(document, ["ListZqWidgets"], provider);
    mkdirSync(join(work, "specs", provider), { recursive: true });
    writeFileSync(join(work, "specs", provider, "openapi.yaml"), d.openapiText);
    writeFileSync(join(work, "specs", provider, "manifest.yaml"), d.manifestText);
  }
  const specsDir = join(work, "specs");
  const packages = await generate({ root: work, specsDir, outDir: join(work, "generated") });
  writeFiles(join(work, "generated"), packages.files);
  const sim = await generate({
    root: work,
    specsDir,
    target: "sim",
    outDir: join(work, "generated-sim"),
    packagesDir: join(work, "generated"),
  });
  writeFiles(join(work, "generated-sim"), sim.files);
  irs = sim.irs;
  // Sim's tree: its own types, both providers' files copied over apps/sim/, the packages beside them.
  simFiles = simTree(
    join(work, "sim"),
    join(work, "generated-sim"),
    irs.map((ir) => {
      const dir = join(work, "generated", ir.provider);
      return { id: ir.provider, name: packageName(dir), dir };
    }),
  );
  server = createServer((request, response) => {
    void record(request).then((r) => {
      received.push(r);
      // An upstream that refuses the key quoting it back, as it was sent, in base64 and percent-encoded.
      if (r.url.searchParams.get("prefix") === "zqecho") {
        const sent = r.headers.get("authorization") ?? "";
        response.writeHead(401, { "content-type": "application/json" });
        response.end(
          JSON.stringify({
            error: `invalid key ${sent}`,
            detail: { b64: Buffer.from(PLAIN_KEY).toString("base64"), url: `?k=${encodeURIComponent(PLAIN_KEY)}` },
          }),
        );
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ names: ["zq-a", "zq-b"] }));
    });
  });
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((closed) => (server ? server.close(closed) : closed(undefined)));
  rmSync(work, { recursive: true, force: true });
});

/** The Sim tree with both providers' files, and the ToolConfig of `provider`'s one tool. */
async function simTool(provider: string): Promise<{ config: SimToolConfig; ir: ProviderIR; text: string }> {
  const ir = irs.find((i) => i.provider === provider) as ProviderIR;
  const file = join(work, "sim", "apps/sim/tools", provider, "list_zq_widgets.ts");
  const module = (await import(/* @vite-ignore */ file)) as Record<string, SimToolConfig>;
  return { config: module[`${provider}ListZqWidgetsTool`] as SimToolConfig, ir, text: readFileSync(file, "utf8") };
}

/** What Sim's executor gives for the tool with `values`, and the one request the loopback server received for it. */
async function runInSim(provider: string, values: Record<string, unknown>) {
  const { config, ir } = await simTool(provider);
  const field = baseUrlField(ir.operations.map((o) => o.tool)) ?? ir.operations[0]?.tool.server.param ?? "baseUrl";
  const before = received.length;
  // Sim passes keys of its own (the run's context) beside the tool's values.
  const result = await simExecuteTool(config, { ...values, [field]: address, _context: { workflowId: "zq-wf" } });
  expect(received.length - before, JSON.stringify(result)).toBe(1);
  return { result, request: received.at(-1) as Received };
}

describe("a Sim tool that signs its requests", () => {
  it("type-checks against Sim's types beside a tool that does not sign, itself as directExecution", async () => {
    // Per provider: its tool, its tools' index, its block.
    expect(simFiles.length).toBe(6);
    expect(await typeCheckSim(join(work, "sim"), simFiles)).toEqual([]);
    const signed = (await simTool("zqsigned")).text;
    expect(signed).toContain("directExecution: request.directExecution");
    expect(signed).toMatch(/signed as it is sent/);
    expect((await simTool("zqplain")).text).not.toMatch(/signed as it is sent/);
  });

  it("runs through Sim's executor to the server, signed as AWS's own signer signs the request received", async () => {
    const { result, request } = await runInSim("zqsigned", { ...KEYS, region: SCOPE.region, prefix: "zq" });
    expect(result).toEqual({ success: true, output: { data: { names: ["zq-a", "zq-b"] } } });
    expect(request.method).toBe("GET");
    expect(`${request.url.pathname}${request.url.search}`).toBe("/zqWidgets?prefix=zq");
    expect(request.headers.get("authorization")).toMatch(
      new RegExp(`^AWS4-HMAC-SHA256 Credential=${KEYS.accessKeyId}/\\d{8}/${SCOPE.region}/${SCOPE.service}/`),
    );
    expect(await signatureProblem(request, KEYS, SCOPE)).toBeUndefined();
    // The signer checks: another secret key, or a request changed on the way, is not what was signed.
    expect(await signatureProblem(request, { ...KEYS, secretAccessKey: "zqAnotherSecret000" }, SCOPE)).toMatch(
      /signature/i,
    );
    const changed = { ...request, url: new URL(`${request.url.origin}/zqWidgets?prefix=zr`) };
    expect(await signatureProblem(changed, KEYS, SCOPE)).toMatch(/signature/i);
    // The secret key never leaves: it signs.
    expect(JSON.stringify([...request.headers]) + request.url.href).not.toContain(KEYS.secretAccessKey);
  });

  it("keeps a refusal before anything is sent as the tool's error", async () => {
    const { config } = await simTool("zqsigned");
    const before = received.length;
    const result = await simExecuteTool(config, { ...KEYS, region: SCOPE.region, prefix: "zq".repeat(11) });
    expect(result).toMatchObject({ success: false, output: {}, error: expect.stringMatching(/prefix/) });
    expect(received.length).toBe(before);
  });
});

describe("a Sim tool whose request carries a key", () => {
  it("is made by the package (directExecution), not sent by Sim from its request builders", async () => {
    const { ir, text } = await simTool("zqplain");
    const tool = ir.operations[0]?.tool;
    expect(tool?.auth.type).not.toBe("sigv4");
    expect(text).toContain("directExecution: request.directExecution");
    const { result, request } = await runInSim("zqplain", { [tool?.auth.param as string]: PLAIN_KEY, prefix: "zq" });
    expect(result).toEqual({ success: true, output: { data: { names: ["zq-a", "zq-b"] } } });
    // The package sent it, not Sim's executor (whose User-Agent is "Sim").
    expect(request.headers.get("user-agent")).not.toBe("Sim");
    expect(request.headers.get("authorization")).toContain(PLAIN_KEY);
  });

  it("shows Sim's users no key an upstream's refusal echoes, as sent, in base64 or percent-encoded", async () => {
    const { ir } = await simTool("zqplain");
    const param = ir.operations[0]?.tool.auth.param as string;
    const { result, request } = await runInSim("zqplain", { [param]: PLAIN_KEY, prefix: "zqecho" });
    expect(request.headers.get("authorization")).toContain(PLAIN_KEY);
    expect(result).toMatchObject({ success: false, error: expect.stringContaining("invalid key") });
    const shown = JSON.stringify(result);
    for (const form of [PLAIN_KEY, Buffer.from(PLAIN_KEY).toString("base64"), encodeURIComponent(PLAIN_KEY)])
      expect(shown).not.toContain(form);
  });
});
