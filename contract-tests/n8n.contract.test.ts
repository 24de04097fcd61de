// `generate --target n8n` for every provider of specs/, as n8n takes it: each
// package lints clean with n8n's node linter, builds, and its node runs on
// n8n's own engine (n8n-core's WorkflowExecute, loading the package as n8n
// loads a community package) against the provider's Prism mock: one workflow
// runs every operation (test-support/platforms/round-trips.ts), and each
// node's item is the output executeTool gives for the same values. A failure
// is n8n's NodeApiError carrying the structured error.
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generate } from "../src/emit/generate-all.js";
import { n8nNames } from "../src/emit/platforms/n8n-node.js";
import {
  lintN8n,
  n8nCase,
  n8nItemsOf,
  n8nRoundTrip,
  type N8nRoundTrip,
  type PlatformOperation,
  type PlatformProject,
  platformOperations,
  prepareN8n,
} from "../test-support/platforms/round-trips.js";
import { type LintProblem, type N8nJob, type N8nRun, writeFiles } from "../test-support/platforms/tools.js";
import { executeTool, GENERATED_DIR, PROVIDER_IDS, ROOT, SPECS_DIR } from "../test-support/repo.js";
import { sharedMockUrls } from "../test-support/shared-mocks.js";

let out: string;
let project: PlatformProject;

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), "blockwright-n8n-"));
  const result = await generate({
    root: ROOT,
    specsDir: SPECS_DIR,
    target: "n8n",
    outDir: out,
    packagesDir: GENERATED_DIR,
    author: "Zz Tester <zz@example.test>",
  });
  writeFiles(out, result.files);
  project = { root: ROOT, specsDir: SPECS_DIR, packagesDir: GENERATED_DIR, irs: result.irs };
  await prepareN8n(project, out);
});

afterAll(() => rmSync(out, { recursive: true, force: true }));

describe("n8n's node linter", () => {
  let problems: Record<string, LintProblem[]>;
  beforeAll(async () => {
    problems = await lintN8n(project, out, out);
  });
  it.each(PROVIDER_IDS)("%s: lints clean (no error, no warning)", (provider) => {
    expect(problems[provider]).toEqual([]);
  });
});

/**
 * n8n's engine, started once for the file (loading n8n-core is about a second of CPU): the workflow of every
 * operation, then in the same process the failure's own workflow, one node against an upstream that throttles every
 * request, asking for a wait longer than the runtime waits (no retry).
 */
let engine: Promise<{ trip: N8nRoundTrip; failure: N8nRun; op: PlatformOperation }> | undefined;
let throttling: Server | undefined;
let home: string | undefined;
const engineRuns = () =>
  (engine ??= (async () => {
    home = mkdtempSync(join(tmpdir(), "blockwright-n8n-home-"));
    const server = createServer((_req, res) =>
      res
        .writeHead(429, { "content-type": "application/json", "retry-after": "3600" })
        .end(JSON.stringify({ error: { message: "slow down" } })),
    );
    throttling = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const [op] = await platformOperations({ ...project, irs: project.irs.slice(0, 1) });
    const c = n8nCase(op!, out, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const credential = n8nNames(op!.ir).credential;
    const throttled: N8nJob = {
      packages: [join(out, op!.ir.provider)],
      items: [{ [op!.tool.id]: c.values }],
      nodes: [
        {
          id: "n",
          name: "Throttled",
          type: c.type,
          typeVersion: 1,
          position: [200, 0],
          parameters: c.parameters,
          credentials: { [credential]: { id: "c", name: "c" } },
        },
      ],
      credentials: { [credential]: c.credential },
    };
    const trip = await n8nRoundTrip(
      project,
      out,
      await sharedMockUrls(),
      home,
      (_provider, id, params, options) => executeTool(id, params, options),
      [throttled],
    );
    return { trip, failure: trip.alongside[0]!, op: op! };
  })());
afterAll(async () => {
  const server = throttling;
  if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  if (home) rmSync(home, { recursive: true, force: true });
});

describe("a workflow on n8n's engine, against the providers' mocks", () => {
  let trip: N8nRoundTrip;
  beforeAll(async () => {
    ({ trip } = await engineRuns());
  });

  it("runs every operation's node", () => {
    expect(trip.run.error).toBeUndefined();
    expect(trip.run.status).toBe("success");
    expect(trip.results.map((r) => r.case.op.tool.id).sort()).toEqual(
      project.irs.flatMap((ir) => ir.operations.map((o) => o.tool.id)).sort(),
    );
  });

  it("gives, for each operation, the item of executeTool's output for the same values", () => {
    for (const r of trip.results) {
      expect(r.direct, `${r.case.node}: executeTool`).toMatchObject({ success: true });
      expect(r.items, r.case.node).toEqual(n8nItemsOf(r.direct));
    }
  });
});

describe("a failure on n8n's engine", () => {
  it(
    "is n8n's NodeApiError with the structured error: its status, the wait asked for, and n8n's " + "failure cause",
    async () => {
      const { failure: result, op } = await engineRuns();
      expect(result.status).toBe("error");
      expect(result.nodes.Throttled?.[0]?.error).toMatchObject({
        name: "NodeApiError",
        httpCode: "429",
        errorResponse: {
          type: "upstream",
          status: 429,
          provider: op.ir.provider,
          operation: op.tool.id,
          retryAfterMs: 3_600_000,
        },
        failure: { cause: "rate-limited", retryAfterMs: 3_600_000 },
      });
    },
  );
});
