// The layers (ARCHITECTURE.md): the code keeps the import rules of
// .dependency-cruiser.mjs, and each rule refuses the import it is there for —
// planted in a scratch tree laid out like the repository.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cruise, type ICruiseResult } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const RUNTIME_TESTS_CONFIG = ".dependency-cruiser.runtime-tests.mjs";

/** Every broken rule, one line each: `rule: from → to`, and the circle for a cycle. */
async function violations(baseDir: string, roots: string[], config = ".dependency-cruiser.mjs"): Promise<string[]> {
  const options = await extractDepcruiseOptions(join(ROOT, config));
  // The repository's cruise shares `npm run lint`'s cache (read back when no file changed); a scratch tree keeps none.
  const cache = baseDir === ROOT ? options.cache : false;
  const { output } = await cruise(
    roots,
    { ...options, rulesFile: config, baseDir, cache },
    {},
    { tsConfig: extractTSConfig(join(baseDir, "tsconfig.json")) },
  );
  return (output as ICruiseResult).summary.violations
    .map((v) => `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (${v.cycle.map((c) => c.name).join(" → ")})` : ""}`)
    .sort();
}

/** The folders `npm run lint` gives depcruise, read from package.json (the same cruise: it shares lint's cache). */
const LINTED = (() => {
  const lint =
    (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts
      .lint ?? "";
  return (/depcruise\s+--config\s+\S+\s+([^&|;]+)/.exec(lint)?.[1] ?? "").trim().split(/\s+/).filter(Boolean);
})();

/**
 * Imports of the runtime's tests that reach the generator, the scripts or the contract suite
 * (`file → target`): a runtime test stands on the runtime and test-support/ (its committed IR
 * fixtures among them). Tests are outside the dependency rules, so this reads them itself.
 */
function runtimeTestsReachingOut(base: string): string[] {
  const tests = (dir: string): string[] =>
    readdirSync(join(base, dir), { withFileTypes: true }).flatMap((e) =>
      e.name === "node_modules" || e.name === "dist"
        ? []
        : e.isDirectory()
          ? tests(join(dir, e.name))
          : e.name.endsWith(".test.ts")
            ? [join(dir, e.name)]
            : [],
    );
  return tests("runtime").flatMap((file) =>
    [...readFileSync(join(base, file), "utf8").matchAll(/(?:from|import)\s*\(?\s*["'](\.[^"']+)["']/g)]
      .map((m) => relative(base, resolve(base, dirname(file), m[1] as string)))
      .filter((target) => /^(src|scripts|contract-tests)\//.test(target))
      .map((target) => `${file} → ${target}`),
  );
}

describe("layers", () => {
  it(
    "every import of the folders `npm run lint` cruises keeps the rules, and no files or folders import each " +
      "other in a circle",
    async () => {
      expect(LINTED).toEqual(expect.arrayContaining(["runtime", "generated", "src", "scripts", "bin"]));
      expect(await violations(ROOT, LINTED)).toEqual([]);
    },
  );

  it(
    "the runtime's tests import the runtime and test-support/runtime/ only (their own cruise, " +
      "`npm run lint`'s second)",
    async () => {
      expect(await violations(ROOT, ["runtime"], RUNTIME_TESTS_CONFIG)).toEqual([]);
    },
  );

  it(
    "no runtime test imports src/, scripts/ or contract-tests/ (test-support/fixtures/ir/ holds the IR they " + "read)",
    () => {
      expect(runtimeTestsReachingOut(ROOT)).toEqual([]);
    },
  );

  describe("each rule refuses a planted import", () => {
    const tree = mkdtempSync(join(tmpdir(), "blockwright-layers-"));
    afterAll(() => rmSync(tree, { recursive: true, force: true }));
    const files: Record<string, string> = {
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", allowJs: true },
      }),
      // Refused: the runtime reaching into the tools, a Node module, a YAML parser.
      "runtime/index.ts": 'import "../src/common/hash.js";\nimport "node:fs";\nimport "yaml";\nexport {};\n',
      "runtime/execute/execute.ts": "export {};\n",
      // Refused: a package reaching into another's.
      "generated/a/index.js": 'import "../b/index.js";\nimport "../../runtime/index.js";\n',
      "generated/b/index.js": "export {};\n",
      "src/common/hash.ts": "export {};\n",
      "src/common/read.ts": 'import "../model/ir.js";\n',
      "src/registry/registry.ts": "export {};\n",
      "src/index.ts": "export {};\n",
      "src/mocks/mocks.ts": 'import "../index.js";\n',
      // Allowed: the model on the helpers; the change report (a tool above the generator) on the IR.
      "src/model/ir.ts": 'import "../common/hash.js";\n',
      "src/changes/surface.ts": 'import "../model/ir.js";\n',
      // Refused: the generator on a tool above it, and on a generated package; a stage on a later one.
      "src/emit/emit.ts": 'import "../registry/registry.js";\nimport "../../generated/b/index.js";\n',
      "src/load/openapi.ts": 'import "../link/index.js";\n',
      "src/link/index.ts": "export {};\n",
      // Refused: a runtime file that is not an entry; the CLI from below it.
      "src/contract/derive.ts":
        'import "../../runtime/execute/execute.js";\nimport "../cli/support/io.js";\nimport "../model/ir.js";\n',
      "src/cli/support/io.ts": "export {};\n",
      // Refused: a module in a folder no layer names.
      "src/stray/loose.ts": 'import "../model/ir.js";\n',
      // Refused: two files in a circle; two folders in a circle whose files are not.
      "src/contract/a.ts": 'import "./b.js";\n',
      "src/contract/b.ts": 'import "./a.js";\n',
      "src/workflow/w.ts": 'import "../upstream/u.js";\n',
      "src/upstream/u.ts": "export {};\n",
      "src/upstream/v.ts": 'import "../workflow/x.js";\n',
      "src/workflow/x.ts": "export {};\n",
      // A test may reach anywhere, but a runtime test only into the runtime and test-support/.
      "src/emit/emit.test.ts": 'import "../cli/support/io.js";\n',
      "runtime/execute/execute.test.ts":
        'import { loadProvider } from "../../src/emit/generate-all.js";\nimport ' +
        '"../../test-support/runtime/ir-fixtures.js";\nimport "../../test-support/repo.js";\nconst later = () ' +
        '=> import("../../scripts/x.js");\n',
      // test-support/ in two parts: the runtime's (on the runtime alone) and the generator's; a benchmark imports
      // neither.
      "test-support/runtime/ir-fixtures.ts":
        'import "../../runtime/index.js";\nimport "../repo.js";\nimport "../../src/model/ir.js";\n',
      "test-support/repo.ts": 'import "../src/model/ir.js";\n',
      "src/emit/generate-all.ts": "export {};\n",
      // Refused: a tool reaching the generator's pipeline, even lazily and through another module; allowed: generate.
      "src/mocks/start.ts": 'export const later = () => import("../emit/pipeline.js");\n',
      "src/emit/pipeline.ts": 'import "./generate-all.js";\n',
      "src/cli/generate.ts": 'export const later = () => import("../emit/generate-all.js");\n',
      "scripts/bench/bench.ts": 'import "../../test-support/repo.js";\nimport "../../src/model/ir.js";\n',
      "scripts/x.ts": "export {};\n",
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(tree, path)), { recursive: true });
      writeFileSync(join(tree, path), text);
    }

    it("and only those", async () => {
      expect(await violations(tree, ["runtime", "generated", "src", "test-support", "scripts/bench"])).toEqual([
        "benchmarks-import-no-test-helper: scripts/bench/bench.ts → test-support/repo.ts",
        "generated-imports-only-the-runtime: generated/a/index.js → generated/b/index.js",
        "generator-below-the-tools: src/emit/emit.ts → src/registry/registry.ts",
        "no-file-cycles: src/contract/a.ts → src/contract/b.ts (src/contract/b.ts → src/contract/a.ts)",
        // A helper on the model closes a circle with the model, which stands on the helpers.
        "no-folder-cycles: src/common → src/model (src/model → src/common)",
        "no-folder-cycles: src/model → src/common (src/common → src/model)",
        "no-folder-cycles: src/upstream → src/workflow (src/workflow → src/upstream)",
        "no-folder-cycles: src/workflow → src/upstream (src/upstream → src/workflow)",
        "not-in-allowed: runtime/index.ts → src/common/hash.ts",
        "not-in-allowed: runtime/index.ts → yaml",
        "not-in-allowed: scripts/bench/bench.ts → test-support/repo.ts",
        "not-in-allowed: src/common/read.ts → src/model/ir.ts",
        "not-in-allowed: src/contract/derive.ts → runtime/execute/execute.ts",
        "not-in-allowed: src/contract/derive.ts → src/cli/support/io.ts",
        "not-in-allowed: src/emit/emit.ts → generated/b/index.js",
        "not-in-allowed: src/emit/emit.ts → src/registry/registry.ts",
        "not-in-allowed: src/load/openapi.ts → src/link/index.ts",
        "not-in-allowed: src/mocks/mocks.ts → src/index.ts",
        "not-in-allowed: src/stray/loose.ts → src/model/ir.ts",
        "not-in-allowed: test-support/runtime/ir-fixtures.ts → src/model/ir.ts",
        "not-in-allowed: test-support/runtime/ir-fixtures.ts → test-support/repo.ts",
        "nothing-imports-an-entry: src/mocks/mocks.ts → src/index.ts",
        "nothing-imports-generated: src/emit/emit.ts → generated/b/index.js",
        "only-generate-and-diff-load-the-emitters: src/mocks/start.ts → src/emit/generate-all.ts",
        "only-the-cli-imports-the-cli: src/contract/derive.ts → src/cli/support/io.ts",
        "runtime-imports-only-itself: runtime/index.ts → fs",
        "runtime-imports-only-itself: runtime/index.ts → src/common/hash.ts",
        "runtime-imports-only-itself: runtime/index.ts → yaml",
        "runtime-through-its-entries: src/contract/derive.ts → runtime/execute/execute.ts",
        "test-support-runtime-part-on-the-runtime: test-support/runtime/ir-fixtures.ts → src/model/ir.ts",
        "test-support-runtime-part-on-the-runtime: test-support/runtime/ir-fixtures.ts → test-support/repo.ts",
      ]);
    });

    it(
      "and, in their own cruise, a runtime test reaching the generator, the scripts or the generator's part of " +
        "test-support/",
      async () => {
        expect(await violations(tree, ["runtime"], RUNTIME_TESTS_CONFIG)).toEqual([
          "runtime-tests-on-the-runtime-part: runtime/execute/execute.test.ts → scripts/x.ts",
          "runtime-tests-on-the-runtime-part: runtime/execute/execute.test.ts → src/emit/generate-all.ts",
          "runtime-tests-on-the-runtime-part: runtime/execute/execute.test.ts → test-support/repo.ts",
        ]);
      },
    );

    it("and a runtime test reaching the generator or the scripts", () => {
      expect(runtimeTestsReachingOut(tree)).toEqual([
        "runtime/execute/execute.test.ts → src/emit/generate-all.js",
        "runtime/execute/execute.test.ts → scripts/x.js",
      ]);
    });
  });
});
