// The path from a commit to a user's install, as the workflows (this
// repository's and those init writes) run it on GitHub: every script fails
// when a command inside a pipe does (GitHub's default bash has no pipefail:
// publish refused a package and its step, `publish | tee`, exited 0); the
// release pull request gets CI (GitHub starts no workflow for what
// GITHUB_TOKEN pushes or opens); packages are published with provenance.
// Steps are run as the runner runs them (test-support/workflow-steps.ts),
// with stand-ins for npx, git and gh that record what they were asked.
// (The publish step against a real registry: contract-tests/packages/release-publish.test.ts.)
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  failsInsidePipes,
  hasPipe,
  readWorkflow,
  runStep,
  stepNamed,
  type Workflow,
} from "../../test-support/workflow-steps.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const ROOT = join(import.meta.dirname, "../..");
const tmp = mkdtempSync(join(runScratch(), "blockwright-release-workflow-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const FOLDERS = [".github/workflows", "templates/init/.github/workflows"];
const WORKFLOWS = FOLDERS.flatMap((folder) =>
  readdirSync(join(ROOT, folder))
    .filter((f) => f.endsWith(".yml"))
    .map((f) => ({ folder, file: f, path: `${folder}/${f}`, workflow: readWorkflow(join(ROOT, folder, f)) })),
);
const RELEASES = WORKFLOWS.filter((w) => w.file === "release.yml");

/** Stand-ins on PATH, each logging `name args…` to `log` and doing what its script says. */
function fakeBin(scripts: Record<string, string>): { path: string; log: string; calls: () => string[] } {
  const bin = mkdtempSync(join(tmp, "bin-"));
  const log = join(bin, "calls.log");
  writeFileSync(log, "");
  for (const [name, body] of Object.entries(scripts)) {
    writeFileSync(join(bin, name), `#!/bin/bash\necho "${name} $*" >> "${log}"\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  }
  return { path: `${bin}:/usr/bin:/bin`, log, calls: () => readFileSync(log, "utf8").split("\n").filter(Boolean) };
}

describe("the workflows' scripts", () => {
  it(
    "run under bash with pipefail in every workflow, and " + "every script with a pipe fails when a command in it does",
    () => {
      expect(WORKFLOWS.length).toBeGreaterThan(3);
      const piped: string[] = [];
      for (const { path, workflow } of WORKFLOWS) {
        expect(workflow.defaults?.run?.shell, path).toBe("bash");
        for (const [id, job] of Object.entries(workflow.jobs))
          for (const step of job.steps) {
            if (step.run === undefined || !hasPipe(step.run)) continue;
            piped.push(`${path} ${id}`);
            expect(failsInsidePipes(workflow, job, step), `${path}: ${id}: ${step.name ?? step.run}`).toBe(true);
          }
      }
      // The check sees the pipes it is about (the publish step's tee).
      expect(piped).toEqual(expect.arrayContaining(RELEASES.map((r) => `${r.path} publish`)));
    },
  );

  it("finds a piped script under GitHub's default shell, which has no pipefail", () => {
    const workflow = { on: "push", jobs: { j: { steps: [{ run: "publish | tee out" }] } } } as Workflow;
    const job = workflow.jobs.j!;
    expect(hasPipe("publish | tee out")).toBe(true);
    expect(hasPipe('a || b; echo "x | y"')).toBe(false);
    expect(failsInsidePipes(workflow, job, job.steps[0]!)).toBe(false);
    expect(failsInsidePipes(workflow, job, { run: "set -o pipefail\npublish | tee out" })).toBe(true);
    expect(failsInsidePipes({ ...workflow, defaults: { run: { shell: "bash" } } }, job, job.steps[0]!)).toBe(true);
  });

  it("every shell script of the repository sets pipefail, and no npm script pipes", () => {
    const scripts = readdirSync(join(ROOT, ".ci")).map((f) => `.ci/${f}`);
    expect(scripts.length).toBeGreaterThan(0);
    for (const file of scripts) {
      const text = readFileSync(join(ROOT, file), "utf8");
      expect(text.startsWith("#!/usr/bin/env bash\n"), file).toBe(true);
      expect(text, file).toMatch(/^set -euo pipefail$/m);
    }
    const { scripts: npmScripts } = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    for (const [name, command] of Object.entries(npmScripts))
      expect(hasPipe(command), `npm run ${name}: ${command}`).toBe(false);
  });
});

describe("the release workflow", () => {
  it.each(RELEASES.map((r) => [r.path, r] as const))(
    "%s: the publish step fails when publish does, and moves no tag",
    async (_, { workflow }) => {
      const job = workflow.jobs.publish!;
      const step = stepNamed(job, "blockwright publish");
      const cwd = mkdtempSync(join(tmp, "publish-"));
      // publish printed what it published, then a package was refused: exit 1.
      const fake = fakeBin({
        npx: 'echo "@acme/notes@0.2.0"; echo "publish: @acme/other@0.1.0 refused: E403" >&2; exit 1',
        git: "exit 0",
      });
      const ran = await runStep(workflow, job, step, cwd, { PATH: fake.path, HOME: cwd });
      expect(ran.code).not.toBe(0);
      expect(fake.calls()).toEqual(["npx --no-install blockwright publish -- --access public"]);
      // And when publish succeeds, the tag `released` moves to what it published.
      const ok = fakeBin({ npx: 'echo "@acme/notes@0.2.0"', git: "exit 0" });
      expect((await runStep(workflow, job, step, cwd, { PATH: ok.path, HOME: cwd })).code).toBe(0);
      expect(ok.calls().slice(1)).toEqual(["git tag --force released", "git push --force origin refs/tags/released"]);
    },
  );

  it.each(RELEASES.map((r) => [r.path, r] as const))(
    "%s: publishes with npm provenance, through GitHub's OIDC token, to npm's registry",
    (_, { workflow }) => {
      const job = workflow.jobs.publish!;
      expect(job.permissions).toMatchObject({ "id-token": "write" });
      expect(stepNamed(job, "blockwright publish").env).toMatchObject({ NPM_CONFIG_PROVENANCE: true });
      const setup = job.steps.find((s) => s.uses?.startsWith("actions/setup-node@"));
      expect(setup?.with?.["registry-url"]).toBe("https://registry.npmjs.org");
    },
  );

  describe.each(RELEASES.map((r) => [r.path, r] as const))(
    "%s: the release pull request",
    (_, { folder, workflow }) => {
      const job = workflow.jobs["release-pr"]!;
      const step = stepNamed(job, "open or update the release pull request");

      it("is pushed and opened with RELEASE_TOKEN when the repository has one", () => {
        // biome-ignore lint/suspicious/noTemplateCurlyInString: GitHub expressions, not templates
        const token = "${{ secrets.RELEASE_TOKEN || github.token }}";
        expect(job.steps.find((s) => s.uses?.startsWith("actions/checkout@"))?.with?.token).toBe(token);
        expect(step.env?.GH_TOKEN).toBe(token);
        expect(job.permissions).toMatchObject({ contents: "write", "pull-requests": "write", actions: "write" });
      });

      /** The step run in a checkout holding `folder`'s workflows, with gh answering that no pull request is open. */
      async function release(withToken: boolean) {
        const cwd = mkdtempSync(join(tmp, "release-pr-"));
        mkdirSync(join(cwd, ".github"));
        cpSync(join(ROOT, folder), join(cwd, ".github/workflows"), { recursive: true });
        const fake = fakeBin({ git: "exit 0", gh: '[ "$1 $2" = "pr view" ] && exit 1; exit 0' });
        const env = {
          PATH: fake.path,
          HOME: cwd,
          RUNNER_TEMP: cwd,
          BASE_BRANCH: "main",
          WITH_RELEASE_TOKEN: String(withToken),
          GH_TOKEN: "stand-in",
        };
        const ran = await runStep(workflow, job, step, cwd, env);
        expect(ran.code, ran.stderr).toBe(0);
        return fake.calls().filter((c) => c.startsWith("gh "));
      }

      it("with RELEASE_TOKEN: opened, and CI runs on it as on anyone's pull request", async () => {
        expect(await release(true)).toEqual([
          "gh pr view blockwright/release --json state --jq .state",
          expect.stringMatching(/^gh pr create --base main --head blockwright\/release /),
        ]);
      });

      it("without it: opened with GITHUB_TOKEN, and every other workflow started on the release branch", async () => {
        const others = WORKFLOWS.filter((w) => w.folder === folder && w.file !== "release.yml");
        expect(others.length).toBeGreaterThan(0);
        // Each takes workflow_dispatch, as the step's dispatch needs.
        for (const w of others) expect(Object.keys(w.workflow.on as object), w.path).toContain("workflow_dispatch");
        const calls = await release(false);
        expect(calls.slice(0, 2)).toEqual([
          "gh pr view blockwright/release --json state --jq .state",
          expect.stringMatching(/^gh pr create /),
        ]);
        expect(calls.slice(2).sort()).toEqual(
          others.map((w) => `gh workflow run ${w.file} --ref blockwright/release`).sort(),
        );
      });
    },
  );
});
