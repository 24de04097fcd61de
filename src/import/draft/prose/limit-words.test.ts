// A value's limits that a document states only in words ("Valid values are between 1 and 1000, inclusive", "should not
// exceed 40 characters"): the draft had none (or add's default maxLength 1000), so an out-of-range value passed every
// check and reached the upstream. They are drafted as the schema keywords the words state, each with a note quoting
// them; a conditional or lenient sentence, a sentence about something else, another unit, or a limit the schema
// states already leaves the words as words.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  sentOrRefused,
} from "../../__fixtures__/draft-kit.js";
import { executeToolDefinition } from "@blockwright/runtime";
import { json, scriptedFetch } from "../../../../test-support/runtime/scripted-fetch.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const said = (type: string, description: string, more: Record<string, unknown> = {}) => ({
  type,
  description,
  ...more,
});
const query = (name: string, schema: Record<string, unknown>) => ({ name, in: "query", schema });
const ok = { "200": { description: "Done" } };
const int32 = { format: "int32", default: 5 };

const zqDoc = openapi({
  "/zqpeople": {
    post: {
      operationId: "zqListPeople",
      parameters: [
        query(
          "zqPageSize",
          said("integer", "Optional. Valid values are between 1 and 1000, inclusive. Defaults to 9."),
        ),
        query(
          "zqQuota",
          said("string", "Can be any arbitrary string assigned to a user, but should not exceed 40 characters."),
        ),
        query("zqBytes", said("string", "Max length: 100 bytes.")),
        query("zqWhen", said("integer", "When zqMode is full, the maximum is 50.")),
        query("zqDefault", said("integer", "Returns up to 100 by default.")),
        query("zqClamped", said("integer", "The maximum value is 200; the server will clamp larger values.")),
        query("zqLabels", said("string", "Label keys can be no longer than 64 characters.")),
        query("zqDeclared", said("integer", "The maximum value is 1000.", { maximum: 500 })),
        query("zqAltitude", said("number", "The minimum is 0 m, the maximum is 20 km.")),
        query("zqReviewers", said("integer", "Use a number between 1 and 6 or 0 to not require zqreviewers.")),
        query("zqRetention", said("integer", "Must be no more than 35 for automated zqsnapshots.")),
        // How many times the parameter may be given, not its value's bound: zqInstance 12 is valid.
        query(
          "zqInstance",
          said("integer", "Instance ID to use. You can specify multiple zqInstance parameters (up to 10)."),
        ),
        query("zqTtl", said("integer", "The time to live, in seconds. The maximum value is 600 seconds.")),
        query(
          "zqPeopleSize",
          said(
            "integer",
            "Optional. Valid values are between 1 and 1000, inclusive. Defaults to 100 if not set or set to 0.",
          ),
        ),
        query("zqBatch", said("integer", "At least 1, at most 50. Use 0 for the server's default batch.")),
        query(
          "zqSpend",
          said(
            "integer",
            "Amount in cents (100000 is 1,000). Only a limit of 1 or above will result in declined zqcharges.",
            { minimum: 0 },
          ),
        ),
        query("zqSeats", said("integer", "Up to 20 or more zqseats.")),
        query("zqCount", said("integer", "Number of items to retrieve. Count can be between 1 - 10 items.", int32)),
        query("zqWide", said("integer", "The maximum value is 99.", { format: "int32", maximum: 50 })),
        query(
          "zqRpp",
          said("integer", "zqRpp stands for results per page. You can specify a number greater than 0 and up to 1000."),
        ),
        query(
          "zqPage",
          said("integer", "It accepts values up to 100; for pages exceeding 100, use the cursor.", {
            pattern: "^(?:[1-9][0-9]?|100)$",
          }),
        ),
        query("zqFewer", said("integer", "Must not be greater than 50. It accepts values up to 100; for more, ask.")),
        query("zqRatio", said("number", "A number greater than 0.5.")),
        query("zqWait", said("integer", "Waits up to 5 minutes.")),
        query("zqNote", said("string", "Up to 300 characters.")),
        // A service's default length limit (a server's admin may set another): a limit a call cannot pass.
        query("zqBlurb", said("string", "The blurb shown (default max 1000 characters).")),
        query("zqCaption", said("string", "The caption, max 500 characters by default.")),
        // A default count, not a length: no limit.
        query("zqTags", said("string", "Up to 5 zqtags by default.")),
        // A length in characters whatever noun names what the text is about; a limit that varies by plan stays words.
        query("zqReason", said("string", "Reason for reporting the account (default max 1000 characters).")),
        query("zqHandle", said("string", "The account's display name, up to 280 characters.")),
        query("zqMemo", said("string", "A memo, up to 200 characters on paid plans.")),
        query("zqMembers", said("integer", "Up to 50 accounts.")),
        // A plan or an account set off before the limit qualifies it: the limit varies, no bound drafted.
        query("zqBio", said("string", "On the Pro plan, max 500 characters.")),
        query("zqPaidNote", said("string", "Paid plans: max 500 characters.")),
        query("zqPost", said("string", "For verified accounts, up to 25000 characters.")),
        query("zqPitch", said("string", "For a verified account, up to 25000 characters.")),
        // A unit written onto the number measures something else than the value: no bound.
        query("zqUpload", said("integer", "The upload's size, up to 10MB.")),
        query("zqDelay", said("number", "The delay, max 5s.")),
        query("zqShare", said("number", "The share, at most 50%.")),
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqIds: said("array", "A maximum of 5 ids can be specified.", { items: { type: "string" } }),
                zqLevel: said("string", "This can be any value between `-1` to `1` in `0.1` increments."),
                zqName: said("string", "Must be between 3-63 characters."),
                zqSchema: said("string", "A string with a length between [0-32768]."),
              },
            },
          },
        },
      },
      responses: ok,
    },
  },
});

