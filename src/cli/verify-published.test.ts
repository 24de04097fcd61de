// `blockwright verify` on providers added from real published documents
// (the committed cuts of GitHub's and Slack's, see
// src/import/__fixtures__/published/SOURCES.yaml), against a loopback
// server that answers each operation with its published document's own
// example: what verify reports there are the published documents' own
// contradictions (or the draft's), found as a user would find them on the
// live service.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { exampleServer } from "../../scripts/bench/shared/example-server.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const PUBLISHED = join(ROOT, "src/import/__fixtures__/published");
const tmp = mkdtempSync(join(runScratch(), "blockwright-verify-published-"));
const TOKEN = "ghp_verify-published-0123456789";
const env = { TOKEN };
let dir: string;

beforeAll(async () => {
  dir = join(tmp, "project");
  mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
  symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
  mkdirSync(join(dir, "specs"));
  expect(
    await cli(
      ["add", "github", "--from", join(PUBLISHED, "github.cut.json"), "--operations", "repos/get,issues/list-for-repo"],
      { cwd: dir },
    ),
  ).toMatchObject({ code: 0 });
  expect(
    await cli(
      ["add", "slack", "--from", join(PUBLISHED, "slack.cut.json"), "--operations", "/conversations.list,/users.info"],
      { cwd: dir },
    ),
  ).toMatchObject({ code: 0 });
  expect(await cli(["generate"], { cwd: dir })).toMatchObject({ code: 0 });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("verify on providers added from published documents", () => {
  it(
    "GitHub: its own example of repos/get lacks the language its schema requires — reported at " +
      "full-repository's required list",
    async () => {
      const upstream = await exampleServer(join(dir, "specs/github/openapi.yaml"));
      try {
        const r = await cli(
          [
            "verify",
            "github",
            "--base-url",
            upstream.url,
            "--param",
            "accessToken={{TOKEN}}",
            "--interval",
            "0",
            "--json",
            "--record",
            "recordings",
          ],
          { cwd: dir, env },
        );
        expect(r.code).toBe(1);
        const report = JSON.parse(r.stdout);
        const failing = report.results.flatMap((x: { drifts: { informational?: boolean }[] }) =>
          x.drifts.filter((d) => !d.informational),
        );
        const spec = readFileSync(join(dir, "specs/github/openapi.yaml"), "utf8").split("\n");
        // The component's own `required` list: a key of the component (two spaces deeper than its name), not a
        // property's.
        const component = spec.indexOf("    full-repository:");
        const required = spec.findIndex((l, i) => i > component && l.startsWith("      required:"));
        expect(failing).toContainEqual(
          expect.objectContaining({
            operation: "github_repos_get",
            kind: "missing-required",
            pointer: "/language",
            at: expect.objectContaining({ file: "specs/github/openapi.yaml", line: required + 1 }),
            overlay: expect.objectContaining({
              target: "$.components.schemas['full-repository'].required[?(@ == 'language')]",
              remove: true,
            }),
          }),
        );
        expect(failing.every((d: { kind: string }) => d.kind === "missing-required")).toBe(true);
        expect(r.stdout + r.stderr).not.toContain(TOKEN);
        expect(upstream.received.every((q) => q.method === "GET")).toBe(true);
        expect(
          upstream.received
            .filter((q) => q.headers.authorization !== `Bearer ${TOKEN}`)
            .map((q) => q.headers.authorization),
        ).toEqual([undefined]);
      } finally {
        await upstream.close();
      }
      // The recording holds what GitHub's example says, and no token; replayed offline, it says the same.
      const files = readdirSync(join(dir, "recordings/github"), { recursive: true })
        .map(String)
        .filter((f) => f.endsWith(".json"));
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(readFileSync(join(dir, "recordings/github", f), "utf8")).not.toContain(TOKEN);
      const replay = await cli(["test", "github", "--replay", "recordings"], { cwd: dir });
      expect(replay.code).toBe(1);
      expect(replay.stdout).toContain("missing-required /language");
    },
  );

  it(
    "Slack (Swagger 2.0, its server path /api): the drafted blocks agree with what its own examples answer, " +
      "exit 0",
    async () => {
      // (Before add stopped reading `items` without a type as a list, this found users.info's `user` drafted as a list:
      // an object on the wire.)
      const upstream = await exampleServer(join(dir, "specs/slack/openapi.yaml"));
      try {
        const r = await cli(
          ["verify", "slack", "--base-url", upstream.url, "--param", "accessToken={{TOKEN}}", "--interval", "0"],
          { cwd: dir, env },
        );
        expect(r.stdout).toMatch(/^✓ slack_conversations_list › live › minimal input$/m);
        expect(r.stdout).toMatch(/^✓ slack_users_info › live › minimal input$/m);
        expect(r.stdout).toMatch(/^drift: 0 differences in 0 of \d+ calls/m);
        expect(r.code).toBe(0);
        expect(new Set(upstream.received.map((q) => new URL(q.url, "http://x").pathname))).toEqual(
          new Set(["/api/conversations.list", "/api/users.info"]),
        );
        // The token as a bearer token on every request but the one made without a credential.
        expect(
          upstream.received
            .filter((q) => q.headers.authorization !== `Bearer ${TOKEN}`)
            .map((q) => q.headers.authorization),
        ).toEqual([undefined]);
      } finally {
        await upstream.close();
      }
    },
  );
});
