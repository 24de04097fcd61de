// A requirement across optional parameters that the document states only in words ("You must specify either the
// zqName or the zqArn"): the draft had no rule, so a call giving neither passed every check and reached the upstream.
// It is drafted as the rule the words state, checked before any request; a conditional sentence, a name the
// operation does not have, or a required parameter leaves the words as words.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string) => ({ type: "string", description });
const jsonBody = (properties: Record<string, unknown>, required?: string[]) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", properties, ...(required ? { required } : {}) } } },
});
const ok = { "200": { description: "Done" } };

const zqDoc = openapi({
  "/zqclips": {
    post: {
      operationId: "zqGetClip",
      requestBody: jsonBody({
        zqName: text("<p>The stream's name.</p> <p>You must specify either the <code>zqName</code> or the zqArn.</p>"),
        zqArn: text("The stream's ARN."),
        zqLimit: { type: "integer" },
      }),
      responses: ok,
    },
  },
  "/zqviews": {
    get: {
      operationId: "zqUpdateView",
      description: "Either `zq_view_id` or `zq_external_id` is required, but not both.",
      parameters: [
        { name: "zq_view_id", in: "query", schema: { type: "string" } },
        { name: "zq_external_id", in: "query", schema: { type: "string" } },
      ],
      responses: ok,
    },
  },
  "/zqtypes": {
    get: {
      operationId: "zqSetType",
      parameters: [
        { name: "ZqArn", in: "query", schema: text("You must specify either ZqTypeName and ZqType, or this.") },
        { name: "ZqTypeName", in: "query", schema: { type: "string" } },
        { name: "ZqType", in: "query", schema: { type: "string" } },
      ],
      responses: ok,
    },
  },
  "/zqleft": {
    post: {
      operationId: "zqLeftAlone",
      description:
        "When legacy zqformats are used, you must include either the zqEvents or the zqRecipients. " +
        "You must provide either zqEvents or zqNowhere. Either zqRequired or zqRecipients must be given.",
      requestBody: jsonBody({ zqEvents: text("x"), zqRecipients: text("y"), zqRequired: text("z") }, ["zqRequired"]),
      responses: ok,
    },
  },
  "/zqimages": {
    post: {
      operationId: "zqAddImage",
      description:
        "Either `zqVariant` or `zqSku` is required to update a specific variant.\n" +
        "If neither is provided, the image is added to the master variant.",
      parameters: [
        { name: "zqVariant", in: "query", schema: { type: "number" } },
        { name: "zqSku", in: "query", schema: { type: "string" } },
      ],
      responses: ok,
    },
  },
  "/zqtransfers": {
    post: {
      operationId: "zqListTransfers",
      requestBody: jsonBody({
        zqPage: {
          type: "integer",
          description:
            "It accepts values up to 100; for pages exceeding 100, use the zqCursor.  The zqPage and zqCursor " +
            "parameters cannot be used together. If both zqPage and zqCursor are empty, zqCursor paging is used.",
        },
        zqCursor: text("Where the next page starts."),
        zqFrom: text("zqFrom and zqTo are mutually exclusive."),
        zqTo: text("The end. zqTo and zqFrom are mutually exclusive."),
        zqMedia: text(
          "zqMedia and zqAudio cannot be used together when zqMode is set. Filters are mutually exclusive.",
        ),
        zqAudio: text("This field cannot be used together with zqMedia and zqMode."),
        zqMode: text("The mode."),
      }),
      responses: ok,
    },
  },
});

const ids = ["zqGetClip", "zqUpdateView", "zqSetType", "zqLeftAlone", "zqAddImage", "zqListTransfers"];

