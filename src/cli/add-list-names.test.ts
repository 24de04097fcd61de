// add --list's first column is what --operations takes: an operationId, or in parentheses why the line is named by its
// METHOD /path instead (no operationId; one several operations share, which --operations refuses alone).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-list-names-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");
const ok = { "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } } };
const zqId = [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }];
writeFileSync(
  join(dir, "zq.json"),
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Zq", version: "1" },
    servers: [{ url: "https://api.example.com" }],
    paths: {
      "/v1/zqjobs/{zqId}": { get: { operationId: "GetZqJob", parameters: zqId, responses: ok } },
      "/zqjobs/{zqId}": { get: { operationId: "GetZqJob", parameters: zqId, responses: ok } },
      "/zqjobs": { get: { operationId: "ListZqJobs", responses: ok }, post: { responses: ok } },
    },
  }),
);

describe("add --list", () => {
  it("names each line as --operations takes it, or says in parentheses why its method and path do", async () => {
    const r = await cli(["add", "--from", "zq.json", "--list"], { cwd: dir });
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split("\n")).toEqual([
      "(shared operationId) GetZqJob\tGET /v1/zqjobs/{zqId}",
      "(shared operationId) GetZqJob\tGET /zqjobs/{zqId}",
      "ListZqJobs\tGET /zqjobs",
      "(no operationId)\tPOST /zqjobs",
    ]);
    // Every line's name: the first column, or the second where the first is in parentheses.
    const names = r.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"))
      .map(([first, second]) => (first?.startsWith("(") ? second : first) ?? "");
    const drafted = await cli(["add", "zqlisted", "--from", "zq.json", "--operations", names.join(",")], { cwd: dir });
    expect(drafted.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(drafted.code).toBe(0);
  });
});

describe("a document with no operations", () => {
  // Webhooks alone: events the service sends. An empty list and a `needs --operations` would leave the user guessing.
  writeFileSync(
    join(dir, "zqhooks.json"),
    JSON.stringify({
      openapi: "3.1.0",
      info: { title: "Zq hooks", version: "1" },
      paths: {},
      webhooks: {
        "zqthing.made": { post: { requestBody: { content: { "application/json": { schema: {} } } }, responses: ok } },
        "zq\u001bthing.gone": { post: { responses: ok } },
      },
    }),
  );

  it("is refused by --list and by add, naming its webhooks escaped, exit 2", async () => {
    for (const args of [["--list"], ["zqhooked", "--operations", "all"]]) {
      const r = await cli(["add", ...args.slice(0, 1), "--from", "zqhooks.json", ...args.slice(1)], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toContain("the document describes no operations to call (its paths hold none): nothing to add");
      expect(r.stderr).toContain('its 2 webhooks are events the service sends ("zqthing.made", "zq\\u001bthing.gone")');
      expect(r.stderr).not.toContain("\u001b");
    }
  });
});
