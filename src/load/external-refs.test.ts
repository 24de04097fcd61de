// A `$ref` reads only inside the specs folder (and the OpenAPI document's own
// folder) unless the project lists another folder in package.json
// `blockwright.externalRefFolders`: a reference to any file on the disk would
// otherwise put its text into the generated types.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ROOT } from "../../test-support/repo.js";
import { generationProblems as problems } from "../../test-support/generation-problems.js";
import { generate } from "../emit/generate-all.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-refs-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SECRET = "SECRET-d0c-0123456789";
const TAGS = `Tags:\n  type: array\n  description: ${SECRET}\n  items: { type: string }\n`;

/**
 * The sample provider of `init`, its Note's tags a `$ref` to `ref`, and the referenced file at `at` (project-relative).
 */
function project(ref: string, at: string, pkg: object = {}): string {
  const dir = mkdtempSync(join(tmp, "project-"));
  cpSync(join(ROOT, "templates/init/specs"), join(dir, "specs"), { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "refs", ...pkg }, null, 2));
  const spec = join(dir, "specs/notes/openapi.yaml");
  writeFileSync(
    spec,
    readFileSync(spec, "utf8").replace(
      "        tags:\n          type: array\n          items: { type: string }\n",
      `        tags: { $ref: "${ref}" }\n`,
    ),
  );
  mkdirSync(join(dir, at, ".."), { recursive: true });
  writeFileSync(join(dir, at), TAGS);
  return dir;
}

describe("external $refs", () => {
  it("refuse a file outside the specs folder, at the reference, without reading it into the output", async () => {
    const dir = project("../../secret.yaml#/Tags", "secret.yaml");
    const found = await problems(dir);
    expect(found).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^specs\/notes\/openapi\.yaml:\d+:\d+: \$ref "\.\.\/\.\.\/secret\.yaml#\/Tags" does not` +
            String.raw` resolve: secret\.yaml is outside the specs folder \(specs\/\), where a \$ref may read; to` +
            String.raw` allow its folder, list it in package\.json "blockwright": \{ "externalRefFolders": \[\.\.\.\]` +
            String.raw` \}$`,
        ),
      ),
    ]);
    expect(found.join("\n")).not.toContain(SECRET);
  });

  it("refuse a file outside reached through a link inside the specs folder", async () => {
    const dir = project("./tags.yaml#/Tags", "secret.yaml");
    symlinkSync(join(dir, "secret.yaml"), join(dir, "specs/notes/tags.yaml"));
    expect(await problems(dir)).toEqual([expect.stringContaining("specs/notes/tags.yaml is outside the specs folder")]);
  });

  it("read files inside the specs folder, and in the folders package.json allows", async () => {
    const inside = project("../shared/tags.yaml#/Tags", "specs/shared/tags.yaml");
    expect(await problems(inside)).toEqual([]);
    const allowed = project("../../schemas/tags.yaml#/Tags", "schemas/tags.yaml", {
      blockwright: { externalRefFolders: ["schemas"] },
    });
    const result = await generate({ root: allowed });
    expect(result.files.get("notes/index.d.ts")).toContain(SECRET);
  });

  it("take only a list of folders as the option, named at its place in package.json", async () => {
    const dir = project("../../schemas/tags.yaml#/Tags", "schemas/tags.yaml", {
      blockwright: { externalRefFolders: "schemas" },
    });
    expect(await problems(dir)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^package\.json:\d+:\d+: blockwright\.externalRefFolders: must be a list of folders \(relative` +
            String.raw` to the project\) that \$refs may read outside the specs folder, got "schemas"$`,
        ),
      ),
    ]);
  });
});
