// An object query parameter (a search API's `searchParameters`, each of its fields documented): drafted as a
// parameter per field, each with its type, limits and description, sent as the parameter's style writes the field
// (`form`, exploded: `q=…`; `deepObject`: `filter[status]=…`). Before, the whole object was one JSON parameter
// whose fields no person or model could see.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { requestJudge, type SentRequest } from "../../judge/judge.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { ToolValues } from "../../contract/inputs/values.js";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const searchParameters = {
  name: "searchParameters",
  in: "query",
  required: true,
  schema: {
    type: "object",
    required: ["q", "query_by"],
    properties: {
      q: { type: "string", maxLength: 200, description: "The words searched for." },
      query_by: { type: "string", maxLength: 200, description: "The fields searched." },
      per_page: { type: "integer", minimum: 1, maximum: 250, description: "Hits per page." },
      prefix: { type: "boolean", description: "Whether the last word is a prefix." },
    },
  },
};
const filter = {
  name: "filter",
  in: "query",
  style: "deepObject",
  explode: true,
  schema: { type: "object", properties: { status: { type: "string", enum: ["open", "closed"] } } },
};
const doc = openapi({
  "/zq-collections/{name}/search": {
    get: {
      operationId: "searchZq",
      parameters: [
        { name: "name", in: "path", required: true, schema: { type: "string", maxLength: 64 } },
        searchParameters,
        filter,
      ],
      responses: { "200": reply({ type: "object", properties: { found: { type: "integer" } } }) },
    },
  },
});

describe("an object query parameter", () => {
  it("is drafted as a parameter per field, each with its limits and description, with a note; it links", async () => {
    const d = drafted(doc, ["searchZq"]);
    const params = d.manifest.operations.acme_search_zq!.params!;
    expect(params.q).toEqual({
      type: "string",
      description: "The words searched for.",
      required: true,
      maxLength: 200,
      wire: { in: "query", name: "searchParameters", field: "q" },
    });
    expect(params.query_by).toMatchObject({
      required: true,
      wire: { in: "query", name: "searchParameters", field: "query_by" },
    });
    expect(params.per_page).toMatchObject({
      type: "number",
      integer: true,
      minimum: 1,
      maximum: 250,
      description: "Hits per page.",
    });
    expect(params.per_page?.required).toBeUndefined();
    expect(params.status).toMatchObject({
      enum: ["open", "closed"],
      wire: { in: "query", name: "filter", field: "status" },
    });
    expect(Object.values(params).map((p) => p.type)).not.toContain("json");
    expect(notesAt(d, "operations.acme_search_zq")).toContainEqual(
      "query parameter searchParameters is an object of 4 fields, sent exploded (style form): field=value: " +
        "drafted as a parameter per field, each with its type, limits and description",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("sends each field as its style writes it", async () => {
    const [tool] = await linkedTools(drafted(doc, ["searchZq"]));
    expect(tool!.params.find((p) => p.name === "q")?.wire).toEqual({
      in: "query",
      name: "q",
      of: { name: "searchParameters", field: "q" },
    });
    const { fetch, seen } = scriptedFetch(json(200, { found: 1 }));
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", name: "books", q: "dune & sand", query_by: "title", per_page: 5, status: "open" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({ success: true });
    const url = new URL(seen[0]!.url);
    expect([...url.searchParams]).toEqual([
      ["q", "dune & sand"],
      ["query_by", "title"],
      ["per_page", "5"],
      ["filter[status]", "open"],
    ]);
  });

  it("refuses a field the object does not have, and a required field left out, naming them", async () => {
    const d = drafted(doc, ["searchZq"]);
    const problems = await linkProblems({
      ...d,
      manifestText: d.manifestText.replace("field: query_by", "field: query_bee"),
    });
    expect(problems).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`query parameter "searchParameters" of "searchZq" in specs\/acme\/openapi\.yaml has no field ` +
            String.raw`"query_bee" \(fields: q, query_by, per_page, prefix\)`,
        ),
      ),
      expect.stringMatching(
        /requires field "query_by" of query parameter "searchParameters" for "searchZq", but no parameter supplies it$/,
      ),
    ]);
  });
});

