// An output read through a field the answer requires but may send as null
// (`nullable: true`, a null type), or through an array item that may be null:
// openapi-typescript types such a value `T | null`, so the output's type must
// step into it through NonNullable, as it does through a field that may be
// absent. Without it the package's own declarations fail to compile
// (TS2339: property does not exist on `… | null`), under `tsc --strict`
// without skipLibCheck: a published document (GitHub's) has dozens.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { typeErrors, writeInstalled } from "../../../test-support/installed-package.js";
import { type FixtureEdit, shelfCopy } from "../../../test-support/shelf-copy.js";
import { generate } from "../../emit/generate-all.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-nullable-steps-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** getBook's answer gains a required, nullable object and a list of nullable objects; two outputs read into them. */
const REPLY =
  "          description: The book.\n          content:\n            application/json:\n              schema: ";
const EDITS: FixtureEdit[] = [
  ...["", "\ncomponents:"].map((after) => ({
    file: "openapi.yaml" as const,
    find: `${REPLY}{ $ref: "#/components/schemas/Book" }${after}\n`,
    replace: `${REPLY}{ $ref: "#/components/schemas/ZqMarkedBook" }${after}\n`,
  })),
  {
    file: "openapi.yaml",
    find: "    Error:\n",
    replace:
      "    ZqMarkedBook:\n      type: object\n      required: [id, title, state, zqmark]\n      properties:\n" +
      "        id: { type: string }\n        title: { type: string }\n" +
      "        state: { type: string, enum: [pending, ready, failed] }\n        rank: { type: integer }\n" +
      "        zqmark:\n          type: object\n          nullable: true\n          required: [zqcode]\n" +
      "          properties:\n            zqcode: { type: string }\n" +
      "        zqnotes:\n          type: array\n          items:\n" +
      "            type: object\n            nullable: true\n" +
      "            properties:\n              zqtext: { type: string }\n" +
      "    Error:\n",
  },
  {
    find: '        from: "$response.body#/state"\n        description: Processing state.\n    polling:\n',
    replace:
      '        from: "$response.body#/state"\n        description: Processing state.\n' +
      '      zqcode:\n        type: string\n        from: "$response.body#/zqmark/zqcode"\n' +
      "        description: The mark's code.\n" +
      '      zqtext:\n        type: string\n        from: "$response.body#/zqnotes/0/zqtext"\n' +
      "        description: The first note's text.\n    polling:\n",
  },
];

describe("outputs read through a value that may be null", () => {
  it("type each step past a nullable field or item through NonNullable, so the declarations compile", async () => {
    const root = join(work, "project");
    shelfCopy(root, EDITS);
    const { files } = await generate({ root, outDir: join(root, "generated") });
    const installed = writeInstalled(files, root);
    const check = join(installed.dir, "check.mts");
    writeFileSync(
      check,
      `import type { ShelfGetBookOutput as O } from "./shelf/index.js";
export const code: O["zqcode"] = "c1";
export const text: O["zqtext"] = "t1";
export const noText: O["zqtext"] = undefined;
// @ts-expect-error a code is a string
export const wrong: O["zqcode"] = 1;
`,
    );
    expect(typeErrors([join(installed.dir, "shelf/index.d.ts"), check])).toEqual([]);
  });
});
