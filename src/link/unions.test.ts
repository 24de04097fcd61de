// Fields and outputs through anyOf/oneOf: a body field inside an "object or
// empty string" (an optional object that "" unsets), outputs of a reply that
// is one of two records, each carried by all or some of them; "not found"
// naming the variants searched; the generated types right for each.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { typeErrors, writeInstalled } from "../../test-support/installed-package.js";
import { type FixtureEdit, shelfCopy } from "../../test-support/shelf-copy.js";
import { generate, GenerationErrors } from "../emit/generate-all.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-unions-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

type Edit = FixtureEdit;

/**
 * The reply of getBook (and of its route getBookByKey) is a book or a deleted book; addBook's options are an object or
 * "" (Stripe's way to unset one).
 */
const UNIONS: Edit[] = [
  {
    file: "openapi.yaml",
    find:
      "          description: The book.\n          content:\n            application/json:\n              " +
      'schema: { $ref: "#/components/schemas/Book" }\n',
    replace:
      "          description: The book.\n          content:\n            application/json:\n              " +
      'schema: { oneOf: [{ $ref: "#/components/schemas/Book" }, { $ref: "#/components/schemas/DeletedBook" }] }\n',
  },
  {
    file: "openapi.yaml",
    find:
      "          description: The book.\n          content:\n            application/json:\n              " +
      'schema: { $ref: "#/components/schemas/Book" }\ncomponents:\n',
    replace:
      "          description: The book.\n          content:\n            application/json:\n              " +
      'schema: { oneOf: [{ $ref: "#/components/schemas/Book" }, { $ref: "#/components/schemas/DeletedBook" }] ' +
      "}\ncomponents:\n",
  },
  {
    file: "openapi.yaml",
    find: "    Error:\n",
    replace:
      "    DeletedBook:\n      type: object\n      title: Deleted book\n      required: [id, " +
      "deleted]\n      properties:\n        id: { type: string }\n        deleted: { type: " +
      "boolean }\n    Error:\n",
  },
  {
    file: "openapi.yaml",
    find: "                options:\n                  type: object\n                  properties:\n",
    replace:
      "                options:\n                  anyOf:\n                    - { type: string, enum: " +
      '[""] }\n                    - type: object\n                      title: ' +
      "Options\n                      properties:\n",
  },
  {
    file: "openapi.yaml",
    find: "                    format: { type: string",
    replace: "                        format: { type: string",
  },
  {
    file: "openapi.yaml",
    find: "                    size: { type: string",
    replace: "                        size: { type: string",
  },
  {
    file: "openapi.yaml",
    find: "                    notify: { type: boolean }",
    replace: "                        notify: { type: boolean }",
  },
  { find: "        omit: [rank]\n", replace: "" },
  {
    find: '        from: "$response.body#/state"\n        description: Processing state.\n    polling:\n',
    replace:
      '        from: "$response.body#/state"\n        description: Processing state.\n      id:\n        ' +
      'type: string\n        from: "$response.body#/id"\n        description: ' +
      'The id.\n      deleted:\n        type: boolean\n        from: "$response.body#/deleted"\n        ' +
      "description: Whether it was deleted.\n    polling:\n",
  },
];

let counter = 0;
async function generated(edits: Edit[]) {
  const root = join(work, String(counter++));
  shelfCopy(root, edits);
  try {
    return { root, ...(await generate({ root, outDir: join(root, "generated") })) };
  } catch (e) {
    if (e instanceof GenerationErrors) return { problems: e.errors.map((x) => x.message) };
    throw e;
  }
}

describe("fields and outputs through anyOf/oneOf", () => {
  it(
    "binds a body field inside an object-or-empty-string, and outputs of each variant; " +
      "says which variants carry one",
    async () => {
      const result = await generated(UNIONS);
      if (!("irs" in result)) throw new Error(result.problems.join("\n"));
      const tools = result.irs[0]!.operations.map((o) => o.tool);
      const add = tools.find((t) => t.operationId === "addBook")!;
      expect(add.params.find((p) => p.name === "format")?.wire).toEqual({ in: "body", pointer: "/options/format" });
      const get = tools.find((t) => t.operationId === "getBook")!;
      const output = (path: string) => get.outputs.find((o) => o.path === path)!;
      // In both variants, required in both: guaranteed.
      expect(output("id").source).toMatchObject({ required: true });
      expect(output("id").source).not.toHaveProperty("variants");
      // In one variant only: said so, and never guaranteed.
      expect(output("state").source).toMatchObject({
        variants: { carrying: ["Book"], of: ["Book", "DeletedBook (Deleted book)"] },
      });
      expect(output("state").source).not.toHaveProperty("required");
      expect(output("state").description).toBe(
        "Processing state. (present in a reply that is Book; absent from DeletedBook (Deleted book))",
      );
      expect(output("deleted").description).toBe(
        "Whether it was deleted. (present in a reply that is DeletedBook (Deleted book); absent from Book)",
      );

      // The types: each variant's field, undefined where a variant lacks it.
      const installed = writeInstalled(result.files, result.root);
      const check = join(installed.dir, "check.mts");
      writeFileSync(
        check,
        `import type { ShelfGetBookOutput as O } from "./shelf/index.js";
export const id: O["id"] = "b1";
export const state: O["state"] = "ready";
export const noState: O["state"] = undefined;
export const deleted: O["deleted"] = true;
export const notDeleted: O["deleted"] = undefined;
// @ts-expect-error an id is always there
export const noId: O["id"] = undefined;
// @ts-expect-error a state is one of the book's
export const wrong: O["state"] = "lost";
`,
      );
      expect(typeErrors([join(installed.dir, "shelf/index.d.ts"), check])).toEqual([]);
    },
  );

  it("names the variants it searched when a field is in none of them", async () => {
    const result = await generated([
      ...UNIONS,
      { find: '        from: "$response.body#/deleted"\n', replace: '        from: "$response.body#/removed"\n' },
      {
        find: "        wire: { in: body, pointer: /options/size }\n",
        replace: "        wire: { in: body, pointer: /options/colour }\n",
      },
    ]);
    expect(result).toEqual({
      problems: [
        expect.stringMatching(
          new RegExp(
            String.raw`operations\.shelf_add_book\.params\.size\.wire: body field "\/options\/colour" not found in ` +
              String.raw`the request body of "addBook" in specs\/shelf\/openapi\.yaml \(searched the variants at ` +
              String.raw`\/options: string "", Options\) \(fields there: format, size, notify\)$`,
          ),
        ),
        expect.stringMatching(
          new RegExp(
            String.raw`operations\.shelf_get_book\.outputs\.deleted\.from: response field "\/removed" not found in ` +
              String.raw`the 200 response of "getBook" in specs\/shelf\/openapi\.yaml \(searched the variants at the ` +
              String.raw`top: Book, DeletedBook \(Deleted book\)\) \(fields there: id, title, state, rank, deleted\)$`,
          ),
        ),
      ],
    });
  });
});
