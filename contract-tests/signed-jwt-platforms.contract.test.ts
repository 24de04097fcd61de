// A provider whose every request carries a JWT signed per request with the caller's private key (auth.signedJwt),
// drafted from an invented document (src/link/__fixtures__/zq-signed-jwt.ts) and generated for Sim and for n8n. On
// each, the private key is a credential, masked and never a value a model or an expression fills: n8n's credential
// type holds it as a password field and its node shows it nowhere; Sim's tool gives it to the user only and its block
// masks it. And each tool works where the platform runs it, against a loopback server checking what a server of the
// API checks (the JWT's signature with the public key, its claims against the request as received): Sim's tool, run
// as Sim's executor runs one, through its directExecution (its request builders are synchronous, signing is not);
// n8n's node on n8n's own engine (n8n-core's WorkflowExecute, the package loaded as n8n loads a community package).
// The key, the JWT and the API key reach no output of either, an upstream that echoes them included.
import { createHash, createPublicKey, generateKeyPairSync } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../src/emit/generate-all.js";
import { n8nNames, n8nNodeView } from "../src/emit/platforms/n8n-node.js";
import { drafted } from "../src/import/__fixtures__/draft-kit.js";
import { zqSignedJwt } from "../src/link/__fixtures__/zq-signed-jwt.js";
import type { ProviderIR } from "../src/model/ir.js";
import { baseUrlField } from "../src/model/platform-inputs.js";
import { n8nCase, packageName } from "../test-support/platforms/round-trips.js";
import {
  buildPackages,
  linkModules,
  linkN8nPackage,
  lintPackages,
  type N8nJob,
  runN8nWorkflow,
  type SimToolConfig,
  simExecuteTool,
  simTree,
  typeCheckSim,
  writeFiles,
} from "../test-support/platforms/tools.js";
import { REPOSITORY } from "../test-support/neutral-copy.js";
import { runScratch } from "../test-support/run/run-scratch.js";
import { type Received, server } from "../test-support/runtime/loopback-server.js";

const PROVIDER = "zqvaults";
const API_KEY = "zq-api-key-5d8c2b7e1a9f3e4d";
const PRIVATE_KEY = generateKeyPairSync("ec", { namedCurve: "P-256" })
  .privateKey.export({ type: "pkcs8", format: "pem" })
  .toString();
const PUBLIC_KEY = createPublicKey(PRIVATE_KEY);

let work: string;
let ir: ProviderIR;
let upstream: Awaited<ReturnType<typeof server>> | undefined;
let address: string;
let simFiles: string[];
let received: Received[] = [];

beforeAll(async () => {
  work = mkdtempSync(join(runScratch(), "blockwright-signed-jwt-platforms-"));
  writeFileSync(join(work, "package.json"), JSON.stringify({ name: "zq-signed-jwt-platforms", license: "MIT" }));
  // The provider's package, built into the n8n package, finds the runtime as an installed project would.
  linkModules(work, { "@blockwright/runtime": join(REPOSITORY, "runtime") });
  const d = drafted(zqSignedJwt(), ["listVaults", "createVault"], PROVIDER);
  mkdirSync(join(work, "specs", PROVIDER), { recursive: true });
  writeFileSync(join(work, "specs", PROVIDER, "openapi.yaml"), d.openapiText);
  writeFileSync(join(work, "specs", PROVIDER, "manifest.yaml"), d.manifestText);
  const specsDir = join(work, "specs");
  const packagesDir = join(work, "generated");
  writeFiles(packagesDir, (await generate({ root: work, specsDir, outDir: packagesDir })).files);
  for (const target of ["sim", "n8n"] as const) {
    const outDir = join(work, `generated-${target}`);
    const made = await generate({ root: work, specsDir, target, outDir, packagesDir, author: "Zz Tester <zz@x.test>" });
    writeFiles(outDir, made.files);
    ir = made.irs[0] as ProviderIR;
  }
  const pkg = { name: packageName(join(packagesDir, PROVIDER)), dir: join(packagesDir, PROVIDER) };
  simFiles = simTree(join(work, "sim"), join(work, "generated-sim"), [{ id: PROVIDER, ...pkg }]);
  linkN8nPackage(join(work, "generated-n8n", PROVIDER), pkg);
  await buildPackages([join(work, "generated-n8n", PROVIDER)]);
  // The upstream: each request recorded as received; every answer echoes the JWT (with and without `Bearer `) and
  // the API key, in its body and a header.
  upstream = await server((r) => {
    const authorization = String(r.headers.authorization ?? "");
    const echo = `${authorization} / ${authorization.slice(7)} / ${String(r.headers["x-zq-key"])}`;
    const body =
      r.method === "GET" ? { data: [{ id: "v1", name: echo }], next_cursor: null } : { id: "v9", name: echo };
    return { status: 200, headers: { "x-zq-echo": echo }, body: JSON.stringify(body) };
  });
  received = upstream.received;
  address = upstream.url;
});

