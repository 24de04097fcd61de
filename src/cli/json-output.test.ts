// What each command's --json prints, one snapshot per command: the shape of
// the JSON (every path, with its type), reviewed as a file, so a field added,
// renamed or dropped shows in the diff of a pull request. Every command whose
// help offers --json is here (a command left out fails the first test); the
// help of generate and validate names every field they print.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { server } from "../../test-support/runtime/loopback-server.js";
import { REPOSITORY } from "../../test-support/neutral-copy.js";
import { deliveryOf } from "../../test-support/store-contract.js";
import { startMocks } from "../mocks/mocks.js";
import { openSqliteStore } from "../serve/sqlite-store.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

/**
 * Every path of a JSON value with its type, one a line, sorted: array items as `[]`, an empty array as `[] (empty)`.
 */
function shape(value: unknown, path = "$"): string[] {
  if (Array.isArray(value))
    return value.length ? [...new Set(value.flatMap((item) => shape(item, `${path}[]`)))] : [`${path}: [] (empty)`];
  if (value && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => shape(item, `${path}.${key}`));
  return [`${path}: ${value === null ? "null" : typeof value}`];
}
const shapeText = (value: unknown) => `${[...new Set(shape(value))].sort().join("\n")}\n`;

/** A published document of one operation reading a task and one writing it (fixture names no user takes). */
function published(fields: Record<string, { type: string }>): string {
  const task = { type: "object", properties: { gid: { type: "string" }, ...fields } };
  const answer = {
    description: "The task.",
    content: {
      "application/json": {
        schema: { type: "object", properties: { data: task } },
        example: { data: { gid: "12", name: "Tidy" } },
      },
    },
  };
  const gid = [{ name: "task_gid", in: "path", required: true, schema: { type: "string" }, example: "12" }];
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqjson", version: "1" },
    servers: [{ url: "https://zqjson.invalid/api" }],
    security: [{ zqToken: [] }],
    paths: {
      "/tasks/{task_gid}": {
        get: { operationId: "getTask", summary: "Read a task", parameters: gid, responses: { "200": answer } },
        put: {
          operationId: "updateTask",
          summary: "Update a task",
          parameters: gid,
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: { type: "object", properties: { data: { type: "object", properties: fields } } },
              },
            },
          },
          responses: { "200": answer },
        },
      },
    },
    components: { securitySchemes: { zqToken: { type: "http", scheme: "bearer" } } },
  });
}

const WORKFLOW = `name: zq json
blocks:
  read:
    type: zqjson
    name: Read
    inputs:
      operation: zqjson_get_task
      accessToken: "{{ZQ_TOKEN}}"
      task_gid: "12"
  rename:
    type: zqjson
    name: Rename
    inputs:
      operation: zqjson_update_task
      accessToken: "{{ZQ_TOKEN}}"
      task_gid: "12"
      data:
        name: Tidy
        workspace: "1331"
`;

const tmp = mkdtempSync(join(runScratch(), "blockwright-json-"));
const dir = join(tmp, "project");
let upstream: Awaited<ReturnType<typeof server>>;
beforeAll(async () => {
  mkdirSync(join(dir, "specs"), { recursive: true });
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(REPOSITORY, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  writeFileSync(join(dir, "tidy.yaml"), WORKFLOW);
  // A workflow with a problem, so that validate's JSON shows one.
  writeFileSync(join(dir, "untidy.yaml"), WORKFLOW.replace('task_gid: "12"', 'task_gid: "12"\n      taskId: "12"'));
  writeFileSync(join(dir, "v1.json"), published({ name: { type: "string" }, workspace: { type: "string" } }));
  writeFileSync(join(dir, "v2.json"), published({ name: { type: "string" } }));
  upstream = await server(() => ({ status: 200, body: JSON.stringify({ data: { gid: "12", name: "Tidy" } }) }));
});
afterAll(async () => {
  await upstream.close();
  rmSync(tmp, { recursive: true, force: true });
});

/**
 * Each command that offers --json, and how this test runs it: the JSON it prints (or writes), in one project, in this
 * order.
 */
const RUNS: Record<string, () => Promise<unknown>> = {
  add: () => json(["add", "zqjson", "--from", "v1.json", "--operations", "getTask,updateTask", "--json"], 0),
  generate: async () => {
    const generated = await json(["generate", "--json"], 0);
    cpSync(join(dir, "generated"), join(dir, "base"), { recursive: true });
    return generated;
  },
  upstream: () => json(["upstream", "zqjson", "v2.json", "--json"], 1),
  diff: async () => {
    const accepted = await cli(["upstream", "zqjson", "v2.json", "--accept"], { cwd: dir });
    expect(accepted.stderr).toContain("upstream: re-cut specs/zqjson/openapi.yaml");
    expect((await cli(["generate"], { cwd: dir })).code).toBe(0);
    return json(["diff", "--base-dir", "base", "--workflows", "tidy.yaml", "--json"], 0);
  },
  validate: () => json(["validate", "untidy.yaml", "--mock", "--json"], 1),
  run: async () => {
    const r = await cli(["run", "tidy.yaml", "--mock", "--json", "run.json"], {
      cwd: dir,
      startMocks: (providers, options) => startMocks(providers, options),
    });
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(readFileSync(join(dir, "run.json"), "utf8"));
  },
  runs: async () => {
    const store = openSqliteStore(join(dir, "serve.sqlite"));
    await store.accept(deliveryOf("zqjson_event", ["evt-1"]), 60_000);
    await store.close();
    const r = await cli(["runs", "list", "--store", join(dir, "serve.sqlite"), "--json"]);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
  },
  verify: () =>
    json(
      [
        "verify",
        "zqjson",
        "--base-url",
        upstream.url,
        "--param",
        "accessToken={{ZQ_TOKEN}}",
        "--interval",
        "0",
        "--json",
      ],
      0,
      { ZQ_TOKEN: "zq-json-token" },
    ),
};

async function json(argv: string[], status: number, env?: Record<string, string>): Promise<unknown> {
  const r = await cli(argv, { cwd: dir, ...(env ? { env } : {}) });
  expect(r.code, `${argv.join(" ")}: ${r.stderr}`).toBe(status);
  return JSON.parse(r.stdout);
}

describe("--json", () => {
  it("every command whose help offers --json has its snapshot here", async () => {
    const { COMMAND_NAMES } = await import("../cli.js");
    const offering: string[] = [];
    for (const command of COMMAND_NAMES)
      if (((await import(`./${command}.js`)) as { USAGE: string }).USAGE.includes("--json")) offering.push(command);
    expect(Object.keys(RUNS).sort()).toEqual(offering.sort());
  });

  const printed = new Map<string, unknown>();
  for (const [command, run] of Object.entries(RUNS)) {
    it(`${command}: the shape of what it prints`, async () => {
      const value = await run();
      printed.set(command, value);
      await expect(shapeText(value)).toMatchFileSnapshot(`__snapshots__/json/${command}.txt`);
    });
  }

  it.each(["generate", "validate"])(
    "%s: its help names every field its --json prints, a problem's code among them",
    async (command) => {
      const { USAGE } = (await import(`./${command}.js`)) as { USAGE: string };
      const value = printed.get(command) as Record<string, unknown>;
      expect(value).toBeDefined();
      const help = USAGE.replace(/\s+/g, " ");
      for (const key of Object.keys(value)) expect(help, key).toMatch(new RegExp(`[{,;] ?${key}\\b`));
      for (const key of ["file", "line", "col", "code", "message"])
        expect(help, key).toMatch(new RegExp(`problems: \\[\\{[^}]*\\b${key}\\b`));
    },
  );
});