// A deepObject's field that is a list (`filter[zq_ids]`, an array with minItems): the runtime repeated the field's key
// as form writes a list (`filter[zq_ids]=4&filter[zq_ids]=5`), which the judge (and Prism) read as one text, not a
// list ("must be array"). It is written in brackets to the end, as the bracket convention reads a list there.
describe("a deepObject parameter's field that is a list", () => {
  it("is sent with each item indexed (name[field][i]), which the judge reads as the list", async () => {
    const listed = openapi({
      "/zqmatches": {
        get: {
          operationId: "listZqMatches",
          parameters: [
            {
              ...filter,
              schema: {
                type: "object",
                properties: {
                  zq_ids: { type: "array", minItems: 1, items: { type: "integer" } },
                  zq_done: { type: "boolean" },
                },
              },
            },
          ],
          responses: { "200": reply({ type: "object", properties: { found: { type: "integer" } } }) },
        },
      },
    });
    const d = drafted(listed, ["listZqMatches"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    let sent: SentRequest | undefined;
    const fetchFn = async (request: Request) => {
      sent = { method: request.method, url: request.url, headers: new Headers(request.headers) };
      return new Response(JSON.stringify({ found: 2 }), { headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", zq_ids: [4, 5], zq_done: true },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({ success: true });
    expect([...new URL(sent!.url).searchParams]).toEqual([
      ["filter[zq_ids][0]", "4"],
      ["filter[zq_ids][1]", "5"],
      ["filter[zq_done]", "true"],
    ]);
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")), {
      credential: "form",
    });
    const judged = judge(sent!);
    expect(judged.refusals).toEqual([]);
  });
});

// A deepObject's field that is a list of IDs or slugs (items `oneOf: [integer, string]`, which the field's own limits
// cannot say): the suite's value for it was `[{}]`, which writes no pair at all, so the case that sends every
// parameter found the field missing. Its value is made from the field's schema in the document.
describe("a deepObject parameter's list field whose items are one of several scalars", () => {
  it("gets a value the field's schema accepts, in the input that sends every parameter", async () => {
    const owners = openapi({
      "/zqmatches": {
        get: {
          operationId: "listZqMatches",
          parameters: [
            {
              ...filter,
              schema: {
                type: "object",
                properties: {
                  zq_owner: {
                    type: "array",
                    minItems: 1,
                    items: {
                      oneOf: [
                        { type: "integer", minimum: 1 },
                        { type: "string", pattern: "^[a-z]+$" },
                      ],
                    },
                  },
                },
              },
            },
          ],
          responses: { "200": reply({ type: "object", properties: { found: { type: "integer" } } }) },
        },
      },
    });
    const d = drafted(owners, ["listZqMatches"]);
    const [tool] = await linkedTools(d);
    const values = new ToolValues(tool!, new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")));
    const owner = values.full().zq_owner as unknown[];
    expect(owner.length).toBeGreaterThan(0);
    for (const item of owner)
      expect((Number.isInteger(item) && (item as number) >= 1) || /^[a-z]+$/.test(String(item))).toBe(true);
  });
});

describe("an exploded object query parameter whose field takes another query parameter's name", () => {
  it("stays one parameter, with a note, and links", async () => {
    const d = drafted(
      openapi({
        "/zqletters": {
          get: {
            operationId: "listLetters",
            parameters: [
              { name: "date_created", in: "query", schema: { type: "string", maxLength: 30 } },
              {
                name: "sort_by",
                in: "query",
                schema: {
                  type: "object",
                  properties: {
                    date_created: { type: "string", enum: ["asc", "desc"] },
                    zqsender: { type: "string", enum: ["asc", "desc"] },
                  },
                },
              },
            ],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
          },
        },
      }),
      ["listLetters"],
    );
    const params = d.manifest.operations.acme_list_letters!.params!;
    expect(Object.keys(params).sort()).toEqual(["date_created", "sort_by"]);
    expect(d.notes.map((n) => n.note).join("\n")).toContain(
      "its field date_created would take the name of another query parameter or of another exploded object's " +
        "field: drafted as one parameter that " +
        "refuses it (forbiddenKeys: a pair of that name is the other parameter's)",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses that field before any request, and sends the others as their own pairs", async () => {
    const [tool] = await linkedTools(
      drafted(
        openapi({
          "/zqletters": {
            get: {
              operationId: "listLetters",
              parameters: [
                { name: "date_created", in: "query", schema: { type: "string", maxLength: 30 } },
                {
                  name: "sort_by",
                  in: "query",
                  required: true,
                  schema: {
                    type: "object",
                    properties: { date_created: { type: "string" }, zqsender: { type: "string" } },
                  },
                },
              ],
              responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
            },
          },
        }),
        ["listLetters"],
      ),
    );
    const { fetch, seen } = scriptedFetch(json(200, { id: "1" }));
    const call = (sort_by: object) =>
      executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001", date_created: "2026", sort_by },
        { baseUrl: "https://api.acme.test", fetch },
      );
    const refused = await call({ date_created: "asc" });
    expect(refused).toMatchObject({ success: false, error: { type: "validation" } });
    expect(JSON.stringify(refused)).toContain('got key \\"date_created\\"');
    expect(seen).toHaveLength(0);
    expect(await call({ zqsender: "asc" })).toMatchObject({ success: true });
    expect(new URL(seen[0]!.url).search).toBe("?date_created=2026&zqsender=asc");
  });
});

describe("an object query parameter whose fields its oneOf ties together (only one of before and after)", () => {
  it("stays one parameter, with a note, and links", async () => {
    const beforeAfter = {
      name: "before/after",
      in: "query",
      schema: {
        allOf: [
          {
            type: "object",
            properties: { before: { type: "string", maxLength: 40 }, after: { type: "string", maxLength: 40 } },
          },
          { oneOf: [{ required: ["before"] }, { required: ["after"] }] },
        ],
      },
    };
    const d = drafted(
      openapi({
        "/zqletters": {
          get: {
            operationId: "listLetters",
            parameters: [beforeAfter],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
          },
        },
      }),
      ["listLetters"],
    );
    const params = d.manifest.operations.acme_list_letters!.params!;
    expect(Object.values(params).map((p) => p.wire)).toEqual([{ in: "query", name: "before/after" }]);
    expect(d.notes.map((n) => n.note).join("\n")).toContain(
      "query parameter before/after is an object whose fields its oneOf ties together: drafted as one parameter",
    );
    expect(await linkProblems(d)).toEqual([]);
  });
});

describe(
  "a required object query parameter (style form, exploded) none of whose fields is required, " +
    "one of them an object",
  () => {
    const zqMessage = {
      name: "zqMessage",
      in: "query",
      required: true,
      schema: {
        type: "object",
        properties: {
          zqText: { type: "string", maxLength: 40 },
          zqCount: { type: "integer", minimum: 0, maximum: 9 },
          zqMeta: { type: "object", properties: { zqTag: { type: "string", maxLength: 9 } } },
        },
      },
    };
    // A list of lists has no such form either.
    const zqGrid = { type: "array", items: { type: "array", items: { type: "string", maxLength: 9 } } };
    const zqDoc = openapi({
      "/zqpredict": {
        get: {
          operationId: "zqPredict",
          parameters: [zqMessage],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
      "/zqgrid": {
        get: {
          operationId: "zqGrid",
          parameters: [
            {
              ...zqMessage,
              schema: { ...zqMessage.schema, properties: { zqText: zqMessage.schema.properties.zqText, zqGrid } },
            },
          ],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    });

    it(
      "drafts no field that is itself an object (style form writes only scalars and lists of " + "them), with a note",
      () => {
        const d = drafted(zqDoc, ["zqPredict"]);
        expect(Object.keys(d.manifest.operations.acme_zq_predict!.params!).sort()).toEqual(["zqCount", "zqText"]);
        expect(notesAt(d, "operations.acme_zq_predict")).toContainEqual(
          "query parameter zqMessage is an object sent exploded (style form), whose field zqMeta is an object, which " +
            "that style has no form for: not drafted",
        );
        const grid = drafted(zqDoc, ["zqGrid"]);
        expect(Object.keys(grid.manifest.operations.acme_zq_grid!.params!)).toEqual(["zqText"]);
        expect(notesAt(grid, "operations.acme_zq_grid")).toContainEqual(
          "query parameter zqMessage is an object sent exploded (style form), whose field zqGrid is a list of lists, " +
            "which that style has no form for: not drafted",
        );
      },
    );

    it("gets a rule that at least one field is given, and links", async () => {
      const d = drafted(zqDoc, ["zqPredict"]);
      expect(d.manifest.operations.acme_zq_predict!.rules).toEqual([
        { rule: "anyOf", groups: [["zqText"], ["zqCount"]] },
      ]);
      expect(await linkProblems(d)).toEqual([]);
    });

    it(
      "refuses a call giving no field before any request (the document requires the parameter), " +
        "and sends one that gives one",
      async () => {
        const [tool] = await linkedTools(drafted(zqDoc, ["zqPredict"]));
        const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
        const refused = await executeToolDefinition(
          tool!,
          { accessToken: "zq-token-0001" },
          { baseUrl: "http://127.0.0.1:9", fetch },
        );
        expect(refused).toMatchObject({ success: false });
        expect(seen).toHaveLength(0);
        const sent = await executeToolDefinition(
          tool!,
          { accessToken: "zq-token-0001", zqCount: 3 },
          { baseUrl: "http://127.0.0.1:9", fetch },
        );
        expect(sent).toMatchObject({ success: true });
        expect([...new URL(seen[0]!.url).searchParams]).toEqual([["zqCount", "3"]]);
      },
    );
  },
);
