// An answer's field written `{$ref: ZqDataset, enum: [zqpaf]}`: a reference to an enum of many values, narrowed to
// one beside it (a public directory's address API: a non-US address's `dataset` is `paf` of the whole list). OpenAPI
// 3.0 ignores a reference's siblings and the sampler followed the reference alone, drawing any of the list's values;
// Prism's check reads the sibling and refused each answer holding another ("must be equal to one of the allowed
// values: paf": 9 cases of one operation). The sampler draws from the sibling's values that the schema referenced
// takes: a value both readings take.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openapi } from "../import/__fixtures__/draft-kit.js";
import { startMocks } from "./mocks.js";
import { realisticValues } from "./realistic-values.js";
import { DocumentSampler } from "./sample/schema-sample.js";
import { runScratch } from "../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-ref-enum-sibling-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// A sibling none of whose values the reference takes: no value meets both; the reference is followed.
const odd = {
  type: "object",
  required: ["zqOther"],
  properties: { zqOther: { $ref: "#/components/schemas/ZqDataset", enum: ["zqnone"] } },
};
const schemas = {
  ZqDataset: { type: "string", enum: ["zqmr", "zqnyb", "zqpafa", "zqpafw", "zqusps", "zqpaf"] },
  ZqUsDataset: { type: "string", enum: ["zqusps"] },
  ZqUsAddress: {
    type: "object",
    required: ["zqDataset", "zqZip"],
    properties: { zqDataset: { $ref: "#/components/schemas/ZqUsDataset" }, zqZip: { type: "string" } },
  },
  ZqAddress: {
    type: "object",
    required: ["zqDataset", "zqLine"],
    properties: {
      zqDataset: { $ref: "#/components/schemas/ZqDataset", enum: ["zqpaf"] },
      zqLine: { type: "string" },
    },
  },
};

describe("an enum beside a $ref narrowing the enum it references", () => {
  it("is what the sampler draws from, plain and realistic, at every seed", () => {
    const document = {
      openapi: "3.0.3",
      info: { title: "zqaddr", version: "1" },
      paths: {},
      components: { schemas: { ...schemas, ZqOdd: odd } },
    };
    const sampler = new DocumentSampler(document);
    const plain = sampler.sample("/components/schemas/ZqAddress", { everyField: true })?.value as Record<
      string,
      unknown
    >;
    expect(plain).toMatchObject({ zqDataset: "zqpaf" });
    const other = sampler.sample("/components/schemas/ZqOdd", { everyField: true })?.value as Record<string, unknown>;
    expect(schemas.ZqDataset.enum).toContain(other.zqOther);
    const values = realisticValues();
    const drawn = new Set<unknown>();
    for (let seed = 1; seed <= 12; seed++)
      drawn.add(
        (
          sampler.sample("/components/schemas/ZqAddress", { seed, realistic: values })?.value as
            | Record<string, unknown>
            | undefined
        )?.zqDataset,
      );
    expect([...drawn]).toEqual(["zqpaf"]);
  });

  // Prism's check reads the sibling in a union's branch (the document's shape). Each operation's answer is drawn once
  // (its path and the mock's seed choose the branch): several operations, so that some draw the narrowed one.
  it("makes answers the mock's own check takes", async () => {
    const dir = join(work, "specs");
    mkdirSync(join(dir, "zqaddr"), { recursive: true });
    const union = { oneOf: [{ $ref: "#/components/schemas/ZqUsAddress" }, { $ref: "#/components/schemas/ZqAddress" }] };
    const answer = { type: "object", required: ["zqResult"], properties: { zqResult: union } };
    const paths = Object.fromEntries(
      ["zqa", "zqb", "zqc", "zqd", "zqe", "zqf"].map((name) => [
        `/${name}/{zqId}`,
        {
          get: {
            operationId: `get_${name}`,
            parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "string" } }],
            responses: { "200": { description: "ok", content: { "application/json": { schema: answer } } } },
          },
        },
      ]),
    );
    const base = openapi(paths) as { components?: Record<string, unknown> };
    const document = { ...base, components: { ...base.components, schemas } };
    writeFileSync(join(dir, "zqaddr", "openapi.yaml"), JSON.stringify(document));
    const mocks = await startMocks(["zqaddr"], { specsDir: dir, logLevel: "silent" });
    const datasets: unknown[] = [];
    try {
      for (const path of Object.keys(paths)) {
        const response = await fetch(`${mocks.urls.zqaddr}${path.replace("{zqId}", "a")}`, {
          headers: { authorization: "Bearer zq-token-1", accept: "application/json" },
        });
        expect([path, response.status, response.headers.get("sl-violations")]).toEqual([path, 200, null]);
        datasets.push(((await response.json()) as { zqResult: Record<string, unknown> }).zqResult.zqDataset);
      }
    } finally {
      await mocks.close();
    }
    expect(datasets).toContain("zqpaf");
    expect(datasets.every((d) => d === "zqpaf" || d === "zqusps")).toBe(true);
  });
});
