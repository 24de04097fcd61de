// add --list's first column is what --operations takes: an operationId, or in parentheses why the line is named by its
// METHOD /path instead (no operationId; one several operations share, which --operations refuses alone).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";

const tmp = mkdtempSync(join(tmpdir(), "blockwright-add-list-names-"));
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
