// `upstream --accept` where the newer document adds a parameter under a name the manifest already gives a parameter
// sent elsewhere (a query `zqbranch` beside the body field `zqbranch`): it was skipped for its name, so the tool never
// offered it and nothing said so. It is added under a name of its own, still sending its wire name.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { carryDrafted } from "./carry.js";

function cut(query: string[]): string {
  return JSON.stringify({
    openapi: "3.0.3",
    info: { title: "zqdeploys", version: "1" },
    paths: {
      "/zqdeploys": {
        post: {
          operationId: "zqcreateDeploy",
          parameters: query.map((name) => ({
            name,
            in: "query",
            description: `The ${name} filter.`,
            schema: { type: "string" },
          })),
          requestBody: {
            content: {
              "application/json": {
                schema: { type: "object", properties: { zqbranch: { type: "string", description: "The zqbranch." } } },
              },
            },
          },
          responses: { "200": { description: "ok" } },
        },
      },
    },
  });
}

const manifest = `provider: zqdeploys
operations:
  zqdeploys_create:
    operationId: zqcreateDeploy
    params:
      zqbranch:
        type: string
        description: The zqbranch.
        wire: { in: body }
`;

describe("a new parameter whose name the manifest gives a parameter sent elsewhere", () => {
  it("is added under a name of its own, sending its wire name", () => {
    const carried = carryDrafted(manifest, cut([]), cut(["zqbranch"]), "openapi.yaml");
    const params = parse(carried.text).operations.zqdeploys_create.params;
    expect(params.zqbranch.wire).toEqual({ in: "body" });
    expect(params.queryZqbranch).toMatchObject({ type: "string", wire: { in: "query", name: "zqbranch" } });
    expect(carried.lines).toContain(
      "operations.zqdeploys_create.params.queryZqbranch: new optional query parameter zqbranch in the newer document",
    );
    expect(carried.text).toContain("# review: named queryZqbranch: the manifest's zqbranch is another parameter");
  });
});
