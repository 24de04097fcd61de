// `blockwright mock` reads a spec as generation does, and refuses what
// generation refuses with generation's own message: Prism is never left to
// resolve a $ref itself (a network address, a file outside the specs) or to
// expand an alias bomb. The bombs' refusals run as a process with its heap
// capped, so a bomb expanded would end it with an out-of-memory crash, not
// exit 2; the network $ref's runs in this process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { generate, GenerationErrors } from "../emit/generate-all.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const root = mkdtempSync(join(runScratch(), "blockwright-mock-sources-"));
const specs = join(root, "specs");

/** A loopback server that counts what it is asked; a spec's network $ref points at it. */
let server: Server;
let requests = 0;
beforeAll(async () => {
  server = createServer((_, res) => {
    requests++;
    res.writeHead(200, { "content-type": "application/yaml" });
    res.end("type: object\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider("network", `{ $ref: "${base}/schema.yaml" }`);
  provider("bomb", "{ type: object }");
  writeFileSync(join(specs, "bomb", "openapi.yaml"), BOMB + "openapi: 3.0.3\n", { flag: "a" });
  provider("outside", `{ $ref: "../../elsewhere/bomb.yaml#/i" }`, { "elsewhere/bomb.yaml": BOMB });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

/**
 * A provider whose one response schema is `schema` (YAML, one line); `files` are written too, relative to the project.
 */
function provider(name: string, schema: string, files: Record<string, string> = {}): void {
  mkdirSync(join(specs, name), { recursive: true });
  writeFileSync(
    join(specs, name, "manifest.yaml"),
    [
      `provider: ${name}`,
      `name: ${name}`,
      "description: A provider whose spec generation refuses.",
      'color: "#123456"',
      "category: tools",
      "openapi: openapi.yaml",
      "server: { default: https://api.example.test }",
      "auth: { scheme: bearer, param: apiKey }",
      'errors: { message: ["$response.body#/message"] }',
      "params: { apiKey: { type: string, maxLength: 256, required: true, secret: true, description: Key. } }",
      `operations: { ${name}_get: { operationId: get, title: Get, description: Get it., outputs: {} } }`,
    ].join("\n") + "\n",
  );
  writeFileSync(
    join(specs, name, "openapi.yaml"),
    [
      "openapi: 3.0.3",
      "info: { title: t, version: '1' }",
      "components: { securitySchemes: { bearer: { type: http, scheme: bearer } } }",
      "security: [{ bearer: [] }]",
      "paths:",
      "  /thing:",
      "    get:",
      "      operationId: get",
      "      responses:",
      `        "200": { description: ok, content: { application/json: { schema: ${schema} } } }`,
    ].join("\n") + "\n",
  );
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, ".."), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** YAML whose aliases expand to 9^9 (387 million) values: generation refuses it unexpanded. */
const BOMB =
  [
    "a: &a [x, x, x, x, x, x, x, x, x]",
    ..."bcdefghi".split("").map((c, i) => `${c}: &${c} [${Array(9).fill(`*${"abcdefghi"[i]}`).join(", ")}]`),
  ].join("\n") + "\n";

/** What generation reports for the provider (the specs are written first). */
async function generationProblems(name: string): Promise<string> {
  try {
    await generate({ root, providers: [name], outDir: join(root, "generated") });
  } catch (e) {
    if (e instanceof GenerationErrors) return e.message;
    throw e;
  }
  throw new Error(`generation accepts the specs of ${name}`);
}

describe("blockwright mock, on a spec that generation refuses", () => {
  // The network $ref's refusal is the command's reading, not a heap's bound: main() in this process with the real
  // mocks' start (a mock that started is interrupted, not waited on), a process fewer.
  const network = "a $ref to a network address (the address gets no request)";
  it(`refuses ${network} with generation's message, exit 2`, async () => {
    const expected = await generationProblems("network");
    const r = await cli(["mock", "network"], { cwd: root, startMocks, interruptOn: /mocks ready/ });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `the OpenAPI document of "network" has 1 problem, as generation reports:\n${expected}\n`,
    );
    expect(requests).toBe(0);
  });

  for (const [name, what] of [
    ["bomb", "a YAML alias bomb"],
    ["outside", "a $ref to a file outside the specs folder holding an alias bomb"],
  ] as const) {
    it(`refuses ${what} with generation's message, exit 2`, async () => {
      const expected = await generationProblems(name);
      const mock = spawnCli(["mock", name], { NODE_OPTIONS: "--max-old-space-size=256" }, root);
      try {
        // A mock that started would serve until stopped: that is a failure too, not a wait. Its exit status once its
        // output is read to its end (waitFor gives up at the exit, before the last chunks may be read).
        const started = mock.waitFor(/mocks ready/).then(
          () => "started",
          () => mock.closed,
        );
        expect(await Promise.race([mock.closed, started])).toBe(2);
        expect(mock.stderr()).toContain(
          `the OpenAPI document of "${name}" has 1 problem, as generation reports:\n${expected}\n`,
        );
        expect(requests).toBe(0);
      } finally {
        if (mock.child.exitCode === null) mock.child.kill();
      }
    });
  }
});