afterAll(async () => {
  // No server when the set-up failed before it: a promise of nothing would never settle.
  await upstream?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** What a server of the API checks of a request: its JWT's signature, and each claim against the request received. */
async function serverCheck(r: Received): Promise<void> {
  const authorization = String(r.headers.authorization ?? "");
  expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
  // Its lifetime as of the request's arrival, as the API checks it: read after a whole workflow ran on a loaded
  // machine, a 30-second token had expired though it was sent in time.
  const { payload } = await jwtVerify(authorization.slice(7), PUBLIC_KEY, { algorithms: ["ES256"], currentDate: r.at });
  expect(payload).toMatchObject({
    uri: r.url,
    bodyHash: createHash("sha256").update(r.bytes).digest("hex"),
    sub: API_KEY,
  });
  expect(r.headers["x-zq-key"]).toBe(API_KEY);
}

/** Neither the key (any line of it), a JWT sent, nor the API key in `text`. */
function expectNoSecret(text: string): void {
  for (const line of PRIVATE_KEY.split("\n")) if (line.length > 20) expect(text).not.toContain(line);
  for (const r of received) expect(text).not.toContain(String(r.headers.authorization).slice(7).split(".")[2]);
  expect(text).not.toContain(API_KEY);
  expect(text).not.toMatch(/eyJ[\w-]{10,}/);
}

const toolOf = (id: string) => ir.operations.find((o) => o.tool.id === `${PROVIDER}_${id}`)?.tool;

describe("auth.signedJwt for Sim", () => {
  it("the private key given by the user only, masked in the block; the files type-check with Sim", async () => {
    expect(await typeCheckSim(join(work, "sim"), simFiles)).toEqual([]);
    const input = ir.block.inputs.find((i) => i.id === "privateKey");
    expect(input).toMatchObject({ password: true, visibility: "user-only" });
    const block = readFileSync(join(work, "sim/apps/sim/blocks/blocks", `${PROVIDER}.ts`), "utf8");
    expect(block).toMatch(/id: "privateKey",[^}]*password: true,[^}]*paramVisibility: "user-only"/);
    const { config, text } = await simTool("create_vault");
    expect((config as unknown as { params: Record<string, { visibility: string }> }).params.privateKey).toMatchObject({
      visibility: "user-only",
    });
    expect(text).toContain("directExecution: request.directExecution");
  });

  it("runs through Sim's executor, each request's JWT verified, a key pasted on one line too", async () => {
    for (const [id, values] of [
      ["create_vault", { name: "Zq sim" }],
      ["list_vaults", { status: "open" }],
      ["create_vault", { name: "Zq one line", privateKey: PRIVATE_KEY.replace(/\n/g, "") }],
    ] as const) {
      const { config } = await simTool(id);
      const before = received.length;
      const field = baseUrlField(ir.operations.map((o) => o.tool)) ?? "baseUrl";
      const result = await simExecuteTool(config, {
        privateKey: PRIVATE_KEY,
        xZqKey: API_KEY,
        ...values,
        [field]: address,
        _context: { workflowId: "zq-wf" },
      });
      expect(result.success, JSON.stringify(result)).toBe(true);
      expect(received.length).toBe(before + 1);
      await serverCheck(received.at(-1) as Received);
      expect(JSON.stringify(result)).toContain("[redacted]");
      expectNoSecret(JSON.stringify(result));
    }
  });
});

