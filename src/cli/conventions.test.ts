// The conventions of the command line (clig.dev) every command keeps: its help
// lists exactly the options its parser takes (the help is the one source of
// the reference page and the shell completion, so none can drift from the
// command); --specs and --out mean the same everywhere; `help <command>`,
// -V/--version, -q/--quiet and -v/--verbose; completion scripts for bash,
// zsh and fish written from the helps; SIGTERM's exit status told apart from
// Ctrl-C's in every command's help.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { COMMAND_NAMES, USAGE } from "../cli.js";
import { UnknownOption } from "./support/args.js";
import type { CliIo } from "./support/io.js";
import { usageOptions } from "./support/usage-options.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-conventions-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

type Command = { USAGE: string; run: (argv: string[], io: CliIo) => Promise<number> };
const command = async (name: string) => (await import(`./${name}.js`)) as Command;
const quietIo = (): CliIo => ({
  stdout: { write: () => true },
  stderr: { write: () => true },
  env: {},
  cwd: tmp,
  interrupted: new Promise(() => {}),
});

/**
 * The options a command's parser takes, as the error for an unknown one lists them (after each subcommand its usage
 * line names, where it has them).
 */
async function accepted(name: string): Promise<string[]> {
  const { run, USAGE: usage } = await command(name);
  const subcommands = (usage.split("\n")[0]?.split(" ")[3] ?? "").split("|").filter((w) => /^[a-z]+$/.test(w));
  for (const argv of [["--zz-no-such-option"], ...subcommands.map((sub) => [sub, "--zz-no-such-option"])]) {
    try {
      await run(argv, quietIo());
    } catch (e) {
      if (e instanceof UnknownOption) return e.known.filter((o) => o !== "--help" && o !== "-h").sort();
    }
  }
  throw new Error(`${name}: no unknown-option error to read its options from`);
}

describe("every command's help", () => {
  it("lists exactly the options its parser takes, with their short forms", async () => {
    for (const name of COMMAND_NAMES) {
      const listed = usageOptions((await command(name)).USAGE)
        .flatMap((o) => [o.name, ...(o.short ? [o.short] : [])])
        .sort();
      expect(listed, name).toEqual(await accepted(name));
    }
  });

  it(
    "gives --specs and --out one meaning: the specs " + "folder and the generated packages, with their defaults",
    async () => {
      let seen = 0;
      for (const name of COMMAND_NAMES) {
        const lines = (await command(name)).USAGE.split("\n");
        for (const [option, meaning] of [
          ["--specs", /\(default \.\/specs\)/],
          ["--out", /\(default \.\/generated\)/],
        ] as const) {
          const at = lines.findIndex((l) => new RegExp(`^ {2}${option} `).test(l));
          if (at < 0) continue;
          seen++;
          expect(`${lines[at]} ${lines[at + 1] ?? ""}`, `${name} ${option}`).toMatch(meaning);
        }
      }
      expect(seen).toBeGreaterThan(COMMAND_NAMES.length);
    },
  );

  it("words the status of a stopped command as every other: 130 by Ctrl-C, 143 by SIGTERM", async () => {
    for (const name of COMMAND_NAMES) {
      const statuses = (await command(name)).USAGE.replace(/\s+/g, " ");
      if (/\b130\b/.test(statuses))
        expect(statuses, name).toMatch(/130 interrupted by Ctrl-C,? .*143 (stopped )?by SIGTERM/);
    }
    expect(USAGE.replace(/\s+/g, " ")).toContain("130 interrupted by Ctrl-C (SIGINT), 143 stopped by SIGTERM");
  });
});

describe("help, version, quiet and verbose", () => {
  it(
    "help <command> prints the command's own help; help " + "alone, the overview; an unknown one is suggested",
    async () => {
      for (const name of ["generate", "graph"])
        expect(await cli(["help", name])).toEqual(
          expect.objectContaining({ code: 0, stdout: `${(await command(name)).USAGE}\n`, stderr: "" }),
        );
      expect(await cli(["help"])).toMatchObject({ code: 0, stdout: `${USAGE}\n` });
      expect(await cli(["help", "tset"])).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^blockwright: unknown command "tset" \(did you mean "test"\?\)/),
      });
    },
  );

  it("-V and --version print the version; -v is verbose, not the version", async () => {
    const { version } = await import("./version.js");
    for (const flag of ["-V", "--version"])
      expect(await cli([flag])).toMatchObject({ code: 0, stdout: `${version()}\n` });
    expect(await cli(["-v"])).toMatchObject({ code: 2, stdout: "" });
    expect(await cli(["-q", "-v", "generate"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("choose one of -q (--quiet) and -v (--verbose) [BW3004]"),
    });
  });

  it("-q, anywhere before --, leaves out progress and keeps what the command found", async () => {
    const loud = await cli(["generate", "--check"]);
    expect(loud.stderr).toMatch(/providers? to link…\n/);
    for (const argv of [
      ["-q", "generate", "--check"],
      ["generate", "--quiet", "--check"],
    ]) {
      const quiet = await cli(argv);
      expect(quiet.code).toBe(0);
      expect(quiet.stderr).not.toContain("to link");
      expect(quiet.stderr).toMatch(/files up to date/);
    }
  });

  it("-v shows an internal error's stack, which stays out of it otherwise", async () => {
    const workflow = join(tmp, "w.yaml");
    writeFileSync(
      workflow,
      "blocks:\n  s:\n    type: books\n    name: S\n    inputs: { operation: books_get_volume, volumeId: x, " +
        'apiKey: "{{ZZ_KEY}}" }\n',
    );
    const failing = () => Promise.reject(new Error("zz a defect"));
    const env = { ZZ_KEY: "zz-key-0123456789" };
    const plain = await cli(["run", workflow], { startMocks: failing, env });
    expect(plain).toMatchObject({
      code: 70,
      stderr: expect.stringContaining(
        "internal error: zz a defect (run it again with -v, or BLOCKWRIGHT_DEBUG=1, for details)",
      ),
    });
    expect(plain.stderr).not.toMatch(/\n\s+at /);
    const verbose = await cli(["run", workflow, "-v"], { startMocks: failing, env });
    expect(verbose.code).toBe(70);
    expect(verbose.stderr).toMatch(/internal error: zz a defect\nError: zz a defect\n\s+at /);
  });
});

