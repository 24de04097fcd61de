// `blockwright graph` as a user runs it: the example workflow drawn as SVG
// and as Mermaid, to stdout or a file, from standard input, and the refusals.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { XMLValidator } from "fast-xml-parser";
import jsyaml from "js-yaml";
import { afterAll, describe, expect, it } from "vitest";
import { cli } from "../../test-support/cli-harness.js";
import { ROOT } from "../../test-support/repo.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const EXAMPLE = "examples/lead-to-deck.yaml";
const blocks = Object.entries(
  (
    jsyaml.load(readFileSync(join(ROOT, EXAMPLE), "utf8")) as {
      blocks: Record<string, { name: string; type: string; inputs: { operation: string } }>;
    }
  ).blocks,
);
const tmp = mkdtempSync(join(runScratch(), "blockwright-graph-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("blockwright graph", () => {
  it("writes an SVG of the example workflow naming every block", async () => {
    const r = await cli(["graph", EXAMPLE, "--format", "svg"]);
    expect(r).toMatchObject({ code: 0, stderr: "" });
    expect(XMLValidator.validate(r.stdout)).toBe(true);
    expect(r.stdout).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(blocks.length).toBeGreaterThan(1);
    for (const [id, b] of blocks) {
      expect(r.stdout).toContain(`>${id}</text>`);
      expect(r.stdout).toContain(`>${b.name}</text>`);
      expect(r.stdout).toContain(`>${b.type} › ${b.inputs.operation}</text>`);
    }
  });

  it("draws Mermaid by default, and writes a file (SVG for a .svg name) saying what it wrote", async () => {
    const mermaid = await cli(["graph", EXAMPLE]);
    expect(mermaid.code).toBe(0);
    expect(mermaid.stdout).toMatch(/^flowchart TD\n {2}subgraph w \[".+"\]\n/);
    expect(mermaid.stdout.match(/^ +b\d+\["/gm)).toHaveLength(blocks.length);

    const file = join(tmp, "flow.svg");
    const r = await cli(["graph", EXAMPLE, "--output", file]);
    expect(r).toMatchObject({ code: 0, stdout: "" });
    expect(r.stderr).toMatch(
      new RegExp(`^blockwright graph: wrote .*flow\\.svg \\(svg, ${blocks.length} blocks, \\d+ connections\\)\\n$`),
    );
    expect(readFileSync(file, "utf8")).toBe((await cli(["graph", EXAMPLE, "--format", "svg"])).stdout);
    const md = join(tmp, "flow.mmd");
    expect(await cli(["graph", EXAMPLE, "--output", md])).toMatchObject({ code: 0 });
    expect(readFileSync(md, "utf8")).toBe(mermaid.stdout);
  });

  it("reads a workflow from standard input, named <stdin>", async () => {
    const text =
      "blocks:\n  only:\n    type: zzshelf\n    name: The only block\n    inputs: { operation: zzshelf_find }\n";
    const r = await cli(["graph", "-", "--format", "svg"], { stdin: text });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(">The only block</text>");
    expect(r.stdout).toContain("from &lt;stdin&gt;");
  });

  it(
    "refuses bad input with exit status 2: each workflow " + "problem at its file:line:col, a bad option named",
    async () => {
      const broken = join(tmp, "broken.yaml");
      writeFileSync(
        broken,
        "blocks:\n  a:\n    type: zzshelf\n    name: A\n    inputs: { operation: " +
          "zzshelf_find }\n    connections: { outgoing: [{ target: b }] }\n",
      );
      const r = await cli(["graph", broken]);
      expect(r).toMatchObject({ code: 2, stdout: "" });
      expect(r.stderr).toBe(
        `blockwright graph: ${broken} cannot be drawn (1 problem):\n${broken}:6:41: a: ` +
          `connection to unknown block "b" (blocks: a) [BW4002]\n`,
      );

      expect(await cli(["graph", EXAMPLE, "--format", "png"])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('--format takes mermaid or svg, got "png"'),
      });
      expect(await cli(["graph"])).toMatchObject({ code: 2, stderr: expect.stringContaining("missing <workflow>") });
      expect(await cli(["graph", join(tmp, "none.yaml")])).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/none\.yaml/),
      });
      mkdirSync(join(tmp, "folder.svg"));
      expect(await cli(["graph", EXAMPLE, "--output", join(tmp, "folder.svg")])).toMatchObject({
        code: 2,
        stderr: expect.stringContaining("is a folder, not a file"),
      });
    },
  );

  it(
    "takes --specs and --out as every command does, and " + "says where the drawing goes when --out names a file",
    async () => {
      expect(await cli(["graph", EXAMPLE, "--specs", "specs", "--out", "generated"])).toMatchObject({
        code: 0,
        stdout: (await cli(["graph", EXAMPLE])).stdout,
      });
      const r = await cli(["graph", EXAMPLE, "--out", join(tmp, "drawing.svg")]);
      expect(r).toMatchObject({ code: 2, stdout: "" });
      expect(r.stderr).toContain(
        `--out names the generated packages' folder, as in every command; write the drawing with --output ` +
          `${join(tmp, "drawing.svg")} [BW3003]`,
      );
      expect(existsSync(join(tmp, "drawing.svg"))).toBe(false);
    },
  );
});
