// A text's values listed in words only ("One of `change`, `session`, `flow`, or `api_request`", "Possible values:
// asc, desc", a bulleted list after "Allowed values:"): drafted as any text, a typo reached the upstream (400) and the
// suite never tried the values. A closed list is drafted as the enum, with a note quoting the words; one the words
// leave open ("include", "currently", "or a …") as known values, never checked; a conditional list, another field's
// values, a list of several values in one text, names of fields, or the value's forms ("Format is one of: user,
// uid:gid": a valid `1000:1000` was refused) stay words.
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

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (description: string, more: Record<string, unknown> = {}) => ({ type: "string", description, ...more });
const query = (name: string, description: string, more: Record<string, unknown> = {}) => ({
  name,
  in: "query",
  schema: text(description, more),
});

const zqDoc = openapi({
  "/zqevents": {
    post: {
      operationId: "zqListEvents",
      parameters: [
        query("zqType", "The kind of event. One of `change`, `session`, `flow`, or `api_request`."),
        query("zqOrder", "Order of the results. Possible values: asc, desc."),
        query("zqSort", "Key to sort on, must be one of: created_at, updated_at. Defaults to updated_at"),
        query("zqState", "Can be `enabled` or `disabled`."),
        query("zqMode", "Valid values: `fast` | `full`"),
        query("zqSide", "Accepted values are top or bottom."),
        query("zqStatus", 'Status of the task. This is either "needsAction" or "completed".'),
        // Open: the service takes values the words do not name.
        query("zqUnit", "Valid values include minute, hour, day, or month."),
        query("zqKind", "Currently supported values: `round`, `square`."),
        query("zqDate", 'Can be one of the following values: "upcoming", "past", or a date range.'),
        query("zqShade", "Possible values: `dark`, `light`.", { default: "auto" }),
        // Not lists of this value's values.
        query("zqTool", "You can specify the tool by using either `zqTool` or `zqGuid`, but not both."),
        query("zqWhen", "When zqMode is full, must be one of `low`, `high`."),
        query("zqCode", 'Values of visit_code are either "A" or "B".'),
        query("zqChanges", "Supported values are: created, updated. Values can be combined in a comma-separated list."),
        query("zqKey", "To find it, do one of the following:\n- open the settings page\n- run the zq command"),
        // The list goes on after a bracket and a semicolon: the first part is not all its values.
        query("zqStore", "Valid values: `zqdisk`, `zqdisk-fast` (zq clusters); `zqio` (zq pools)."),
        // A condition in the paragraph before (HTML's `</p> <p>`) is not the list's sentence.
        query("zqTier", "<p>When zqMode is full, it is kept.</p> <p>Valid values: `gold`, `silver`.</p>"),
        // Forms of the value, not values: "1000:1000" is a uid:gid.
        query(
          "zqRunAs",
          "The user, and optionally, group. Format is one of: zquser, zquser:zqgroup, zquid, or zquid:zqgid.",
        ),
        // A format's own values named so ("Format is one of") are its values.
        query("zqFormat", "Format is one of: zqjson, zqcsv."),
        // Single quotes, straight and typographic, as the double quotes and code marks are.
        query("zqOutput", "One of 'zqjson', 'zqxml' or 'zqmap'."),
        query("zqShape", "The shape. One of ‘round’, ‘square’ or ‘flat’."),
        query("zqFold", "Possible values:\n- ‘zqin’\n- ‘zqout’"),
        // The value the list is of named between its lead and its values; "currently" leaves it open, as before.
        query("zqVia", "Currently, there are two possible values for this parameter: zqemail and zqdocument"),
        query("zqHue", "There are three possible values for this field: zqred, zqgreen and zqblue."),
        query("zqTone", "The possible values of the parameter are zqsoft or zqloud."),
        // Not a closed list: "such as" names some of the values.
        query("zqSeal", "There are many possible values for this parameter, such as zqwax and zqtape."),
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              properties: {
                zqLevel: text("How loud. Allowed values:\n- `low`: quiet\n- `high`: loud"),
                zqEngine: text(
                  "<p>Valid Values:</p> <ul> <li> <p> <code>zqa</code> </p> </li> <li> <code>zqb</code></li></ul>",
                ),
              },
            },
          },
        },
      },
      responses: { "200": { description: "Done" } },
    },
  },
});

