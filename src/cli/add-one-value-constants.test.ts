// An RPC-style document whose every operation requires a header naming the method, its schema one value
// (`X-Zq-Target: enum: [ZqService_1.CreateThing]`), and a query value of one (`const`), through add, generate, test
// and call with no hand edit. add drafted both as required parameters: every caller had to give the one value they
// can take, and `call` without them was refused ("is required") before any request. They are drafted as operation
// constants: the contract suite passes on the mocks, and a call that gives neither sends both.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { startMocks } from "../mocks/mocks.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-one-value-constants-"));
let dir: string;

const target = (method: string) => ({
  name: "X-Zq-Target",
  in: "header",
  required: true,
  schema: { type: "string", enum: [`ZqService_1.${method}`] },
});
const thing = { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } };
const operation = (method: string, body: object) => ({
  post: {
    operationId: method,
    summary: `${method} of a zq thing`,
    parameters: [target(method), { name: "zqv", in: "query", required: true, schema: { type: "string", const: "7" } }],
    requestBody: { required: true, content: { "application/json": { schema: body } } },
    responses: {
      "200": { description: "Done.", content: { "application/json": { schema: thing, example: { id: "zq1" } } } },
    },
  },
});
const document = {
  openapi: "3.0.3",
  info: { title: "Zq Things", version: "1", description: "Zq keeps things." },
  servers: [{ url: "https://zqthings.example" }],
  paths: {
    "/#X-Zq-Target=ZqService_1.CreateThing": operation("CreateThing", {
      type: "object",
      required: ["name"],
      properties: { name: { type: "string", maxLength: 40 } },
    }),
    "/#X-Zq-Target=ZqService_1.GetThing": operation("GetThing", {
      type: "object",
      required: ["id"],
      properties: { id: { type: "string", maxLength: 40 } },
    }),
  },
  components: { securitySchemes: { key: { type: "apiKey", in: "header", name: "X-Zq-Key" } } },
  security: [{ key: [] }],
};

beforeAll(async () => {
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(new URL("../../runtime", import.meta.url).pathname, join(dir, "node_modules/@blockwright/runtime"));
  mkdirSync(join(dir, "specs"));
  writeFileSync(join(tmp, "zqthings.json"), JSON.stringify(document));
  const added = await cli(["add", "zqthings", "--from", join(tmp, "zqthings.json"), "--operations", "all"], {
    cwd: dir,
  });
  expect(added.code, added.stderr).toBe(0);
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("a required header and query value of one value each, through add, generate, test and call", () => {
  it("is drafted as constants, asked of no caller, and the contract suite passes with no edit", async () => {
    const manifest = readFileSync(join(dir, "specs/zqthings/manifest.yaml"), "utf8");
    expect(manifest).toMatch(/constants:\n\s+- in: query\n\s+name: zqv\n\s+value: "7"\n/);
    expect(manifest).toMatch(/- in: header\n\s+name: X-Zq-Target\n\s+value: ZqService_1.CreateThing\n/);
    expect(manifest).not.toMatch(/xZqTarget|^\s+zqv:/m);
    // What callers and models read: the tool's parameters (types, README table, LLM tool schemas) hold neither.
    const types = readFileSync(join(dir, "generated/zqthings/index.d.ts"), "utf8");
    const params = /export interface ZqthingsCreateThingParams \{[^}]*\}/.exec(types)?.[0] ?? "";
    expect(params).toMatch(/\bname: string;/);
    expect(params).not.toMatch(/xZqTarget|zqv/);
    const readme = readFileSync(join(dir, "generated/zqthings/README.md"), "utf8");
    expect(readme).toContain("- header `X-Zq-Target: ZqService_1.CreateThing`");
    expect(readme).not.toMatch(/^\| `(xZqTarget|zqv)`/m);
    expect(readFileSync(join(dir, "generated/zqthings/ai-sdk.js"), "utf8")).not.toMatch(/xZqTarget|"zqv"/);
    // 10 random inputs a property, not the default 100: the first constant left unplaced (planted in the runtime)
    // failed every run at 10 by 18 fixed cases; the 90 draws more found nothing more.
    const r = await cli(["test", "zqthings", "--runs", "10"], {
      cwd: dir,
      startMocks: (providers, options) => startMocks(providers, options),
    });
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/zqthings +\d+ cases +\d+ passed +0 failed/);
  });

  it("call without them sends the header and the query value", async () => {
    const upstream = await server(() => ({ status: 200, body: '{"id":"zq1","name":"zq"}' }));
    try {
      const env = { ZQ_THINGS_KEY: "zq-key-00000001" };
      const called = await cli(
        [
          "call",
          "zqthings_create_thing",
          "--param",
          "apiKey={{ZQ_THINGS_KEY}}",
          "--param",
          "name=zq",
          "--base-url",
          upstream.url,
        ],
        { cwd: dir, env },
      );
      expect(called.code, called.stdout + called.stderr).toBe(0);
      expect(upstream.received).toHaveLength(1);
      expect(upstream.received[0]?.headers["x-zq-target"]).toBe("ZqService_1.CreateThing");
      expect(upstream.received[0]?.url).toBe("/?zqv=7");
    } finally {
      await upstream.close();
    }
  });
});
