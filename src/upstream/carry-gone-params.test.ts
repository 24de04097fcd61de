// `upstream --accept` where the newer document no longer takes an optional parameter add drafted (a query parameter
// the newer operation does not list): the manifest kept it and generate refused it (BW2003), though the parameter was
// add's draft, untouched. Taken out, as an output whose field is gone is, with a line and a note; one written by hand,
// or required, stays for the user to decide on (generate names it).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { carryDrafted } from "./carry.js";

function cut(params: string[]): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqstock", version: "1" },
    paths: {
      "/zqstock": {
        get: {
          operationId: "zqlistStock",
          parameters: params.map((name) => ({
            name,
            in: "query",
            description: `The ${name}.`,
            schema: { type: "string", maxLength: 40 },
          })),
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });
}

const manifest = (group: string) => `provider: zqstock
operations:
  zqstock_list:
    operationId: zqlistStock
    params:
      zqgroup:
        type: string
        description: ${group}
        maxLength: 40
        wire: { in: query }
      zqkind:
        type: string
        description: The zqkind.
        maxLength: 40
        wire: { in: query }
`;

describe("an optional parameter add drafted that the newer document no longer takes", () => {
  it("is taken out, with a line and a note", () => {
    const carried = carryDrafted(manifest("The zqgroup."), cut(["zqgroup", "zqkind"]), cut(["zqkind"]), "openapi.yaml");
    expect(Object.keys(parse(carried.text).operations.zqstock_list.params)).toEqual(["zqkind"]);
    expect(carried.lines).toEqual([
      "operations.zqstock_list.params: zqgroup taken out: the newer document's request has no query parameter zqgroup",
    ]);
    expect(carried.text).toContain("# review: zqgroup was taken out:");
  });

  it("stays where the user wrote it otherwise", () => {
    const carried = carryDrafted(manifest("Mine."), cut(["zqgroup", "zqkind"]), cut(["zqkind"]), "openapi.yaml");
    expect(Object.keys(parse(carried.text).operations.zqstock_list.params)).toEqual(["zqgroup", "zqkind"]);
  });
});
