// A document's names and texts holding line breaks, terminal escape sequences and overrides of text direction: add
// prints each on its one line, escaped, on every stream and in its error; the cut's header comment stays a comment (a
// line break in an operationId wrote YAML of its own into openapi.yaml).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-control-text-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const dir = runtimeProject(join(tmp, "project"), "specs");

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what it finds
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const ID = "zqGetThing\nx-zq-injected: true\n#\u202e\u001b[2J";

function document(name: string, keyHeader: string): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "Zq \u001b]0;zqtitle\u0007 api", version: "1" },
      servers: [{ url: "https://api.zqctl.example" }],
      components: { securitySchemes: { zqkey: { type: "apiKey", in: "header", name: keyHeader } } },
      security: [{ zqkey: [] }],
      paths: {
        "/zqthings": {
          get: {
            operationId: ID,
            summary: "List \u001b[31mthings\r\nzqinjected",
            responses: {
              "200": { description: "ok", content: { "application/json": { schema: { type: "object" } } } },
            },
          },
        },
      },
    }),
  );
  return name;
}

describe("add, given a document's texts with control characters", () => {
  it("lists and drafts them each on its line, and the cut's header stays a comment", async () => {
    const from = document("zqctl.json", "X-Zq-Key");
    const listed = await cli(["add", "--from", from, "--list"], { cwd: dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).not.toMatch(RAW);
    const added = await cli(["add", "zqctl", "--from", from, "--operations", "all"], { cwd: dir });
    expect(added.stderr).not.toMatch(/internal error|\n\s+at /);
    expect(added.code).toBe(0);
    expect(added.stdout + added.stderr).not.toMatch(RAW);
    expect(added.stdout).toContain("(zqGetThing\\nx-zq-injected: true\\n#\\u202e\\u001b[2J)");
    const cut = readFileSync(join(dir, "specs/zqctl/openapi.yaml"), "utf8");
    expect(Object.keys(parse(cut) as object)).not.toContain("x-zq-injected");
    expect(cut.split("\n").filter((line) => line.includes("zqGetThing") && !line.trimStart().startsWith("#"))).toEqual([
      expect.stringContaining("operationId"),
    ]);
    expect(cut.split("\n").find((l) => l.startsWith("#") && l.includes("zqGetThing"))).toContain("\\nx-zq-injected");
  });

  it("words its refusal with the names escaped", async () => {
    const from = document("zqctl-refused.json", "X-Zq\u001b[31mKey");
    const refused = await cli(["add", "zqctlrefused", "--from", from, "--operations", "all"], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("zqGetThing\\nx-zq-injected");
    expect(refused.stderr).not.toMatch(RAW);
  });
});