describe("completion", () => {
  async function script(shell: string): Promise<string> {
    const r = await cli(["completion", shell]);
    expect(r, shell).toMatchObject({ code: 0, stderr: "" });
    return r.stdout;
  }

  it("bash: completes the commands, then a command's options from its help, then files", async () => {
    const file = join(tmp, "completion.bash");
    writeFileSync(file, await script("bash"));
    writeFileSync(join(tmp, "flow.yaml"), "");
    // Each case's COMPREPLY, for the words typed so far (the last one being completed): one bash for all of them, as
    // a user's shell keeps the script between completions (a bash started from this worker costs the fork of it).
    const cases = [
      ["blockwright", "gen"],
      ["blockwright", "com"],
      ["blockwright", "generate", "--ch"],
      ["blockwright", "graph", "flow.yaml", "--o"],
      ["blockwright", "test", "-"],
      ["blockwright", "graph", "fl"],
    ];
    const END = "--zq-end--";
    const r = spawnSync(
      "bash",
      [
        "--norc",
        "-c",
        [
          `source ${JSON.stringify(file)}`,
          ...cases.map(
            (words) =>
              `COMPREPLY=(); COMP_WORDS=(${words.map((w) => JSON.stringify(w)).join(" ")}); ` +
              `COMP_CWORD=${words.length - 1}; _blockwright; printf '%s\\n' "\${COMPREPLY[@]}" ${END}`,
          ),
        ].join("\n"),
      ],
      { cwd: tmp, encoding: "utf8" },
    );
    expect(r.stderr).toBe("");
    const replies = r.stdout
      .split(`${END}\n`)
      .slice(0, -1)
      .map((reply) => reply.split("\n").filter(Boolean).sort());
    expect(replies).toHaveLength(cases.length);
    const [gen, com, check, out, dash, fl] = replies;
    expect(gen).toEqual(["generate"]);
    expect(com).toEqual(["completion"]);
    expect(check).toEqual(["--check"]);
    expect(out).toEqual(["--out", "--output"]);
    expect(dash).toEqual(
      expect.arrayContaining(["--reporter", "--seed", "-q", "--quiet", "-v", "--verbose", "-h", "--help"]),
    );
    expect(fl).toEqual(["flow.yaml"]);
  });

  it("zsh and fish: every command with its summary, and each of its options", async () => {
    const zsh = await script("zsh");
    const fish = await script("fish");
    expect(zsh.startsWith("#compdef blockwright\n")).toBe(true);
    for (const name of COMMAND_NAMES) {
      expect(zsh, name).toMatch(new RegExp(`^ {4}'${name}:`, "m"));
      expect(fish, name).toContain(`-a ${name} -d '`);
      for (const option of usageOptions((await command(name)).USAGE)) {
        expect(zsh, `${name} ${option.name}`).toMatch(
          new RegExp(`^ {4}${name}\\) _arguments .*${option.name}\\b`, "m"),
        );
        expect(fish, `${name} ${option.name}`).toContain(
          `__fish_seen_subcommand_from ${name}'${option.short ? ` -s ${option.short.slice(1)}` : ""} ` +
            `-l ${option.name.slice(2)}${option.takesValue ? " -r" : ""}`,
        );
      }
    }
  });

  it("refuses a shell it does not know, exit 2", async () => {
    expect(await cli(["completion", "powershell"])).toMatchObject({
      code: 2,
      stdout: "",
      stderr: expect.stringContaining('takes a shell: bash, zsh, fish, got "powershell" [BW3003]'),
    });
    expect(await cli(["completion"])).toMatchObject({ code: 2, stdout: "" });
  });
});
