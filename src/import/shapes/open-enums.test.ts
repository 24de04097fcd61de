// An enum its document marks open (x-ms-enum's modelAsString: true): its values are the known ones, and the
// document's own example used another (`zqsplit: [zq/route]` beside `zqbrowser`, `zqcity`), so add refused its own
// draft (the example broke the items' enum, BW2009). add leaves such an enum out of the cut, keeps the values in the
// description, and says so; an enum marked closed (modelAsString: false) or of one value (a shape's tag) stays.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { cli } from "../../../test-support/cli-harness.js";
import { withoutOpenEnums } from "./open-enums.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const tmp = mkdtempSync(join(runScratch(), "blockwright-open-enums-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const KNOWN = ["zqbrowser", "zqcity", "zqcontinent"];
const marked = (modelAsString: boolean) => ({ name: "ZqSplit", modelAsString });

const document = {
  openapi: "3.0.0",
  info: { title: "Zq metrics", version: "1" },
  servers: [{ url: "https://zqmetrics.example.com" }],
  paths: {
    "/zqmetrics/{zqkind}": {
      get: {
        operationId: "getZqmetric",
        parameters: [
          {
            name: "zqkind",
            in: "path",
            required: true,
            schema: { type: "string", enum: ["zqcount", "zqsum"], "x-ms-enum": marked(false) },
          },
          {
            name: "zqsplit",
            in: "query",
            style: "form",
            explode: false,
            schema: { type: "array", minItems: 1, items: { type: "string", enum: KNOWN, "x-ms-enum": marked(true) } },
            examples: { split: { value: ["zq/route", "zqcity"] } },
          },
          { name: "zqtag", in: "query", schema: { type: "string", enum: ["zqonly"], "x-ms-enum": marked(true) } },
        ],
        responses: { "200": { description: "The metric." } },
      },
    },
  },
};

describe("an enum its document marks open", () => {
  it("is left out of the cut with its values in the description; closed and one-value enums stay", () => {
    const cut = structuredClone(document);
    const changed = withoutOpenEnums(cut);
    expect(changed).toEqual(["paths./zqmetrics/{zqkind}.get.parameters.1.schema.items (3 known values)"]);
    const [kind, split, tag] = cut.paths["/zqmetrics/{zqkind}"].get.parameters as {
      schema: Record<string, unknown> & { items?: Record<string, unknown> };
    }[];
    expect(split?.schema.items?.enum).toBeUndefined();
    expect(split?.schema.items?.description).toBe(
      "Known values (the service takes others too): zqbrowser, zqcity, zqcontinent.",
    );
    expect(kind?.schema.enum).toEqual(["zqcount", "zqsum"]);
    expect(tag?.schema.enum).toEqual(["zqonly"]);
  });

  it("says the known values as a sentence of their own after a description ending without a stop", () => {
    const described = (description: string) => ({
      zqfield: { type: "string", description, enum: KNOWN, "x-ms-enum": marked(true) },
    });
    const cut = { a: described("The domain of the zq client"), b: described("The zq kind.") };
    withoutOpenEnums(cut);
    expect([cut.a.zqfield.description, cut.b.zqfield.description]).toEqual([
      "The domain of the zq client. Known values (the service takes others too): zqbrowser, zqcity, zqcontinent.",
      "The zq kind. Known values (the service takes others too): zqbrowser, zqcity, zqcontinent.",
    ]);
  });

  it("lets add's draft keep the document's example and link, saying what it left out", async () => {
    const dir = join(tmp, "project");
    mkdirSync(join(dir, "specs"), { recursive: true });
    const from = join(dir, "zqmetrics.json");
    writeFileSync(from, JSON.stringify(document));
    const added = await cli(["add", "zqmetrics", "--from", from, "--operations", "getZqmetric"], { cwd: dir });
    expect(added.stdout).toContain("the draft links: generate accepts it");
    expect(added.code).toBe(0);
    expect(added.stdout).toMatch(/leaves out the enum of .*schema\.items \(3 known values\)/);
    const manifest = parse(readFileSync(join(dir, "specs/zqmetrics/manifest.yaml"), "utf8"));
    const params = manifest.operations.zqmetrics_get_zqmetric.params;
    expect(params.zqsplit.example).toEqual(["zq/route", "zqcity"]);
    expect(params.zqkind.enum).toEqual(["zqcount", "zqsum"]);
    const cut = readFileSync(join(dir, "specs/zqmetrics/openapi.yaml"), "utf8");
    expect(cut).toMatch(/Left out by blockwright add: the enum of .*\(3 known values\) \(x-ms-enum's modelAsString/);
  });
});
