// `upstream --accept` where the newer document no longer takes an optional parameter add drafted (a query parameter
// the newer operation does not list): the manifest kept it and generate refused it (BW2003), though the parameter was
// add's draft, untouched. Taken out, as an output whose field is gone is, with a line and a note; one written by hand,
// or required, stays for the user to decide on (generate names it).
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
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

// Albus's run of a session: the body's `model` (required) gone, `zqagent` (required) new. The manifest kept add's
// `model` and lacked `zqagent`: generate refused the first, and no call the service takes could be made.
describe("a required body field add drafted, gone, and a new required one", () => {
  const run = (fields: Record<string, object>) =>
    JSON.stringify({
      openapi: "3.0.3",
      info: { title: "zqruns", version: "1" },
      paths: {
        "/zqruns": {
          post: {
            operationId: "zqrun",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: { type: "object", properties: fields, required: Object.keys(fields) },
                },
              },
            },
            responses: { "200": { description: "ok" } },
          },
        },
      },
    });
  const older = run({ zqprompt: { type: "string" }, zqmodel: { type: "string", maxLength: 40 } });
  const newer = run({ zqprompt: { type: "string" }, zqagent: { type: "string", maxLength: 40 } });
  const manifest = `provider: zqruns
operations:
  zqruns_run:
    operationId: zqrun
    params:
      zqprompt:
        type: string
        description: The zqprompt field.
        required: true
        wire: { in: body }
      zqmodel:
        type: string
        description: The zqmodel field.
        required: true
        maxLength: 40
        wire: { in: body }
`;

  it("takes the gone one out and adds the new one, each with a line", () => {
    const carried = carryDrafted(manifest, older, newer, "openapi.yaml");
    const params = parse(carried.text).operations.zqruns_run.params;
    expect(Object.keys(params)).toEqual(["zqprompt", "zqagent"]);
    expect(params.zqagent).toMatchObject({ type: "string", required: true, wire: { in: "body" } });
    expect(carried.lines).toEqual([
      "operations.zqruns_run.params.zqagent: new required body field /zqagent in the newer document: " +
        "each call gives it now",
      "operations.zqruns_run.params: zqmodel taken out: the newer document's request has no body field /zqmodel",
    ]);
  });
});