const at = "operations.acme_zq_list_people.params";

describe("a value's limits stated in words", () => {
  it("are drafted as the schema keywords they state, with a note quoting them", async () => {
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    expect(params.zqPageSize).toMatchObject({ minimum: 1, maximum: 1000 });
    expect(params.zqQuota?.maxLength).toBe(40);
    expect(params.zqTtl?.maximum).toBe(600);
    expect(params.zqIds?.maxItems).toBe(5);
    expect(params.zqSchema?.maxLength).toBe(32768);
    expect(params.zqName).toMatchObject({ minLength: 3, maxLength: 63 });
    expect(params.zqLevel?.pattern).toBe(
      String.raw`^(?:-1|-0\.9|-0\.8|-0\.7|-0\.6|-0\.5|-0\.4|-0\.3|-0\.2|-0\.1|0|0\.1|0\.2|0\.3|0\.4|0\.5|0\.6|0\.7|` +
        String.raw`0\.8|0\.9|1)$`,
    );
    expect(notesAt(d, `${at}.zqPageSize`).join("\n")).toContain(
      'the document says so in words only ("Valid values are between 1 and 1000, inclusive."): drafted as maximum ' +
        "1000, checked before any request",
    );
    expect(notesAt(d, `${at}.zqQuota`).join("\n")).not.toContain("blockwright add's default");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("leaves conditional, lenient, other things' and other units' words as words; the schema's limit wins", () => {
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    const others = ["zqWhen", "zqDefault", "zqClamped", "zqAltitude", "zqReviewers", "zqRetention", "zqInstance"];
    for (const name of others) {
      expect(params[name]?.maximum, name).toBeUndefined();
      expect(params[name]?.minimum, name).toBeUndefined();
    }
    // add's default for a query value the spec leaves unbounded, not the words'.
    expect(params.zqBytes?.maxLength).toBe(1000);
    expect(params.zqLabels?.maxLength).toBe(1000);
    expect(params.zqDeclared?.maximum).toBe(500);
    expect(notesAt(d, `${at}.zqDeclared`).join("\n")).toContain(
      "the document says maximum 1000 in words" +
        ' ("The maximum value is 1000.") and 500 in its schema: the schema\'s kept',
    );
  });

  it('leaves a number the words say the value may reach or pass ("1 or above") as words, no maximum', async () => {
    // "Only a limit of 1 or above will result in declined transactions": 1 is where the value starts to act, not its
    // maximum; drafted as maximum 1, every real limit (100000 cents) was refused before any request.
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    expect([params.zqSpend?.maximum, params.zqSeats?.maximum]).toEqual([undefined, undefined]);
    expect(params.zqSpend?.minimum).toBe(0);
    expect(notesAt(d, `${at}.zqSpend`).join("\n")).not.toContain("in words only");
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_list_people");
    if (!tool) throw new Error("no tool");
    expect(await sentOrRefused(tool, { zqSpend: 100000, zqSeats: 25 }, {})).toEqual({ message: "sent", sent: 1 });
  });

  it("takes the words' limits over an int32 format's range, which the document states as no limit", async () => {
    // `{type: integer, format: int32}` is drafted within -2147483648…2147483647, as the mocks' validators hold it; a
    // range the words state inside it ("between 1 - 10") was noted as the schema's and dropped, so 0 and 11 reached
    // the upstream.
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    expect(params.zqCount).toMatchObject({ minimum: 1, maximum: 10, default: 5 });
    expect(notesAt(d, `${at}.zqCount`).join("\n")).toContain("drafted as maximum 10");
    // A bound the schema states itself stays the schema's.
    expect(params.zqWide?.maximum).toBe(50);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_list_people");
    if (!tool) throw new Error("no tool");
    const over = await sentOrRefused(tool, { zqCount: 11 }, {});
    expect(over.sent).toBe(0);
    expect(over.message).toMatch(/zqCount.*10.*11/);
    expect(await sentOrRefused(tool, { zqCount: 10 }, {})).toEqual({ message: "sent", sent: 1 });
  });

  it("leaves a bound the value the words say is taken as the default breaks as words; no default sent", async () => {
    // OpenAPI leaves the default to the API ("what would be assumed … if one is not provided"), and JSON Schema only
    // recommends it be valid against the schema: a page size "between 1 and 1000 … or set to 0" takes 0.
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    for (const name of ["zqPeopleSize", "zqBatch"]) {
      expect(params[name]?.minimum, name).toBeUndefined();
      expect(params[name]?.default, name).toBeUndefined();
    }
    expect([params.zqPeopleSize?.maximum, params.zqBatch?.maximum, params.zqPageSize?.minimum]).toEqual([1000, 50, 1]);
    expect(notesAt(d, `${at}.zqPeopleSize`).join("\n")).toContain(
      'the document says minimum 1 in words only ("Valid values are between 1 and 1000, inclusive."), and that 0 ' +
        "is taken as its default: left as words",
    );
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_list_people");
    if (!tool) throw new Error("no tool");
    const { fetch, seen } = scriptedFetch(json(200, {}));
    for (const params of [{ zqPeopleSize: 0 }, {}]) {
      const result = await executeToolDefinition(tool, { accessToken: "zq-token-0000000001", ...params }, { fetch });
      expect(result.success).toBe(true);
    }
    expect(seen.map((r) => new URL((r as { url: string }).url).searchParams.get("zqPeopleSize"))).toEqual(["0", null]);
    expect((await sentOrRefused(tool, { zqPeopleSize: 1001 }, {})).sent).toBe(0);
  });

  it('reads "greater than 0 and up to 1000", and "up to 100; for pages exceeding 100, use …"', async () => {
    // Both left unbounded, so a page size of 1001 or a page of 101 was sent and the upstream answered 400.
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    expect(params.zqRpp).toMatchObject({ minimum: 1, maximum: 1000 });
    expect(params.zqPage?.maximum).toBe(100);
    expect(params.zqNote?.maxLength).toBe(300);
    // Not read: a sentence going past its number without saying where ("for more, ask"), a time the value is not.
    expect([params.zqFewer?.maximum, params.zqWait?.maximum]).toEqual([undefined, undefined]);
    // A strict bound of a number that is not whole stays strict: 0.5 itself is refused.
    expect(params.zqRatio).toMatchObject({ exclusiveMinimum: 0.5 });
    expect(params.zqRatio?.minimum).toBeUndefined();
    expect(notesAt(d, `${at}.zqRatio`).join("\n")).toContain(
      'the document says so in words only ("A number greater than 0.5."): drafted as exclusiveMinimum 0.5',
    );
    expect(notesAt(d, `${at}.zqRpp`).join("\n")).toContain(
      'the document says so in words only ("You can specify a number greater than 0 and up to 1000."): drafted as ' +
        "minimum 1",
    );
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_list_people");
    if (!tool) throw new Error("no tool");
    for (const over of [{ zqRpp: 1001 }, { zqRpp: 0 }, { zqPage: 101 }, { zqRatio: 0.5 }, { zqRatio: 0.25 }])
      expect((await sentOrRefused(tool, over, {})).sent, JSON.stringify(over)).toBe(0);
    const fine = { zqRpp: 1000, zqPage: 100, zqFewer: 99, zqRatio: 0.5000001, zqWait: 600 };
    expect(await sentOrRefused(tool, fine, {})).toEqual({ message: "sent", sent: 1 });
  });

  it('reads a length\'s default limit ("default max 1000 characters", "max 500 characters by default")', async () => {
    // The words name a length the service refuses past; "by default" left it as words, and add's default maxLength
    // 1000 let a 501-character caption reach the upstream. A number's "up to 100 by default" stays no limit.
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    expect([params.zqBlurb?.maxLength, params.zqCaption?.maxLength]).toEqual([1000, 500]);
    expect(notesAt(d, `${at}.zqBlurb`).join("\n")).toContain(
      'the document says so in words only ("The blurb shown (default max 1000 characters)."): drafted as maxLength ' +
        "1000, checked before any request",
    );
    expect(notesAt(d, `${at}.zqBlurb`).join("\n")).not.toContain("blockwright add's default");
    expect(notesAt(d, `${at}.zqCaption`).join("\n")).toContain(
      'the document says so in words only ("The caption, max 500 characters by default."): drafted as maxLength 500',
    );
    expect(params.zqTags?.maxLength).toBe(1000);
    expect(notesAt(d, `${at}.zqTags`).join("\n")).toContain("blockwright add's default");
    expect([params.zqDefault?.maximum, params.zqDefault?.minimum]).toEqual([undefined, undefined]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_list_people");
    if (!tool) throw new Error("no tool");
    const long = await sentOrRefused(tool, { zqCaption: "c".repeat(501) }, {});
    expect(long.sent).toBe(0);
    expect(long.message).toMatch(/zqCaption.*500/);
    expect(await sentOrRefused(tool, { zqCaption: "c".repeat(500), zqDefault: 250 }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
  });

  it("reads a length in characters whatever noun comes before it, not a limit that varies by account", async () => {
    // "account" in the words made the whole sentence conditional (a limit per account or plan), so "reason for
    // reporting the account (default max 1000 characters)" drafted no limit of its own.
    const d = drafted(zqDoc, ["zqListPeople"]);
    const params = d.manifest.operations.acme_zq_list_people?.params ?? {};
    expect([params.zqReason?.maxLength, params.zqHandle?.maxLength]).toEqual([1000, 280]);
    expect(notesAt(d, `${at}.zqReason`).join("\n")).toContain(
      'the document says so in words only ("Reason for reporting the account (default max 1000 characters)."): ' +
        "drafted as maxLength 1000, checked before any request",
    );
    expect(notesAt(d, `${at}.zqReason`).join("\n")).not.toContain("blockwright add's default");
    // After the limit, the noun says what it varies by: add's default stands. A count of accounts bounds no value.
    expect(params.zqMemo?.maxLength).toBe(1000);
    expect(notesAt(d, `${at}.zqMemo`).join("\n")).toContain("blockwright add's default");
    expect([params.zqMembers?.maximum, params.zqMembers?.maxLength]).toEqual([undefined, undefined]);
    // Before the limit, a plan, accounts, or an account set off by a comma qualify it: add's default stands.
    for (const name of ["zqBio", "zqPaidNote", "zqPost", "zqPitch"]) {
      expect([name, params[name]?.maxLength]).toEqual([name, 1000]);
      expect(notesAt(d, `${at}.${name}`).join("\n")).toContain("blockwright add's default");
    }
    // "up to 10MB", "max 5s", "at most 50%": the number's own unit is another; nothing drafted of the value.
    for (const name of ["zqUpload", "zqDelay", "zqShare"])
      expect([name, params[name]?.maximum, params[name]?.exclusiveMaximum]).toEqual([name, undefined, undefined]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_list_people");
    if (!tool) throw new Error("no tool");
    const long = await sentOrRefused(tool, { zqHandle: "h".repeat(281) }, {});
    expect(long.sent).toBe(0);
    expect(long.message).toMatch(/zqHandle.*280/);
    expect(await sentOrRefused(tool, { zqHandle: "h".repeat(280), zqMembers: 99 }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
  });

  it("refuses an out-of-range value before any request, naming the field, the rule and the value", async () => {
    const tools = await linkedTools(drafted(zqDoc, ["zqListPeople"]));
    const tool = tools.find((t) => t.id === "acme_zq_list_people");
    if (!tool) throw new Error("no tool");
    const over = await sentOrRefused(tool, { zqPageSize: 1001 }, {});
    expect(over.sent).toBe(0);
    expect(over.message).toMatch(/zqPageSize/);
    expect(over.message).toMatch(/1000/);
    expect(over.message).toMatch(/1001/);
    const long = await sentOrRefused(tool, { zqQuota: "q".repeat(41) }, {});
    expect(long).toMatchObject({ sent: 0 });
    expect(long.message).toMatch(/zqQuota.*40|40.*zqQuota/);
    const level = await sentOrRefused(tool, { zqLevel: "0.15" }, {});
    expect(level).toMatchObject({ sent: 0 });
    expect(level.message).toMatch(/zqLevel: must be a number from -1 to 1 in steps of 0\.1 .*got "0\.15"/);
    expect(await sentOrRefused(tool, { zqPageSize: 1000, zqQuota: "q".repeat(40), zqLevel: "-0.3" }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
  });
});