/** Sim's ToolConfig of the operation, from the Sim tree, and its file's text. */
async function simTool(id: string): Promise<{ config: SimToolConfig; text: string }> {
  const file = join(work, "sim/apps/sim/tools", PROVIDER, `${id}.ts`);
  const module = (await import(/* @vite-ignore */ file)) as Record<string, SimToolConfig>;
  const config = Object.values(module).find((v) => typeof v === "object" && v && "request" in v) as SimToolConfig;
  return { config, text: readFileSync(file, "utf8") };
}

describe("auth.signedJwt for n8n", () => {
  it("the private key a masked credential field, no property of the node; n8n's linter clean", async () => {
    const view = n8nNodeView(ir, n8nNames(ir));
    expect(view.node.credentialParams).toContain("privateKey");
    const field = view.credentialProperties.find((p) => p.name === "privateKey");
    expect(field).toMatchObject({ type: "string", typeOptions: { password: true }, required: true });
    const names = JSON.stringify(view.description.properties);
    expect(names).not.toMatch(/"name":"privateKey"/);
    const credentials = readFileSync(
      join(
        work,
        "generated-n8n",
        PROVIDER,
        "credentials",
        `${n8nNames(ir).credential.replace(/^./, (c) => c.toUpperCase())}.credentials.ts`,
      ),
      "utf8",
    );
    expect(credentials).toMatch(/name: "privateKey",\s+type: "string",\s+typeOptions: \{\s+password: true,\s+\},/);
    const dir = join(work, "generated-n8n", PROVIDER);
    expect((await lintPackages([dir], work))[dir]).toEqual([]);
  });

  it("runs on n8n's engine, each request's JWT verified, a creation and a list", async () => {
    const n8nDir = join(work, "generated-n8n");
    const cases = [
      n8nCase(
        { ir, tool: toolOf("create_vault")!, input: { privateKey: PRIVATE_KEY, xZqKey: API_KEY, name: "Zq n8n" } },
        n8nDir,
        address,
      ),
      n8nCase(
        { ir, tool: toolOf("list_vaults")!, input: { privateKey: PRIVATE_KEY, xZqKey: API_KEY, status: "closed" } },
        n8nDir,
        address,
      ),
    ];
    const credential = n8nNames(ir).credential;
    const job: N8nJob = {
      packages: [join(n8nDir, PROVIDER)],
      items: [Object.fromEntries(cases.map((c) => [c.op.tool.id, c.values]))],
      nodes: cases.map((c, i) => ({
        id: `n${i}`,
        name: c.node,
        type: c.type,
        typeVersion: 1,
        position: [200, i * 100],
        parameters: c.parameters,
        credentials: { [credential]: { id: PROVIDER, name: PROVIDER } },
      })),
      credentials: { [credential]: Object.assign({}, ...cases.map((c) => c.credential)) },
    };
    // The key is a credential only: the node's values (its expressions' item) never hold it.
    expect(JSON.stringify(job.items)).not.toContain("PRIVATE KEY");
    const home = mkdtempSync(join(work, "n8n-home-"));
    const before = received.length;
    const run = await runN8nWorkflow(job, home);
    expect(run.status, JSON.stringify(run.error)).toBe("success");
    const sent = received.slice(before);
    expect(sent.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /v1/vaults",
      expect.stringMatching(/^GET \/v1\/vaults\?.*status=closed/),
    ]);
    for (const r of sent) await serverCheck(r);
    const items = cases.map((c) => run.nodes[c.node]?.[0]?.items ?? []);
    expect(items.map((i) => i.length)).toEqual([1, expect.any(Number)]);
    expect(JSON.stringify(items)).toContain("[redacted]");
    expectNoSecret(JSON.stringify(run));
  });
});
