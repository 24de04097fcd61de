// A whole published API drafted by `add --operations all`: its manifest repeats each operation's parameters, outputs
// and review notes, and is larger than the document (Microsoft Graph beta: 45 MiB, 22,361 operations, a 61 MiB
// manifest). generate read a manifest within a workflow's 4 MiB limit, so add wrote drafts generate then refused
// (BW1004). A manifest is bounded as what it describes is (src/load/input-file.ts); a draft past what generate reads
// is refused by add before anything is written (src/import/draft-size.ts).
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { INPUT_LIMITS } from "../load/input-file.js";
import { DraftTooLarge, refuseOversizedDraft } from "../import/draft-size.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-whole-size-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const MiB = 1024 * 1024;

/**
 * A document of `operations` lists sharing one query parameter of `kinds` values of about 260 characters each: small
 * itself (the parameter is written once), each operation's draft holds the values again.
 */
function wholeDocument(operations: number, kinds: number): string {
  const values = Array.from({ length: kinds }, (_, i) => `zqvalue-${i}-${"abcdefghij".repeat(25)}`);
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < operations; i++)
    paths[`/zqitems${i}`] = {
      get: {
        operationId: `zqListItems${i}`,
        summary: `List items ${i}`,
        parameters: [{ $ref: "#/components/parameters/ZqKind" }],
        responses: {
          "200": {
            description: "The items.",
            content: { "application/json": { schema: { type: "object", properties: { id: { type: "string" } } } } },
          },
        },
      },
    };
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "Zq whole", version: "1.0.0" },
    servers: [{ url: "https://api.zqwhole.example" }],
    paths,
    components: {
      parameters: {
        ZqKind: { name: "kind", in: "query", description: "The kind.", schema: { type: "string", enum: values } },
      },
    },
  });
}

describe("a whole API's draft", () => {
  it("add --operations all writes a manifest past 4 MiB that generate reads", async () => {
    const dir = runtimeProject(join(tmp, "whole"), "specs");
    writeFileSync(join(dir, "package.json"), '{ "name": "zqwhole-project", "private": true }\n');
    // 12 operations of 1,500 long values: a manifest past 4 MiB, as 120 operations of 1,500 short values made (the
    // limits are bytes, not operations nor values), with a tenth of the work each operation costs (its draft, link and
    // package) and of what each value costs (a node to parse, check and write: 15,000 short values an operation cost
    // add and generate 3.7 s of CPU, 1,500 long ones 2.4 s).
    writeFileSync(join(dir, "whole.json"), wholeDocument(12, 1_500));
    const add = await cli(["add", "zqwhole", "--from", "whole.json", "--operations", "all"], { cwd: dir });
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain("the draft links: generate accepts it");
    expect(statSync(join(dir, "specs/zqwhole/manifest.yaml")).size).toBeGreaterThan(4 * MiB);
    const generate = await cli(["generate"], { cwd: dir });
    expect(generate.stderr).not.toContain("BW1004");
    expect(generate.code, generate.stderr).toBe(0);
    expect(generate.stderr).toContain("generate: 1 provider, 12 operations");
  });

  it("a draft past what generate reads is refused, naming the file, its size, the limit and what to do", () => {
    const manifest = "x".repeat(INPUT_LIMITS.manifest.bytes + 1);
    expect(() => refuseOversizedDraft({ manifest, openapi: "openapi: 3.0.3\n" }, 22361, "specs/zqbig")).toThrow(
      new DraftTooLarge(
        "the draft of 22,361 operations would write specs/zqbig/manifest.yaml of 128.0 MiB, over the 128 MiB limit " +
          "for a manifest, which blockwright generate would refuse: nothing written. Choose fewer operations (--tag, " +
          "--path-prefix or --operations; add --from <document> --list lists them), or split the API into several " +
          "providers, each a part of it",
      ),
    );
    const openapi = "y".repeat(INPUT_LIMITS.document.bytes + MiB);
    expect(() => refuseOversizedDraft({ manifest: "provider: zqbig\n", openapi }, 3, "specs/zqbig")).toThrow(
      /specs\/zqbig\/openapi\.yaml of 65\.0 MiB, over the 64 MiB limit for an OpenAPI or published API document/,
    );
    expect(() =>
      refuseOversizedDraft({ manifest: "provider: zqbig\n", openapi: "openapi: 3.0.3\n" }, 3, "x"),
    ).not.toThrow();
  });
});
