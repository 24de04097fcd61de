// A published document that gets one kind of example wrong in many places (a boolean written as the text "true"):
// `add` and `generate` show a few such warnings a file and count the rest, a warning of another kind is never lost
// among them, and `generate --json` lists every one, on a generation and when the stamp says nothing changed.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli, runtimeProject } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-published-warnings-"));
const dir = runtimeProject(join(tmp, "project"), "specs");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Flags of a made-up record, each with the text "true" for its boolean example. */
const FLAGS = ["zqLit", "zqOpen", "zqMoored", "zqLocked", "zqManned", "zqWired"];

const document = {
  openapi: "3.0.3",
  info: { title: "Zq Quays", version: "1" },
  servers: [{ url: "https://zqquays.example" }],
  paths: {
    "/zqquays/{id}": {
      get: {
        operationId: "getZqQuay",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        responses: {
          "200": {
            description: "The quay.",
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: {
                    id: { type: "string" },
                    ...Object.fromEntries(FLAGS.map((f) => [f, { type: "boolean", example: "true" }])),
                  },
                },
              },
            },
          },
        },
      },
    },
  },
};

const COUNTED = new RegExp(
  "^generate: warning: specs/zqquays/openapi\\.yaml: 3 more of the published document's own examples that do not " +
    "match their schemas \\(left out, mocks and the contract suite do not use them\\): `blockwright generate " +
    "--json` lists every one$",
  "m",
);

let added: Awaited<ReturnType<typeof cli>>;
beforeAll(async () => {
  writeFileSync(join(tmp, "zqquays.json"), JSON.stringify(document));
  added = await cli(["add", "zqquays", "--from", join(tmp, "zqquays.json"), "--operations", "all"], { cwd: dir });
  expect(added.code, added.stderr).toBe(0);
});

describe("the published document's own wrong examples", () => {
  it("are counted past three by add, which says how many it warns of", () => {
    expect(added.stdout + added.stderr).toMatch(/and warns of 6:/);
    const listed = (added.stdout + added.stderr).match(/openapi\.yaml:\d+:\d+: the example of the schema/g) ?? [];
    expect(listed).toHaveLength(3);
    expect(added.stdout + added.stderr).toMatch(/specs\/zqquays\/openapi\.yaml: 3 more of the published document's/);
  });

  it("are shown three and counted by generate; its --json lists all, on a generation and unchanged", async () => {
    const generated = await cli(["generate"], { cwd: dir });
    expect(generated.code, generated.stderr).toBe(0);
    expect(generated.stderr.match(/^generate: warning: specs\/zqquays\/openapi\.yaml:\d+:\d+: /gm)).toHaveLength(3);
    expect(generated.stderr).toMatch(COUNTED);

    // A generation (a changed manifest), then nothing changed (the stamp's answer): each lists all six.
    const manifest = join(dir, "specs/zqquays/manifest.yaml");
    writeFileSync(manifest, readFileSync(manifest, "utf8").replace(/^description: .*$/m, "description: Zq quays."));
    for (const run of ["generation", "stamp"]) {
      const json = await cli(["generate", "--json"], { cwd: dir });
      expect(json.code, `${run}: ${json.stderr}`).toBe(0);
      if (run === "stamp") expect(json.stderr).toMatch(/is up to date \(its stamp matches/);
      else expect(json.stderr).not.toMatch(/is up to date/);
      const warnings = (JSON.parse(json.stdout) as { warnings: string[] }).warnings;
      expect(warnings, run).toHaveLength(FLAGS.length);
      for (const flag of FLAGS)
        expect(
          warnings.some((w) => w.includes(`properties.${flag} does not match its schema`)),
          `${run}: ${flag}`,
        ).toBe(true);
    }
  });
});
