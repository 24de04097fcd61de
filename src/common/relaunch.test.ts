// generate run in a process started with a small young generation (relaunch.ts): which arguments that process gets,
// and, through the built command (npm run build first), that it runs there with the flags, keeps its compiled code
// apart from the other commands', says what it says in-process, and stops once the process that started it is gone.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import module from "node:module";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, spawnCli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { writeSyntheticProject } from "../../scripts/bench/synthetic.js";
import { filesUnder } from "./files.js";
import { GENERATE_NODE_FLAGS, relaunchArgs, SMALL_PROJECT_NODE_FLAGS, youngGenerationFlags } from "./relaunch.js";
import { generateOptimiser } from "./v8-flags.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-relaunch-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const argv = ["/usr/bin/node", "/zq/bin/blockwright.js", "generate", "--out", "zq-out"];

describe("relaunchArgs", () => {
  it("starts generate with the flags, Node's own options kept and ended by --, the command's arguments after", () => {
    expect(
      relaunchArgs("generate", {
        execArgv: ["--max-old-space-size=128", "--"],
        nodeOptions: undefined,
        argv,
        cwd: tmp,
      }),
    ).toEqual([
      "--max-old-space-size=128",
      ...GENERATE_NODE_FLAGS,
      ...generateOptimiser(),
      "--",
      "/zq/bin/blockwright.js",
      "generate",
      "--out",
      "zq-out",
    ]);
  });

  it("runs any other command here, and generate whose young generation was sized at its start", () => {
    expect(relaunchArgs("test", { execArgv: [], nodeOptions: undefined, argv })).toBeUndefined();
    expect(relaunchArgs(undefined, { execArgv: [], nodeOptions: undefined, argv })).toBeUndefined();
    for (const flag of [...GENERATE_NODE_FLAGS, "--max-semi-space-size=16", "--semi-space-size=2"])
      expect(relaunchArgs("generate", { execArgv: [flag], nodeOptions: undefined, argv }), flag).toBeUndefined();
    expect(
      relaunchArgs("generate", { execArgv: [], nodeOptions: "--max-semi-space-size=8 --trace-gc", argv }),
    ).toBeUndefined();
  });

  it("sizes the young generation by the specs folder's files: V8's top if small, small if one is large", () => {
    const project = mkdtempSync(join(tmp, "young-"));
    const specs = join(project, "zq-specs");
    for (const name of ["zqaa", "zqbb"]) {
      mkdirSync(join(specs, name, "upstream"), { recursive: true });
      writeFileSync(join(specs, name, "manifest.yaml"), "provider: zq\n");
      writeFileSync(join(specs, name, "openapi.yaml"), "openapi: 3.1.0\n");
    }
    // A large file under a provider's upstream/ (the published document as it was) is not what generate reads.
    writeFileSync(join(specs, "zqbb", "upstream", "openapi.json"), Buffer.alloc(2 * 1024 * 1024, 32));
    const flagsFor = (args: string[]) =>
      relaunchArgs("generate", {
        execArgv: [],
        nodeOptions: undefined,
        argv: [...argv.slice(0, 3), ...args],
        cwd: project,
      });
    expect(flagsFor(["--specs", "zq-specs"])).toEqual(expect.arrayContaining(SMALL_PROJECT_NODE_FLAGS));
    expect(flagsFor([`--specs=${specs}`])).toEqual(expect.arrayContaining(SMALL_PROJECT_NODE_FLAGS));
    // No such folder (./specs here): the small young generation, generate then saying why it cannot run.
    expect(flagsFor([])).toEqual(expect.arrayContaining(GENERATE_NODE_FLAGS));
    writeFileSync(join(specs, "zqbb", "openapi.yaml"), Buffer.alloc(1024 * 1024, 32));
    expect(youngGenerationFlags(specs)).toEqual(GENERATE_NODE_FLAGS);
    expect(flagsFor(["--specs", "zq-specs"])).toEqual(expect.arrayContaining(GENERATE_NODE_FLAGS));
    expect(flagsFor(["--specs", "zq-specs"])).not.toEqual(expect.arrayContaining(SMALL_PROJECT_NODE_FLAGS));
  });

  it("prints generate's help here: a second process would only print it", () => {
    for (const flag of ["--help", "-h"])
      expect(relaunchArgs("generate", { execArgv: [], nodeOptions: undefined, argv: [...argv, flag] }), flag).toBe(
        undefined,
      );
  });
});