const at = "operations.acme_zq_list_events.params";

async function tool() {
  const found = (await linkedTools(drafted(zqDoc, ["zqListEvents"]))).find((t) => t.id === "acme_zq_list_events");
  if (!found) throw new Error("no tool");
  return found;
}

describe("a text's values listed in words", () => {
  it("are drafted as its enum where the list closes, with a note naming the words read", async () => {
    const d = drafted(zqDoc, ["zqListEvents"]);
    const params = d.manifest.operations.acme_zq_list_events?.params ?? {};
    expect(params.zqType?.enum).toEqual(["change", "session", "flow", "api_request"]);
    expect(params.zqOrder?.enum).toEqual(["asc", "desc"]);
    expect(params.zqSort?.enum).toEqual(["created_at", "updated_at"]);
    expect(params.zqState?.enum).toEqual(["enabled", "disabled"]);
    expect(params.zqMode?.enum).toEqual(["fast", "full"]);
    expect(params.zqSide?.enum).toEqual(["top", "bottom"]);
    expect(params.zqStatus?.enum).toEqual(["needsAction", "completed"]);
    expect(params.zqLevel?.enum).toEqual(["low", "high"]);
    expect(params.zqEngine?.enum).toEqual(["zqa", "zqb"]);
    expect(params.zqTier?.enum).toEqual(["gold", "silver"]);
    expect(params.zqFormat?.enum).toEqual(["zqjson", "zqcsv"]);
    expect(notesAt(d, `${at}.zqType`).join("\n")).toContain(
      'the document lists the values of zqType in words only ("One of change, session, flow, or api_request."), ' +
        "and nothing there leaves the list open: drafted as an enum of 4, checked before any request",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("drafts a list the words leave open as known values, never checked", async () => {
    const d = drafted(zqDoc, ["zqListEvents"]);
    const params = d.manifest.operations.acme_zq_list_events?.params ?? {};
    expect(params.zqUnit).toMatchObject({ knownValues: ["minute", "hour", "day", "month"] });
    expect(params.zqKind).toMatchObject({ knownValues: ["round", "square"] });
    expect(params.zqDate).toMatchObject({ knownValues: ["upcoming", "past"] });
    expect(params.zqShade).toMatchObject({ knownValues: ["dark", "light"], default: "auto" });
    for (const name of ["zqUnit", "zqKind", "zqDate", "zqShade"]) expect(params[name]?.enum, name).toBeUndefined();
    expect(notesAt(d, `${at}.zqUnit`).join("\n")).toContain('that leave others open ("include")');
    expect(notesAt(d, `${at}.zqShade`).join("\n")).toContain('without its own default "auto"');
    const open = { zqUnit: "week", zqKind: "oval", zqDate: "2026-01-01..2026-02-01", zqShade: "auto" };
    expect(await sentOrRefused(await tool(), open, {})).toEqual({ message: "sent", sent: 1 });
  });

  it("leaves conditional words, another field's values, names of fields and lists of several as words", async () => {
    const d = drafted(zqDoc, ["zqListEvents"]);
    const params = d.manifest.operations.acme_zq_list_events?.params ?? {};
    for (const name of ["zqTool", "zqWhen", "zqCode", "zqChanges", "zqKey", "zqStore", "zqRunAs"]) {
      expect(params[name]?.enum, name).toBeUndefined();
      expect(params[name]?.knownValues, name).toBeUndefined();
    }
    expect(notesAt(d, `${at}.zqWhen`).join("\n")).toContain("that holds only sometimes: left as words");
    expect(notesAt(d, `${at}.zqStore`).join("\n")).toContain("that go on past the list read");
    expect(notesAt(d, `${at}.zqRunAs`).join("\n")).toContain("that name forms of the value, not values: left as words");
    const valid = {
      zqTool: "zqscan",
      zqWhen: "mid",
      zqCode: "C",
      zqChanges: "created,updated",
      zqKey: "zq-1",
      zqStore: "zqio",
      zqRunAs: "1000:1000",
    };
    expect(await sentOrRefused(await tool(), valid, {})).toEqual({ message: "sent", sent: 1 });
  });

  it("refuses a value off a closed list before any request, naming the field, the rule and the value", async () => {
    const t = await tool();
    const typo = await sentOrRefused(t, { zqType: "sesion" }, {});
    expect(typo.sent).toBe(0);
    expect(typo.message).toMatch(/zqType/);
    expect(typo.message).toMatch(/api_request/);
    expect(typo.message).toMatch(/sesion/);
    const level = await sentOrRefused(t, { zqLevel: "medium" }, {});
    expect(level.sent).toBe(0);
    expect(level.message).toMatch(/zqLevel.*medium|medium.*zqLevel/s);
    const fine = { zqType: "api_request", zqOrder: "desc", zqLevel: "high", zqEngine: "zqb", zqMode: "full" };
    expect(await sentOrRefused(t, fine, {})).toEqual({ message: "sent", sent: 1 });
  });

  it("reads a list whose lead names the value it is of ('possible values for this parameter: a and b')", async () => {
    // "Currently, there are two possible values for this parameter: email and document" (a published document's
    // words) was read as no list: the words between the lead and the colon stopped it, and any text was sent.
    const d = drafted(zqDoc, ["zqListEvents"]);
    const params = d.manifest.operations.acme_zq_list_events?.params ?? {};
    expect(params.zqHue?.enum).toEqual(["zqred", "zqgreen", "zqblue"]);
    expect(params.zqTone?.enum).toEqual(["zqsoft", "zqloud"]);
    expect(params.zqVia).toMatchObject({ knownValues: ["zqemail", "zqdocument"] });
    expect(params.zqVia?.enum).toBeUndefined();
    expect(notesAt(d, `${at}.zqVia`).join("\n")).toContain(
      'the document lists values of zqVia in words ("Currently, there are two possible values for this parameter: ' +
        'zqemail and zqdocument") that leave others open ("Currently")',
    );
    expect(notesAt(d, `${at}.zqHue`).join("\n")).toContain(
      'the document lists the values of zqHue in words only ("There are three possible values for this field: zqred, ' +
        'zqgreen and zqblue."), and nothing there leaves the list open: drafted as an enum of 3',
    );
    expect(params.zqSeal?.enum).toBeUndefined();
    expect(params.zqSeal?.knownValues).toBeUndefined();
    const typo = await sentOrRefused(await tool(), { zqHue: "zqrde" }, {});
    expect(typo.sent).toBe(0);
    expect(typo.message).toMatch(/zqHue.*zqrde|zqrde.*zqHue/s);
    expect(await sentOrRefused(await tool(), { zqVia: "zqfax", zqHue: "zqblue" }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
  });

  it("reads values in single quotes, straight or typographic, as those in double quotes", async () => {
    // "One of 'json', 'xml' or 'map'" (a published document's words); typographic ones were read as no list, so the
    // value took any text, and a typo reached the upstream.
    const d = drafted(zqDoc, ["zqListEvents"]);
    const params = d.manifest.operations.acme_zq_list_events?.params ?? {};
    expect(params.zqOutput?.enum).toEqual(["zqjson", "zqxml", "zqmap"]);
    expect(params.zqShape?.enum).toEqual(["round", "square", "flat"]);
    expect(params.zqFold?.enum).toEqual(["zqin", "zqout"]);
    expect(notesAt(d, `${at}.zqShape`).join("\n")).toContain(
      'the document lists the values of zqShape in words only ("One of ‘round’, ‘square’ or ‘flat’."), and nothing ' +
        "there leaves the list open: drafted as an enum of 3",
    );
    const typo = await sentOrRefused(await tool(), { zqShape: "squre" }, {});
    expect(typo.sent).toBe(0);
    expect(typo.message).toMatch(/zqShape.*squre|squre.*zqShape/s);
    expect(await sentOrRefused(await tool(), { zqOutput: "zqmap", zqShape: "flat" }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
  });
});
