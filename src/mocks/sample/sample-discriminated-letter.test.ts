// The sampler's check (sample-lookup.ts) reads a discriminated union as the mock's check of its answers and the request
// judge read it (load/examples/discriminated-kinds.ts): the property's value names the shape. It read the union as
// `anyOf`, so it took a published example naming one kind with another kind's fields (or naming none) as a value of the
// union, and served it where the mock's own check then refused it; a suite predicting the mock's answer
// (mock-realistic.ts `documentAnswerFits`) held it to nothing too.
import { describe, expect, it } from "vitest";
import { documentAnswerFits } from "../mock-realistic.js";
import { DocumentSampler } from "./schema-sample.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const text = { type: "string" };
const kind = (field: string) => ({ type: "object", required: [field], properties: { zqType: text, [field]: text } });
const crossed = { zqType: "lambda", zqUrl: "https://zq.example" };
const union = (example: unknown, open = false) => ({
  oneOf: [ref("ZqLambda"), ref("ZqHttp")],
  discriminator: { propertyName: "zqType", mapping: { lambda: "#/components/schemas/ZqLambda" } },
  ...(open ? { properties: { zqType: { type: "string", "x-ms-enum": { name: "ZqType", modelAsString: true } } } } : {}),
  example,
});
const document = {
  openapi: "3.0.3",
  info: { title: "zqkinds", version: "1" },
  paths: {
    "/zqtools": {
      get: {
        responses: { "200": { description: "A tool.", content: { "application/json": { schema: ref("ZqTool") } } } },
      },
    },
  },
  components: {
    schemas: {
      ZqTool: union(crossed),
      ZqUntagged: union({ zqCode: "zq()" }),
      ZqOpen: union({ zqType: "zqfunction", zqCode: "zq()" }, true),
      ZqLambda: kind("zqCode"),
      ZqHttp: kind("zqUrl"),
    },
  },
};

describe("the sampler's check of a discriminated union", () => {
  const sampler = new DocumentSampler(document);

  it("refuses a value naming one kind with another kind's fields, or naming none", () => {
    expect(sampler.valid(crossed, "/components/schemas/ZqTool")).toBe(false);
    expect(sampler.valid({ zqCode: "zq()" }, "/components/schemas/ZqTool")).toBe(false);
    expect(sampler.valid({ zqType: "zqother", zqCode: "zq()" }, "/components/schemas/ZqTool")).toBe(false);
    expect(sampler.valid({ zqType: "lambda", zqCode: "zq()" }, "/components/schemas/ZqTool")).toBe(true);
    expect(sampler.valid({ zqType: "ZqHttp", zqUrl: "https://zq.example" }, "/components/schemas/ZqTool")).toBe(true);
  });

  it("takes a value naming no kind where the document marks the property open", () => {
    expect(sampler.valid({ zqType: "zqfunction", zqCode: "zq()" }, "/components/schemas/ZqOpen")).toBe(true);
  });

  it("makes a value of the kind it names in place of a published example the mock would refuse", () => {
    for (const name of ["ZqTool", "ZqUntagged"]) {
      const made = sampler.sample(`/components/schemas/${name}`)?.value as Record<string, unknown>;
      expect(made).toBeDefined();
      expect(made).not.toEqual(crossed);
      expect(made.zqType === "lambda" ? "zqCode" in made : "zqUrl" in made).toBe(true);
      expect(["lambda", "ZqHttp"]).toContain(made.zqType);
    }
  });

  it("predicts the mock's answer by the same reading", () => {
    const fits = documentAnswerFits(document, ["paths", "/zqtools", "get"], "200", "application/json");
    expect(fits(crossed)).toBe(false);
    expect(fits({ zqType: "lambda", zqCode: "zq()" })).toBe(true);
  });
});
