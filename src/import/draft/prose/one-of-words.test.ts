// A requirement over a list of optional parameters stated in words only ("Only one of A, B, or C can be provided per
// request", "You must use exactly one of the fields A or B", "Include at least one of A or B parameters", "Note that
// one of the following filters must be specified: `a`, `b`"): the draft had no rule, so a call breaking it reached the
// upstream, which refused it. It is drafted as the rule the words state, checked before any request; a sentence
// naming other things, a conditional one or one stating no rule stays words.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string) => ({ type: "string", description });
const query = (name: string, description?: string) => ({
  name,
  in: "query",
  schema: { type: "string", ...(description ? { description } : {}) },
});
const jsonBody = (properties: Record<string, unknown>) => ({
  required: true,
  content: { "application/json": { schema: { type: "object", properties } } },
});
const ok = { "200": { description: "Done" } };

const zqDoc = openapi({
  "/zqparticipants": {
    get: {
      operationId: "zqListParticipants",
      parameters: [
        query("zqByUser", "Only one of zqByUser, zqByPublished, or zqByState can be provided per request."),
        query("zqByPublished"),
        query("zqByState"),
        query("zqLimit"),
      ],
      responses: ok,
    },
  },
  "/zqstickers": {
    post: {
      operationId: "zqAddSticker",
      description: "Adds a sticker. You **must** use exactly one of the fields *zq\\_png* or *zq\\_tgs*.",
      requestBody: jsonBody({ zq_png: text("A picture."), zq_tgs: text("An animation."), zqName: text("x") }),
      responses: ok,
    },
  },
  "/zqmembers": {
    get: {
      operationId: "zqListMembers",
      description: "Include at least one of ZqProjectID or ZqUserID parameters.",
      parameters: [query("ZqProjectID"), query("ZqUserID")],
      responses: ok,
    },
  },
  "/zqcoaches": {
    get: {
      operationId: "zqListCoaches",
      parameters: [
        query(
          "zqfilter[groups]",
          "Note that one of the following filters must be specified: `zqfilter[groups]`, " +
            "`zqfilter[organization]`.",
        ),
        query("zqfilter[organization]"),
      ],
      responses: ok,
    },
  },
  "/zqtasks": {
    post: {
      operationId: "zqAddTask",
      description:
        "At most one of zqBefore, zqAfter, or zqSection should be specified. You can specify only one of " +
        "zqBody and zqUrl; otherwise, an error results.",
      requestBody: jsonBody({
        zqBefore: text("b"),
        zqAfter: text("a"),
        zqSection: text("s"),
        zqBody: text("t"),
        zqUrl: text("u"),
      }),
      responses: ok,
    },
  },
  "/zqleft": {
    post: {
      operationId: "zqLeftAlone",
      description:
        "Only one of the required reviewers needs to approve. Only one of zqX or zqY will be sent as part of " +
        "header, not both. If you specify zqMode, at least one of zqX or zqY must be set. One of zqX or zqNowhere " +
        "must be set. Exactly one of zqX and zqY is shown in the list. You can specify only one of zqY, zqX, or " +
        "set zqMode to true.",
      requestBody: jsonBody({ zqX: text("x"), zqY: text("y"), zqMode: { type: "boolean" } }),
      responses: ok,
    },
  },
  "/zqqualified": {
    get: {
      operationId: "zqQualified",
      description:
        "Only one of `zqFrom` and `zqSince` can be used with `zqCursor`. At most one of zqP or zqQ must be set " +
        "together with zqMode. Only one of zqR or zqS can be provided per request.",
      parameters: ["zqFrom", "zqSince", "zqCursor", "zqP", "zqQ", "zqMode", "zqR", "zqS"].map((n) => query(n)),
      responses: ok,
    },
  },
});

const ids = [
  "zqListParticipants",
  "zqAddSticker",
  "zqListMembers",
  "zqListCoaches",
  "zqAddTask",
  "zqLeftAlone",
  "zqQualified",
];

/** A tool of the draft called with a fetch that records each request. */
async function caller(id: string) {
  const tool = (await linkedTools(drafted(zqDoc, ids))).find((t) => t.id === id);
  const sent: string[] = [];
  const fetchFn = async (input: string | URL | Request) => {
    sent.push(String(input instanceof Request ? input.url : input));
    return Response.json({}, { status: 200 });
  };
  const options = { baseUrl: "https://api.acme.test", fetch: fetchFn };
  const call = (params: Record<string, unknown>) =>
    executeToolDefinition(tool!, { accessToken: "zq-token-0001", ...params }, options);
  return { call, sent };
}