describe("a requirement across parameters stated in words", () => {
  it("is drafted as the rule it states, with a note quoting it", async () => {
    const d = drafted(zqDoc, ids);
    const ops = d.manifest.operations;
    expect(ops.acme_zq_get_clip?.rules).toEqual([{ rule: "anyOf", groups: [["zqName"], ["zqArn"]] }]);
    expect(ops.acme_zq_update_view?.rules).toEqual([{ rule: "exactlyOne", params: ["zq_view_id", "zq_external_id"] }]);
    expect(ops.acme_zq_set_type?.rules).toEqual([{ rule: "anyOf", groups: [["ZqTypeName", "ZqType"], ["ZqArn"]] }]);
    expect(notesAt(d, "operations.acme_zq_get_clip").join("\n")).toContain(
      'the document says so in words only ("You must specify either the zqName or the zqArn."): drafted as the ' +
        "rule anyOf (at least one of zqName or zqArn)",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("leaves a conditional sentence, an unknown name, a required parameter and a neither case as words", () => {
    const d = drafted(zqDoc, ids);
    expect(d.manifest.operations.acme_zq_left_alone?.rules).toBeUndefined();
    // A text saying what a call giving neither does: no requirement, though its sentence reads as one.
    expect(d.manifest.operations.acme_zq_add_image?.rules).toBeUndefined();
  });

  it('drafts "cannot be used together", "are mutually exclusive" as atMostOne; the rest stays words', async () => {
    const d = drafted(zqDoc, ids);
    // A conditional pair ("when zqMode is set"), a pair naming no parameter, a "together with" of several: words.
    // A pair said in each one's words, in either order, is one rule (two made the suite derive a case twice).
    expect(d.manifest.operations.acme_zq_list_transfers?.rules).toEqual([
      { rule: "atMostOne", groups: [["zqPage"], ["zqCursor"]] },
      { rule: "atMostOne", groups: [["zqFrom"], ["zqTo"]] },
    ]);
    expect(notesAt(d, "operations.acme_zq_list_transfers").join("\n")).toContain(
      'the document says so in words only ("The zqPage and zqCursor parameters cannot be used together."): ' +
        "drafted as the rule atMostOne (at most one of zqPage or zqCursor)",
    );
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_list_transfers");
    const sent: string[] = [];
    const fetchFn = async (input: string | URL | Request) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return Response.json({}, { status: 200 });
    };
    const options = { baseUrl: "https://api.acme.test", fetch: fetchFn };
    const call = (params: Record<string, unknown>) =>
      executeToolDefinition(tool!, { accessToken: "zq-token-0001", ...params }, options);
    const both = await call({ zqPage: 2, zqCursor: "c1" });
    expect(both.success).toBe(false);
    expect(JSON.stringify(both)).toMatch(/zqPage.*zqCursor|zqCursor.*zqPage/);
    expect(sent).toEqual([]);
    // The page's own limit, read from the same words; one of the pair, or the words left as words, still sent.
    expect((await call({ zqPage: 101 })).success).toBe(false);
    expect(sent).toEqual([]);
    for (const params of [{ zqPage: 100 }, { zqCursor: "c1" }, {}, { zqMedia: "m", zqAudio: "a", zqMode: "x" }])
      expect((await call(params)).success, JSON.stringify(params)).toBe(true);
    expect(sent).toHaveLength(4);
  });

  it("refuses a call giving neither before any request, naming the rule", async () => {
    const d = drafted(zqDoc, ids);
    const tools = await linkedTools(d);
    const clip = tools.find((t) => t.id === "acme_zq_get_clip");
    const sent: string[] = [];
    const fetchFn = async (input: string | URL | Request) => {
      sent.push(String(input instanceof Request ? input.url : input));
      return Response.json({}, { status: 200 });
    };
    const options = { baseUrl: "https://api.acme.test", fetch: fetchFn };
    const neither = await executeToolDefinition(clip!, { accessToken: "zq-token-0001", zqLimit: 3 }, options);
    expect(neither.success).toBe(false);
    expect(JSON.stringify(neither)).toMatch(/zqName.*zqArn|zqArn.*zqName/);
    expect(sent).toEqual([]);
    const one = await executeToolDefinition(clip!, { accessToken: "zq-token-0001", zqArn: "arn:zq:1" }, options);
    expect(one.success).toBe(true);
    expect(sent).toHaveLength(1);
  });
});