/**
 * One generate of the repository's providers (a copy of its specs/) for three tests' questions (a generate as a
 * process, its launcher and the relaunched one, costs 0.6–0.9 s of CPU): started by the built command with a compile
 * cache of its own (the cache test's first run), each process telling at its exit its arguments and young generation
 * (`young.cjs`) and what it loaded (`test-support/loaded-modules.cjs`).
 */
let firstRun: Promise<{ dir: string; cache: string; stderr: string; young: string; loaded: string }> | undefined;
const firstGenerate = () =>
  (firstRun ??= (async () => {
    const dir = mkdtempSync(join(tmp, "first-"));
    cpSync(join(ROOT, "specs"), join(dir, "specs"), { recursive: true });
    mkdirSync(join(dir, "node_modules/@blockwright"), { recursive: true });
    symlinkSync(join(ROOT, "runtime"), join(dir, "node_modules/@blockwright/runtime"));
    const young = join(tmp, "young.jsonl");
    const loaded = join(tmp, "loaded.json");
    const preload = join(tmp, "young.cjs");
    writeFileSync(
      preload,
      `process.on("exit", () => require("node:fs").appendFileSync(${JSON.stringify(young)}, JSON.stringify({
        argv: process.argv.slice(2),
        execArgv: process.execArgv,
        newSpace: require("node:v8").getHeapSpaceStatistics().find((s) => s.space_name === "new_space").space_size,
      }) + "\\n"));`,
    );
    const cache = join(dir, "compile-cache");
    const run = spawnCli(
      ["generate"],
      {
        NODE_COMPILE_CACHE: cache,
        NODE_OPTIONS: `--require=${preload} --require=${join(ROOT, "test-support/loaded-modules.cjs")}`,
        LOADED_MODULES_FILE: loaded,
      },
      dir,
    );
    expect(await run.closed, run.stderr()).toBe(0);
    return { dir, cache, stderr: run.stderr(), young, loaded };
  })());

