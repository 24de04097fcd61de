// A list parameter's example written as its style's text (`"zq1,zq2"`, written-lists.ts) in a document of several
// files: the example check reads it as the list in its own file, but the bundle (what the link, the cases and the
// mocks read) had been made from the files before, and kept the text, so the one-file and the several-file document
// read one example two ways. The bundle is now made from the files as the check read them.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadOpenApi } from "../openapi-source.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-zq-written-lists-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const ROOT = `openapi: 3.0.3
info: { title: zqlists, version: "1" }
paths:
  /zqitems:
    get:
      operationId: listZqItems
      parameters:
        - { in: query, name: ids, style: form, explode: false, example: "zq1,zq2",
            schema: { type: array, items: { type: string } } }
        - $ref: ./zqparams.yaml#/ZqPorts
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema: { $ref: ./zqschemas.yaml#/ZqItem }
`;
const PARAMS = `ZqPorts: { in: query, name: ports, style: pipeDelimited, example: "1|2",
  schema: { type: array, items: { type: integer } } }
`;
const SCHEMAS = `ZqItem: { type: object, properties: { id: { type: string } } }
`;

type Param = { name?: string; example?: unknown; $ref?: string };
const folder = join(tmp, "specs/zqlists");
mkdirSync(folder, { recursive: true });
writeFileSync(join(folder, "openapi.yaml"), ROOT);
writeFileSync(join(folder, "zqparams.yaml"), PARAMS);
writeFileSync(join(folder, "zqschemas.yaml"), SCHEMAS);

describe("a list parameter's example written as its style's text, in a document of several files", () => {
  it("is the list in the bundle, written in the root file or in another", async () => {
    const { source, warnings } = await loadOpenApi(join(folder, "openapi.yaml"), tmp);
    const data = source.data as {
      paths: Record<string, { get: { parameters: Param[] } }>;
      components?: { parameters?: Record<string, Param> };
    };
    const params = data.paths["/zqitems"]?.get.parameters ?? [];
    const byName = (name: string) => {
      for (const p of params) {
        const named = p.$ref ? data.components?.parameters?.[p.$ref.split("/").at(-1) ?? ""] : p;
        if (named?.name === name) return named;
      }
      return undefined;
    };
    expect(byName("ids")?.example).toEqual(["zq1", "zq2"]);
    expect(byName("ports")?.example).toEqual([1, 2]);
    expect(warnings).toEqual([]);
  });
});
