// `generate --target n8n` for every provider of specs/, as n8n takes it: each
// package lints clean with n8n's node linter, builds, and its node runs on
// n8n's own engine (n8n-core's WorkflowExecute, loading the package as n8n
// loads a community package) against the provider's Prism mock. Every
// operation runs in one workflow — the first node emits one item holding
// every operation's values, each operation's node reads them by expression —
// and each node's item is the output executeTool gives for the same values.
// A failure is n8n's NodeApiError carrying the structured error, or, with
// "Continue On Fail", the item's `error`.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { generate, linkProvider } from "../src/emit/generate-all.js";
import { n8nNames } from "../src/emit/platforms/n8n-node.js";
import type { ProviderIR } from "../src/model/ir.js";
import { inCredential, N8N_COLLECTION, n8nOperationInputs, baseUrlField } from "../src/model/platform-inputs.js";
import { valuesOf } from "../src/contract/values.js";
import { buildPackages, linkN8nPackage, type LintProblem, lintPackages, type N8nRun, runN8nWorkflow, writeFiles } from "../test-support/platform-tools.js";
import { executeTool, GENERATED_DIR, PROVIDER_IDS, ROOT, SPECS_DIR } from "../test-support/repo.js";
import { sharedMockUrls } from "../test-support/shared-mocks.js";

const AUTHOR = "Zz Tester <zz@example.test>";
/** Items a list operation's node gathers ("Limit"): more than a page's worth is not needed to see the pages gathered. */
const LIMIT = 2;

let out: string;
let irs: ProviderIR[];
const irOf = (provider: string) => irs.find((ir) => ir.provider === provider) as ProviderIR;
/** The node's type as n8n names it: the n8n package's name, a dot, the node's name. */
const nodeType = (provider: string) => `${(JSON.parse(readFileSync(join(out, provider, "package.json"), "utf8")) as { name: string }).name}.${n8nNames(irOf(provider)).type}`;
const packageOf = (provider: string) => JSON.parse(readFileSync(join(GENERATED_DIR, provider, "package.json"), "utf8")) as { name: string };

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "blockwright-n8n-"));
  const result = await generate({ root: ROOT, specsDir: SPECS_DIR, target: "n8n", outDir: out, packagesDir: GENERATED_DIR, author: AUTHOR });
  writeFiles(out, result.files);
  irs = result.irs;
  for (const ir of irs) linkN8nPackage(join(out, ir.provider), { name: packageOf(ir.provider).name, dir: join(GENERATED_DIR, ir.provider) });
  await buildPackages(irs.map((ir) => join(out, ir.provider)));
}, 120_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("n8n's node linter", () => {
  let problems: Record<string, LintProblem[]>;
  beforeAll(async () => {
    problems = await lintPackages(
      PROVIDER_IDS.map((p) => join(out, p)),
      out,
    );
  }, 120_000);
  it.each(PROVIDER_IDS)("%s: lints clean (no error, no warning)", (provider) => {
    expect(problems[join(out, provider)]).toEqual([]);
  });
});

/** One operation's node in the workflow: its parameters (read by expression from the first item), and the call executeTool makes. */
interface Case {
  provider: string;
  tool: ToolSpec;
  node: string;
  parameters: Record<string, unknown>;
  values: Record<string, unknown>;
  credential: Record<string, unknown>;
}

/** Where the node's properties and credential hold `input` (as the generator laid them out), and the values the item carries. */
function caseOf(ir: ProviderIR, tool: ToolSpec, input: Record<string, unknown>, mock: string): Case {
  const layout = n8nOperationInputs(tool);
  const key = `${tool.id}`;
  const parameters: Record<string, unknown> = { operation: tool.id };
  const collection: Record<string, unknown> = {};
  const values: Record<string, unknown> = {};
  for (const i of layout.inputs) {
    const value = input[i.param.name];
    if (value === undefined) continue;
    values[i.param.name] = value;
    // Every value comes from the first node's item, by n8n's expressions.
    const expression = `={{ $json[${JSON.stringify(key)}][${JSON.stringify(i.param.name)}] }}`;
    if (i.place === "node") parameters[i.param.name] = expression;
    else collection[i.param.name] = expression;
  }
  if (Object.keys(collection).length) parameters[N8N_COLLECTION] = collection;
  if (layout.paging) Object.assign(parameters, { [layout.paging.returnAll]: false, [layout.paging.limit]: LIMIT });
  const credential: Record<string, unknown> = Object.fromEntries(tool.params.filter((p) => inCredential(p) && input[p.name] !== undefined).map((p) => [p.name, input[p.name]]));
  const field = baseUrlField(ir.operations.map((o) => o.tool));
  credential[field ?? tool.server.param ?? "baseUrl"] = mock;
  return { provider: ir.provider, tool, node: `${ir.provider}: ${tool.id}`, parameters, values, credential };
}

/** The resource of an operation in a node with resources (more than five operations): the node shows the operation only under it. */
function withResource(c: Case, description: { properties: { name: string; options?: { value: unknown }[]; displayOptions?: { show?: { resource?: string[] } } }[] }): Case {
  const operation = description.properties.find((p) => p.name === "operation" && p.options?.some((o) => o.value === c.tool.id));
  const resource = operation?.displayOptions?.show?.resource?.[0];
  return resource ? { ...c, parameters: { resource, ...c.parameters } } : c;
}

