// A number bounded exclusively (OpenAPI 3.0's `minimum: 0, exclusiveMinimum: true`, 3.1's `exclusiveMinimum: 0`,
// or the words "must be greater than 0", "must be less than 100") through add, generate and call with no hand edit.
// add drafted the schema's as `limitsFromSpec: true` (the manifest said no bound a reader sees) and the words' as
// nothing, so a weight of 0 reached the upstream, which refused it. They are drafted as the manifest's
// `exclusiveMinimum`/`exclusiveMaximum` (a review note quoting the words), an integer's as the whole number inside
// (`minimum: 1`, `maximum: 99`): a value at the bound is refused before any request, one inside it sent. "less than
// 10MB" bounds a size in another unit: left as words.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";
import { server } from "../../test-support/runtime/loopback-server.js";

// In the run's folder: a `-t` that skips every test here skips the afterAll that removes it.
const tmp = mkdtempSync(join(runScratch(), "blockwright-add-exclusive-bounds-"));
const dir = runtimeProject(join(tmp, "project"), "specs");

/** A document of one operation whose query values are bounded exclusively, in the form of `version`. */
function document(version: "3.0.3" | "3.1.0"): object {
  const v30 = version === "3.0.3";
  const share = v30
    ? { type: "number", minimum: 0, exclusiveMinimum: true, maximum: 1, exclusiveMaximum: true }
    : { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 1 };
  const count = v30
    ? { type: "integer", minimum: 0, exclusiveMinimum: true }
    : { type: "integer", exclusiveMinimum: 0 };
  const query = (name: string, schema: object) => ({ name, in: "query", schema });
  return {
    openapi: version,
    info: { title: "Zq Scores", version: "1", description: "Zq keeps scores." },
    servers: [{ url: "https://zqscores.example" }],
    paths: {
      "/zqscores": {
        get: {
          operationId: "listZqScores",
          summary: "List zq scores",
          parameters: [
            query("zqShare", { ...share, description: "The share of the zq score." }),
            query("zqCount", { ...count, description: "How many zq scores." }),
            query("zqWeight", { type: "number", description: "The zq weight. Must be greater than 0." }),
            query("zqCap", { type: "number", description: "The zq cap. Must be less than 100." }),
            query("zqPer", { type: "integer", description: "How many zq scores a page holds (less than 100)." }),
            query("zqSize", { type: "number", description: "The zq size. Must be less than 10MB." }),
          ],
          responses: {
            "200": {
              description: "Done.",
              content: { "application/json": { schema: { type: "object" }, example: { ok: true } } },
            },
          },
        },
      },
    },
  };
}

const PROVIDERS = { zqscoresa: "3.0.3", zqscoresb: "3.1.0" } as const;

beforeAll(async () => {
  for (const [provider, version] of Object.entries(PROVIDERS)) {
    writeFileSync(join(tmp, `${provider}.json`), JSON.stringify(document(version)));
    const added = await cli(["add", provider, "--from", join(tmp, `${provider}.json`), "--operations", "all"], {
      cwd: dir,
    });
    expect(added.code, added.stderr).toBe(0);
  }
  const generated = await cli(["generate"], { cwd: dir });
  expect(generated.code, generated.stderr).toBe(0);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.each(Object.entries(PROVIDERS))("a number's exclusive bound, %s (OpenAPI %s), through add and call", (p) => {
  it("is drafted as exclusiveMinimum/exclusiveMaximum, an integer's as minimum 1, the words' with a note", () => {
    const manifest = readFileSync(join(dir, `specs/${p}/manifest.yaml`), "utf8");
    const block = (name: string) => new RegExp(`\\n(\\s+)${name}:\\n((?:\\1\\s+.*\\n)+)`).exec(manifest)?.[2] ?? "";
    expect(block("zqShare")).toMatch(/exclusiveMinimum: 0\n/);
    expect(block("zqShare")).toMatch(/exclusiveMaximum: 1\n/);
    expect(block("zqCount")).toMatch(/minimum: 1\n/);
    expect(block("zqCount")).not.toMatch(/exclusive/);
    expect(block("zqWeight")).toMatch(/exclusiveMinimum: 0\n/);
    expect(block("zqCap")).toMatch(/exclusiveMaximum: 100\n/);
    expect(block("zqPer")).toMatch(/maximum: 99\n/);
    expect(block("zqPer")).not.toMatch(/exclusive/);
    expect(block("zqSize")).not.toMatch(/maximum/i);
    expect(manifest).not.toContain("limitsFromSpec");
    // The review note above the parameter, its wrapped lines joined.
    expect(manifest.replace(/\n\s*# {3}/g, " ")).toContain(
      '# review: the document says so in words only ("Must be greater than 0."): drafted as exclusiveMinimum 0, ' +
        "checked before any request",
    );
    expect(manifest.replace(/\n\s*# {3}/g, " ")).toContain(
      '# review: the document says so in words only ("Must be less than 100."): drafted as exclusiveMaximum ' +
        "100, checked before any request",
    );
  });

  it("call refuses a value at an exclusive bound before any request, and sends one inside it", async () => {
    const upstream = await server(() => ({ status: 200, body: '{"ok":true}' }));
    try {
      const call = (...params: string[]) =>
        cli(["call", `${p}_list_zq_scores`, ...params.flatMap((x) => ["--param", x]), "--base-url", upstream.url], {
          cwd: dir,
        });
      for (const [at, words] of [
        ["zqWeight=0", /zqWeight.*greater than 0/],
        ["zqShare=0", /zqShare.*greater than 0/],
        ["zqShare=1", /zqShare.*less than 1/],
        ["zqCount=0", /zqCount.*at least 1/],
        ["zqCap=100", /zqCap.*less than 100/],
        ["zqPer=100", /zqPer.*99/],
      ] as const) {
        const refused = await call(at);
        expect(refused.code, at).not.toBe(0);
        expect(refused.stdout + refused.stderr, at).toMatch(words);
      }
      expect(upstream.received).toHaveLength(0);
      const sent = await call("zqWeight=0.001", "zqShare=0.5", "zqCount=1", "zqCap=99.5", "zqPer=99", "zqSize=1000");
      expect(sent.code, sent.stdout + sent.stderr).toBe(0);
      expect(upstream.received).toHaveLength(1);
      const url = new URL(upstream.received[0]?.url ?? "", "http://zq.invalid");
      expect(Object.fromEntries(url.searchParams)).toEqual({
        zqWeight: "0.001",
        zqShare: "0.5",
        zqCount: "1",
        zqCap: "99.5",
        zqPer: "99",
        zqSize: "1000",
      });
    } finally {
      await upstream.close();
    }
  });
});
