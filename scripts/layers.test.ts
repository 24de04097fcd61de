// The layers (ARCHITECTURE.md): the code keeps the import rules of
// .dependency-cruiser.mjs, and each rule refuses the import it is there for —
// planted in a scratch tree laid out like the repository.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Every broken rule, one line each: `rule: from → to`, and the circle for a cycle. */
async function violations(baseDir: string, roots: string[]): Promise<string[]> {
  const options = await extractDepcruiseOptions(join(ROOT, ".dependency-cruiser.mjs"));
  const { output } = await cruise(roots, { ...options, baseDir }, {}, { tsConfig: extractTSConfig(join(baseDir, "tsconfig.json")) });
  return (output as ICruiseResult).summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(" → ")})` : ""}`).sort();
}

describe("layers", () => {
  it("every import of runtime/, generated/, scripts/ and bin/ keeps the rules, and no files or folders import each other in a circle", async () => {
    expect(await violations(ROOT, ["runtime", "generated", "scripts", "bin"])).toEqual([]);
  });

  describe("each rule refuses a planted import", () => {
    const tree = mkdtempSync(join(tmpdir(), "blockwright-layers-"));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", allowJs: true } }),
      // Refused: the runtime reaching into scripts, a Node module, a YAML parser.
      "runtime/index.ts": 'import "../scripts/hash.js";\nimport "node:fs";\nimport "yaml";\nexport {};\n',
      "runtime/execute.ts": "export {};\n",
      // Refused: a package reaching into another's.
      "generated/a/index.js": 'import "../b/index.js";\nimport "../../runtime/index.js";\n',
      "generated/b/index.js": "export {};\n",
      "scripts/hash.ts": "export {};\n",
      "scripts/yaml/read.ts": 'import "../codegen/ir.js";\n',
      "scripts/registry.ts": "export {};\n",
      "scripts/index.ts": "export {};\n",
      "scripts/mocks.ts": 'import "./index.js";\n',
      // Allowed: the generator on the helpers; the surface (a tool above it) on the generator's IR.
      "scripts/codegen/ir.ts": 'import "../hash.js";\n',
      "scripts/surface/surface.ts": 'import "../codegen/ir.js";\n',
      // Refused: the generator on a tool above it, and on a generated package.
      "scripts/codegen/emit.ts": 'import "../registry.js";\nimport "../../generated/b/index.js";\n',
      // Refused: a runtime file that is not an entry; the CLI from below it.
      "scripts/contract/derive.ts": 'import "../../runtime/execute.js";\nimport "../cli/io.js";\nimport "../codegen/ir.js";\n',
      "scripts/cli/io.ts": "export {};\n",
      // Refused: two files in a circle; two folders in a circle whose files are not.
      "scripts/contract/a.ts": 'import "./b.js";\n',
      "scripts/contract/b.ts": 'import "./a.js";\n',
      "scripts/workflow/w.ts": 'import "../upstream/u.js";\n',
      "scripts/upstream/u.ts": "export {};\n",
      "scripts/upstream/v.ts": 'import "../workflow/x.js";\n',
      "scripts/workflow/x.ts": "export {};\n",
      // A test may reach anywhere.
      "scripts/codegen/emit.test.ts": 'import "../cli/io.js";\n',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }

    it("and only those", async () => {
      expect(await violations(tree, ["runtime", "generated", "scripts"])).toEqual([
        "generated-imports-only-the-runtime: generated/a/index.js → generated/b/index.js",
        "generator-imports-helpers: scripts/codegen/emit.ts → scripts/registry.ts",
        "helpers-import-only-helpers: scripts/yaml/read.ts → scripts/codegen/ir.ts",
        "no-file-cycles: scripts/contract/a.ts → scripts/contract/b.ts (scripts/contract/b.ts → scripts/contract/a.ts)",
        // The runtime's import of scripts/hash.ts also closes a circle with the scripts that use the runtime.
        "no-folder-cycles: runtime → scripts (scripts → runtime)",
        "no-folder-cycles: scripts → runtime (runtime → scripts)",
        "no-folder-cycles: scripts/upstream → scripts/workflow (scripts/workflow → scripts/upstream)",
        "no-folder-cycles: scripts/workflow → scripts/upstream (scripts/upstream → scripts/workflow)",
        "nothing-imports-an-entry: scripts/mocks.ts → scripts/index.ts",
        "nothing-imports-generated: scripts/codegen/emit.ts → generated/b/index.js",
        "only-the-cli-imports-the-cli: scripts/contract/derive.ts → scripts/cli/io.ts",
        "runtime-imports-only-itself: runtime/index.ts → fs",
        "runtime-imports-only-itself: runtime/index.ts → scripts/hash.ts",
        "runtime-imports-only-itself: runtime/index.ts → yaml",
        "runtime-through-its-entries: scripts/contract/derive.ts → runtime/execute.ts",
      ]);
    });
  });
});