describe('"only one of", "exactly one of", "at least one of", "one of … must be" over parameters', () => {
  it("is drafted as the rule the words state, with a note quoting them", async () => {
    const d = drafted(zqDoc, ids);
    const ops = d.manifest.operations;
    expect(ops.acme_zq_list_participants?.rules).toEqual([
      { rule: "atMostOne", groups: [["zqByUser"], ["zqByPublished"], ["zqByState"]] },
    ]);
    expect(ops.acme_zq_add_sticker?.rules).toEqual([{ rule: "exactlyOne", params: ["zq_png", "zq_tgs"] }]);
    expect(ops.acme_zq_list_members?.rules).toEqual([{ rule: "anyOf", groups: [["ZqProjectID"], ["ZqUserID"]] }]);
    const coaches = ops.acme_zq_list_coaches;
    const names = Object.keys(coaches?.params ?? {});
    expect(coaches?.rules).toEqual([{ rule: "anyOf", groups: names.map((n) => [n]) }]);
    expect(names).toHaveLength(2);
    // "At most one of … should be", and a clause saying what breaking it does ("otherwise, an error results").
    expect(ops.acme_zq_add_task?.rules).toEqual([
      { rule: "atMostOne", groups: [["zqBefore"], ["zqAfter"], ["zqSection"]] },
      { rule: "atMostOne", groups: [["zqBody"], ["zqUrl"]] },
    ]);
    expect(notesAt(d, "operations.acme_zq_list_participants").join("\n")).toContain(
      'the document says so in words only ("Only one of zqByUser, zqByPublished, or zqByState can be provided per ' +
        'request."): drafted as the rule atMostOne (at most one of zqByUser, zqByPublished or zqByState)',
    );
    expect(notesAt(d, "operations.acme_zq_add_sticker").join("\n")).toContain(
      'the document says so in words only ("You must use exactly one of the fields zq_png or ' +
        'zq_tgs."): drafted as the rule exactlyOne (exactly one of zq_png or zq_tgs)',
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("leaves words naming no parameter, a conditional sentence and one stating no rule as words", async () => {
    expect(drafted(zqDoc, ids).manifest.operations.acme_zq_left_alone?.rules).toBeUndefined();
    const { call, sent } = await caller("acme_zq_left_alone");
    for (const params of [{}, { zqX: "a", zqY: "b" }, { zqX: "a", zqY: "b", zqMode: true }])
      expect((await call(params)).success, JSON.stringify(params)).toBe(true);
    expect(sent).toHaveLength(3);
  });

  it('leaves a list whose verb is qualified ("… can be used with `c`") as words, with a note saying so', async () => {
    const d = drafted(zqDoc, ids);
    // The unqualified sentence beside them is still read.
    expect(d.manifest.operations.acme_zq_qualified?.rules).toEqual([{ rule: "atMostOne", groups: [["zqR"], ["zqS"]] }]);
    const notes = notesAt(d, "operations.acme_zq_qualified").join("\n");
    expect(notes).toContain(
      'the document says in words only ("Only one of zqFrom and zqSince can be used with zqCursor.") which of ' +
        "zqFrom, zqSince may be given together, under a condition the words after it state: no rule drafted",
    );
    expect(notes).toContain("which of zqP, zqQ may be given together");
    const { call, sent } = await caller("acme_zq_qualified");
    expect((await call({ zqFrom: "a", zqSince: "b" })).success).toBe(true);
    expect((await call({ zqP: "a", zqQ: "b" })).success).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it("refuses a call breaking the rule before any request, naming the parameters", async () => {
    const participants = await caller("acme_zq_list_participants");
    const two = await participants.call({ zqByUser: "u1", zqByState: "on" });
    expect(two.success).toBe(false);
    expect(JSON.stringify(two)).toMatch(/zqByUser.*zqByState|zqByState.*zqByUser/);
    expect(participants.sent).toEqual([]);
    for (const params of [{}, { zqByState: "on" }, { zqLimit: "3" }])
      expect((await participants.call(params)).success, JSON.stringify(params)).toBe(true);
    expect(participants.sent).toHaveLength(3);

    const stickers = await caller("acme_zq_add_sticker");
    for (const params of [{ zqName: "n" }, { zq_png: "p", zq_tgs: "t" }]) {
      const refused = await stickers.call(params);
      expect(refused.success, JSON.stringify(params)).toBe(false);
      expect(JSON.stringify(refused)).toMatch(/zq_png.*zq_tgs|zq_tgs.*zq_png/);
    }
    expect(stickers.sent).toEqual([]);
    expect((await stickers.call({ zq_tgs: "t" })).success).toBe(true);

    const members = await caller("acme_zq_list_members");
    const neither = await members.call({});
    expect(neither.success).toBe(false);
    expect(JSON.stringify(neither)).toMatch(/ZqProjectID.*ZqUserID|ZqUserID.*ZqProjectID/);
    expect(members.sent).toEqual([]);
    for (const params of [{ ZqUserID: "u" }, { ZqProjectID: "p", ZqUserID: "u" }])
      expect((await members.call(params)).success, JSON.stringify(params)).toBe(true);
    expect(members.sent).toHaveLength(2);
  });
});