describe("generate in a process of its own", () => {
  it("runs with its young generation's and its optimiser's flags, started by a process without them", async () => {
    const first = await firstGenerate();
    // The relaunched process's words passed on as they were (a provider's warnings may come between).
    expect(first.stderr).toMatch(
      /^generate: (\d+) providers to link…\n(?:generate: .*\n)*generate: \1 providers, \d+ operations, /,
    );
    const processes = readFileSync(first.young, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { argv: string[]; execArgv: string[]; newSpace: number });
    expect(processes).toHaveLength(2);
    const [generating, launcher] = processes;
    const young = youngGenerationFlags(join(first.dir, "specs"));
    expect(generating?.execArgv).toEqual(expect.arrayContaining([...young, ...generateOptimiser()]));
    const semiSpaceMiB = Number(young.join(" ").match(/--max-semi-space-size=(\d+)/)?.[1]);
    expect(generating?.newSpace).toBeLessThanOrEqual(2 * semiSpaceMiB * 1024 * 1024);
    expect(launcher?.execArgv).not.toEqual(expect.arrayContaining(young));
    expect(launcher?.execArgv).not.toEqual(expect.arrayContaining(generateOptimiser()));
    expect(launcher?.argv).toEqual(generating?.argv);
  });

  it(
    "loads, for documents of one file each, no document bundler and no network module, only openapi-typescript's " +
      "transform and the printer (its package entry loaded all of @redocly/openapi-core, and through its proxy " +
      "agent Node's tls, http and https); its own modules found by their address",
    async () => {
      const first = await firstGenerate();
      const loaded = JSON.parse(readFileSync(first.loaded, "utf8")) as {
        cjs: string[];
        builtins: string[];
        byNode: string[];
      };
      expect(loaded.cjs.filter((path) => path.includes("@redocly"))).toEqual([]);
      // The command's own modules found by their address (src/common/start/own-resolve.ts), in both processes.
      expect(loaded.byNode).toEqual([]);
      // (net is loaded by any process whose output is a pipe: its stdout is a socket.)
      expect(loaded.builtins.filter((name) => ["tls", "http", "https", "http2"].includes(name))).toEqual([]);
      // The printer did run: every package's declarations hold openapi-typescript's `paths`.
      const out = join(first.dir, "generated");
      const packages = readdirSync(out, { withFileTypes: true }).filter((e) => e.isDirectory());
      expect(packages.length).toBeGreaterThan(0);
      for (const p of packages)
        expect(readFileSync(join(out, p.name, "index.d.ts"), "utf8"), p.name).toMatch(/export interface paths \{/);
    },
  );

  it(
    "keeps its compiled code apart from the other commands' in Node's compile cache: none of it refused after " +
      "another command ran (V8 refuses code compiled under other flags, and generate's were set once it ran)",
    async () => {
      // The first generate filled a compile cache of its own; then Node telling what it does with each module's
      // cached code.
      const { dir, cache } = await firstGenerate();
      const env = { NODE_COMPILE_CACHE: cache, NODE_DEBUG_NATIVE: "COMPILE_CACHE" };
      const stderrOf = async (args: string[]) => {
        const run = spawnCli(args, env, dir);
        expect(await run.closed, run.stderr()).toBe(0);
        return run.stderr();
      };
      // A command with V8's default flags that loads modules generate loads too (the runtime's, the helpers').
      const other = await stderrOf(["tools", "--format", "openai"]);
      // Into a folder of its own: with nothing to skip, it loads what the first did.
      const again = await stderrOf(["generate", "--out", join(dir, "again")]);
      expect(again.match(/^.* was rejected.*$/gm) ?? []).toEqual([]);
      // (Node 20 has no compile cache: nothing is kept, refused or told.)
      if (typeof (module as { enableCompileCache?: unknown }).enableCompileCache === "function") {
        expect(other).toMatch(/runtime\/dist\/index\.js/);
        expect(again).toMatch(/ was accepted/);
      }
    },
  );

  it("prints what the command prints in-process and exits as it does: --dump-ir, and the specs' problems", async () => {
    const dir = mkdtempSync(join(tmp, "broken-"));
    const [provider] = writeSyntheticProject(dir, 2);
    const dumped = spawnCli(["generate", "--dump-ir"], {}, dir);
    expect(await dumped.closed, dumped.stderr()).toBe(0);
    expect(dumped.stdout()).toBe((await cli(["generate", "--dump-ir"], { cwd: dir })).stdout);
    const manifest = join(dir, "specs", String(provider), "manifest.yaml");
    writeFileSync(manifest, `zqUnknownField: 1\n${readFileSync(manifest, "utf8")}`);
    const broken = spawnCli(["generate"], {}, dir);
    expect(await broken.closed).toBe(2);
    const inProcess = await cli(["generate"], { cwd: dir });
    expect(inProcess.code).toBe(2);
    expect(broken.stderr()).toBe(inProcess.stderr);
    expect(broken.stdout()).toBe("");
  });

  it("stops once the process that started it is gone (killed outright): nothing half-written", async () => {
    const dir = mkdtempSync(join(tmp, "orphan-"));
    writeSyntheticProject(dir, 30);
    const generate = spawnCli(["generate"], {}, dir);
    await generate.waitFor(/generate: 30 providers to link…\n/);
    const launcher = generate.child.pid ?? 0;
    const started = Number(execFileSync("pgrep", ["-P", String(launcher)], { encoding: "utf8" }).trim());
    generate.child.kill("SIGKILL");
    await generate.exited;
    // The generating process hears its launcher leave, and stops as at SIGTERM (polled: its exit has no parent here).
    for (let alive = true; alive; ) {
      try {
        process.kill(started, 0);
        await new Promise((r) => setTimeout(r, 50));
      } catch {
        alive = false;
      }
    }
    const left = existsSync(join(dir, "generated")) ? filesUnder(join(dir, "generated"), new Set()) : [];
    expect(left.filter((f) => f.endsWith(".tmp"))).toEqual([]);
    // On a busy machine the run may end before the kill reaches it (30 providers link in well under a second): then
    // its stamp is of a whole output, every file in place; never a stamp beside a part of one.
    if (left.some((f) => f.endsWith(".blockwright-stamp.json"))) {
      const check = spawnCli(["generate", "--check"], {}, dir);
      expect(await check.closed, check.stderr()).toBe(0);
    }
  });
});
