// A draft its own final check finds generate would refuse (here a required JSON body field whose pattern matches
// values of 70 characters and whose maxLength is 64: no value meets both, and add cannot leave a required field
// out): add printed
// "generate will stop on 1 problem" and exited 0, as for a draft that links, so a script (the directory corpus, CI)
// took it as done. The draft is still written, for the reviewer to fix, but add exits 1 and says so.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-add-refused-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const document = (level: Record<string, unknown>) => ({
  openapi: "3.0.3",
  info: { title: "Zq findings", version: "1" },
  servers: [{ url: "https://zqfind.example.com" }],
  paths: {
    "/zqfindings/{id}": {
      put: {
        operationId: "putZqfinding",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                type: "object",
                required: ["zqnote", "zqlevel"],
                properties: { zqnote: { type: "string" }, zqlevel: { type: "string", format: "uuid", ...level } },
              },
            },
          },
        },
        responses: { "204": { description: "updated" } },
      },
    },
  },
});

async function add(name: string, level: Record<string, unknown>) {
  const dir = join(tmp, name);
  mkdirSync(join(dir, "specs"), { recursive: true });
  const from = join(dir, "zqfind.json");
  writeFileSync(from, JSON.stringify(document(level)));
  return cli(["add", "zqfind", "--from", from, "--operations", "putZqfinding"], { cwd: dir });
}

describe("add, when its own check finds that generate would refuse the draft", () => {
  it("writes the draft, names the problem and exits 1; a draft that links exits 0", async () => {
    const refused = await add("refused", { pattern: "^[a-f]{70}$", maxLength: 64 });
    expect(refused.stdout).toContain("generate will stop on 1 problem");
    expect(refused.stdout).toMatch(/zqlevel\.pattern: pattern .* matches values of 70 to 70 characters, never 0 to 64/);
    expect(refused.code).toBe(1);
    const links = await add("links", {});
    expect(links.stdout).toContain("the draft links: generate accepts it");
    expect(links.code).toBe(0);
  });
});

// A format whose lengths no value of it meets (a UUID is 36 characters; zuora.com's job ids say 64 to 64): the format
// names the kind of value the API takes, so add leaves out the bound that rules every such value out, says so in
// the cut's header and a review note, and the draft links.
describe("add, when a format's lengths admit none of its values", () => {
  it("leaves out the bound no value of the format meets, with a note, and the draft links", async () => {
    const fixed = await add("lengths", { minLength: 64, maxLength: 64 });
    expect(fixed.stdout).toContain("the draft links: generate accepts it");
    expect(fixed.code).toBe(0);
    const cut = readFileSync(join(tmp, "lengths/specs/zqfind/openapi.yaml"), "utf8");
    expect(cut).toMatch(/Left out by blockwright add: .*zqlevel \(minLength 64; format uuid\)/);
    expect(cut).toMatch(/zqlevel:\n\s+type: string\n\s+format: uuid\n\s+maxLength: 64\n/);
    expect(fixed.stdout).toMatch(/leaves out .*minLength 64; format uuid/);
    const both = await add("both", { minLength: 40, maxLength: 30 });
    expect(both.code).toBe(0);
    expect(readFileSync(join(tmp, "both/specs/zqfind/openapi.yaml"), "utf8")).toMatch(
      /zqlevel \(minLength 40, maxLength 30; format uuid\)/,
    );
  });
});