describe("a workflow on n8n's engine, against the providers' mocks", () => {
  let run: N8nRun;
  const cases: Case[] = [];
  let home: string;

  beforeAll(async () => {
    const mocks = await sharedMockUrls();
    for (const ir of irs) {
      const { document } = await linkProvider(ROOT, join(SPECS_DIR, ir.provider));
      const { n8nNodeView } = await import("../src/emit/platforms/n8n-node.js");
      const view = n8nNodeView(ir, n8nNames(ir));
      for (const { tool } of ir.operations) {
        // The values the derived contract cases send: valid, and answered by the mock.
        const input = valuesOf(tool, document).minimal();
        cases.push(withResource(caseOf(ir, tool, input, mocks[ir.provider] ?? ""), view.description as never));
      }
    }
    home = mkdtempSync(join(tmpdir(), "blockwright-n8n-home-"));
    // One credential per provider: what its operations' cases give.
    const credentials: Record<string, Record<string, unknown>> = {};
    for (const c of cases) {
      const name = n8nNames(irOf(c.provider)).credential;
      credentials[name] = { ...credentials[name], ...c.credential };
    }
    run = await runN8nWorkflow(
      {
        packages: irs.map((ir) => join(out, ir.provider)),
        items: [Object.fromEntries(cases.map((c) => [c.tool.id, c.values]))],
        nodes: cases.map((c, i) => {
          const names = n8nNames(irOf(c.provider));
          return { id: `n${i}`, name: c.node, type: nodeType(c.provider), typeVersion: 1, position: [200, i * 100], parameters: c.parameters, credentials: { [names.credential]: { id: c.provider, name: c.provider } } };
        }),
        credentials,
      },
      home,
    );
  }, 240_000);

  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("runs every node", () => {
    expect(run.error).toBeUndefined();
    expect(run.status).toBe("success");
    expect(Object.keys(run.nodes).sort()).toEqual(["Items", ...cases.map((c) => c.node)].sort());
  });

  it("gives, for each operation, the item of executeTool's output for the same values", async () => {
    const mocks = await sharedMockUrls();
    for (const c of cases) {
      const address = mocks[c.provider] ?? "";
      const params = { ...c.values, ...Object.fromEntries(Object.entries(c.credential).filter(([k]) => c.tool.params.some((p) => p.name === k))) };
      const options = { ...(c.tool.server.param ? {} : { baseUrl: address }), ...(c.tool.pagination ? { allPages: true, maxItems: LIMIT } : {}) };
      const direct = await executeTool(c.tool.id, params, options);
      expect(direct, `${c.node}: executeTool`).toMatchObject({ success: true });
      const items = run.nodes[c.node]?.[0]?.items ?? [];
      expect(
        items.map((i) => i.json),
        c.node,
      ).toEqual([JSON.parse(JSON.stringify(direct.success ? direct.output : null))]);
    }
  });
});

describe("a failure on n8n's engine", () => {
  let server: Server;
  let address: string;
  let home: string;
  beforeAll(async () => {
    home = mkdtempSync(join(tmpdir(), "blockwright-n8n-home-"));
    // An upstream that throttles every request, asking for a wait longer than the runtime waits: no retry.
    server = createServer((_req, res) => res.writeHead(429, { "content-type": "application/json", "retry-after": "3600" }).end(JSON.stringify({ error: { message: "slow down" } })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    address = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(home, { recursive: true, force: true });
  });

  it("is n8n's NodeApiError with the structured error: its status, the wait asked for, and n8n's failure cause", async () => {
    const ir = irs[0]!;
    const { document } = await linkProvider(ROOT, join(SPECS_DIR, ir.provider));
    const tool = ir.operations[0]!.tool;
    const c = caseOf(ir, tool, valuesOf(tool, document).minimal(), address);
    const names = n8nNames(ir);
    const { n8nNodeView } = await import("../src/emit/platforms/n8n-node.js");
    const withRes = withResource(c, n8nNodeView(ir, names).description as never);
    const type = nodeType(ir.provider);
    const result = await runN8nWorkflow(
      {
        packages: [join(out, ir.provider)],
        items: [{ [tool.id]: c.values }],
        nodes: [{ id: "n", name: "Throttled", type, typeVersion: 1, position: [200, 0], parameters: withRes.parameters, credentials: { [names.credential]: { id: "c", name: "c" } } }],
        credentials: { [names.credential]: c.credential },
      },
      home,
    );
    expect(result.status).toBe("error");
    const error = result.nodes.Throttled?.[0]?.error;
    expect(error).toMatchObject({
      name: "NodeApiError",
      httpCode: "429",
      errorResponse: { type: "upstream", status: 429, provider: ir.provider, operation: tool.id, retryAfterMs: 3_600_000 },
      failure: { cause: "rate-limited", retryAfterMs: 3_600_000 },
    });
  }, 120_000);
});
