// `upstream` where the newer published document takes a field out of an object query parameter (StackOne's
// `filter[type_ids]`, deepObject): the report lists it, breaking, binding the parameter add drafted for that field and
// no other; `--accept` takes the parameter out and generate accepts the result. The provider is the made-up `zqleaves`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-upstream-query-fields-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function published(fields: string[]): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqleaves", version: "1" },
    servers: [{ url: "https://zqleaves.invalid" }],
    paths: {
      "/leaves": {
        get: {
          operationId: "listLeaves",
          parameters: [
            {
              name: "filter",
              in: "query",
              style: "deepObject",
              explode: true,
              schema: { type: "object", properties: Object.fromEntries(fields.map((f) => [f, { type: "string" }])) },
            },
          ],
          responses: {
            "200": {
              description: "The leaves.",
              content: { "application/json": { schema: { type: "object" }, example: {} } },
            },
          },
        },
      },
    },
  });
}

describe("upstream, where the newer document takes a field out of a query object", () => {
  it("reports it binding that field's parameter alone; --accept takes it out and generate accepts it", async () => {
    const dir = join(tmp, "fields");
    mkdirSync(join(dir, "specs"), { recursive: true });
    writeFileSync(join(dir, "v1.json"), published(["start_date", "type_ids"]));
    writeFileSync(join(dir, "v2.json"), published(["start_date"]));
    const added = await cli(["add", "zqleaves", "--from", "v1.json", "--operations", "all"], { cwd: dir });
    expect(added.code, added.stderr).toBe(0);

    const up = await cli(["upstream", "zqleaves", "v2.json", "--json"], { cwd: dir });
    expect(up.code).toBe(1);
    const changes: { severity: string; kind: string; location: string; pointer: string; binds: string[] }[] =
      JSON.parse(up.stdout).changes;
    expect(changes.map((c) => `${c.severity} ${c.kind} ${c.location} ${c.pointer} [${c.binds}]`)).toEqual([
      "breaking request-property-removed request.parameter.query filter/type_ids [param type_ids]",
    ]);

    const accepted = await cli(["upstream", "zqleaves", "v2.json", "--accept"], { cwd: dir });
    expect(accepted.stderr).toContain("type_ids taken out: the newer document's request has no query parameter filter");
    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
  });
});
