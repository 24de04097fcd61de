// `upstream --accept` and a number's step (multipleOf): a step the newer
// document adds, or one the manifest's is no multiple of, is written as the
// newer document says; a manifest step that is a multiple of it is kept.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { tightenManifest } from "./tighten.js";

const manifest = (step?: number) => `provider: zqpages
operations:
  zqpages_list:
    operationId: zqlistPages
    params:
      zqoffset:
        type: number
        integer: true
${step === undefined ? "" : `        multipleOf: ${step}\n`}        wire: { in: query, name: offset }
`;

const cut = (step: number) =>
  JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqpages", version: "1" },
    paths: {
      "/zqpages": {
        get: {
          operationId: "zqlistPages",
          parameters: [{ name: "offset", in: "query", schema: { type: "integer", multipleOf: step } }],
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });

const offset = (text: string) => parse(text).operations.zqpages_list.params.zqoffset;

describe("upstream --accept on a number's step", () => {
  it("writes the newer document's step where the manifest has none or one that is no multiple of it", () => {
    for (const before of [undefined, 10, 15]) {
      const out = tightenManifest(manifest(before), cut(20), "openapi.yaml");
      expect(offset(out.text).multipleOf).toBe(20);
      expect(out.lines).toEqual([
        `operations.zqpages_list.params.zqoffset.multipleOf: 20 (query parameter "offset"'s multipleOf in the ` +
          `newer document)`,
      ]);
    }
  });

  it("keeps a manifest step that is a multiple of the newer document's", () => {
    const out = tightenManifest(manifest(40), cut(20), "openapi.yaml");
    expect(offset(out.text).multipleOf).toBe(40);
    expect(out.lines).toEqual([]);
  });
});