// Cribl's pack update: `source`, `minor` and `spec`, query parameters, became fields of a JSON body (`source`
// required). The manifest kept them in the query under the same names: neither taken out (the newer draft has
// parameters of those names) nor added (the names were taken), and generate refused the operation four times.
describe("a parameter add drafted that the newer document takes elsewhere under the same name", () => {
  const pack = (inQuery: boolean) =>
    openapi({
      "/zqpacks/{id}": {
        patch: {
          operationId: "zqupdatePack",
          parameters: [
            { name: "id", in: "path", required: true, schema: { type: "string" } },
            ...(inQuery ? [{ name: "zqsource", in: "query", schema: { type: "string" } }] : []),
          ],
          ...(inQuery
            ? {}
            : {
                requestBody: {
                  required: true,
                  content: {
                    "application/json": {
                      schema: {
                        type: "object",
                        required: ["zqsource"],
                        properties: { zqsource: { type: "string" }, zqnote: { type: "string" } },
                      },
                    },
                  },
                },
              }),
          responses: { "200": reply({ type: "object" }) },
        },
      },
    });
  const older = drafted(pack(true), ["zqupdatePack"]);
  const newer = JSON.stringify(pack(false));

  it("follows it there, as the newer draft has it, with a line and a note", () => {
    const carried = carryDrafted(older.manifestText, older.openapiText, newer, "openapi.yaml");
    const [id, op] = Object.entries(parse(carried.text).operations)[0] as [string, { params: Record<string, object> }];
    expect(op.params.zqsource).toMatchObject({ required: true, wire: { in: "body" } });
    expect(op.params.zqnote).toMatchObject({ wire: { in: "body" } });
    expect(carried.lines).toContain(
      `operations.${id}.params.zqsource: zqsource moved: the newer document takes it as body field /zqsource, no ` +
        "longer as query parameter zqsource",
    );
    expect(carried.text).toMatch(/# review: zqsource moved: the newer document takes it as body field \/zqsource/);
  });

  it("stays where the user wrote it otherwise", () => {
    const mine = older.manifestText.replace(/( +)zqsource:\n/, "$1zqsource:\n$1  title: Mine\n");
    expect(mine).not.toBe(older.manifestText);
    const carried = carryDrafted(mine, older.openapiText, newer, "openapi.yaml");
    const op = Object.values(parse(carried.text).operations)[0] as { params: Record<string, { wire: object }> };
    expect(op.params.zqsource?.wire).toEqual({ in: "query" });
  });
});

// A build's start: `zqimage`, a field of its JSON body, became a query parameter of the same name (the body now a
// multipart form). The move was followed, and the query parameter also added as new, under another name
// (`queryZqimage`): generate refused the two as sending one query parameter twice (BW2011).
describe("a body field add drafted that the newer document takes as a query parameter of the same name", () => {
  const build = (inBody: boolean) =>
    openapi({
      "/zqbuilds": {
        post: {
          operationId: "zqstartBuild",
          ...(inBody
            ? {}
            : {
                parameters: [{ name: "zqimage", in: "query", description: "The image.", schema: { type: "string" } }],
              }),
          requestBody: {
            content: inBody
              ? { "application/json": { schema: { type: "object", properties: { zqimage: { type: "string" } } } } }
              : { "multipart/form-data": { schema: { type: "object", properties: { zqzip: { type: "string" } } } } },
          },
          responses: { "200": reply({ type: "object" }) },
        },
      },
    });
  const older = drafted(build(true), ["zqstartBuild"]);

  it("is followed there once, added under no other name", () => {
    const carried = carryDrafted(older.manifestText, older.openapiText, JSON.stringify(build(false)), "openapi.yaml");
    const [id, op] = Object.entries(parse(carried.text).operations)[0] as [string, { params: Record<string, object> }];
    expect(Object.keys(op.params).sort()).toEqual(["zqimage", "zqzip"]);
    expect(op.params.zqimage).toMatchObject({ wire: { in: "query" } });
    expect(carried.lines).toContain(
      `operations.${id}.params.zqimage: zqimage moved: the newer document takes it as query parameter zqimage, no ` +
        "longer as body field /zqimage",
    );
  });
});

// StackOne's time-off list: `filter[type_ids]`, a field of a deepObject query object, gone from the newer `filter`.
// The place compared was the query parameter `filter` alone, still there: the field was kept, and generate refused it
// (BW2003, "has no field type_ids").
describe("a field of a query object add drafted, gone from the newer object", () => {
  const list = (fields: string[]) =>
    openapi({
      "/zqleaves": {
        get: {
          operationId: "zqlistLeaves",
          parameters: [
            {
              name: "filter",
              in: "query",
              style: "deepObject",
              explode: true,
              schema: { type: "object", properties: Object.fromEntries(fields.map((f) => [f, { type: "string" }])) },
            },
          ],
          responses: { "200": reply({ type: "object" }) },
        },
      },
    });
  const older = drafted(list(["zqstart", "zqkinds"]), ["zqlistLeaves"]);

  it("is taken out, naming the field, and the field still there is kept", () => {
    const carried = carryDrafted(older.manifestText, older.openapiText, JSON.stringify(list(["zqstart"])), "x.yaml");
    const op = Object.values(parse(carried.text).operations)[0] as { params: Record<string, { wire: object }> };
    const wires = Object.values(op.params).map((p) => p.wire);
    expect(wires).toContainEqual({ in: "query", name: "filter", field: "zqstart" });
    expect(wires).not.toContainEqual(expect.objectContaining({ field: "zqkinds" }));
    expect(carried.lines.join("\n")).toMatch(/taken out: the newer document's request has no query parameter filter/);
    expect(carried.lines.join("\n")).toContain("filter (its field zqkinds)");
  });

  // A search API's `searchParameters` object gaining a field: every field of the object was one place to compare, so
  // the new one was never added, while the rules redrafted with it named it (generate: BW2001, unknown parameter).
  it("is added when new in the newer object, as add drafts it, with a line naming the field", () => {
    const carried = carryDrafted(
      older.manifestText,
      older.openapiText,
      JSON.stringify(list(["zqstart", "zqkinds", "zqsince"])),
      "x.yaml",
    );
    const op = Object.values(parse(carried.text).operations)[0] as { params: Record<string, { wire: object }> };
    expect(Object.values(op.params).map((p) => p.wire)).toEqual([
      { in: "query", name: "filter", field: "zqstart" },
      { in: "query", name: "filter", field: "zqkinds" },
      { in: "query", name: "filter", field: "zqsince" },
    ]);
    expect(carried.lines.join("\n")).toMatch(/zqsince: new optional field zqsince of query parameter filter in the/);
  });
});
