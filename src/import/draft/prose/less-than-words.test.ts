// "less than N" of a number's own value, read as the strict upper bound it states (a whole number's as `maximum` N-1),
// and the shapes the public directory's survey found the words to mean otherwise (docs/contributing/README.md ›
// Bound words in the directory), left as words: another unit ("less than 10MB", "less than 30 days ago"), another
// field ("must be less than zq_timeout", "hours cannot be negative, and must be less than 1000"), what values mean
// ("less than 50 is a weak match"), a condition, a negation, "fewer than", "below".
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  notesAt,
  openapi,
  sentOrRefused,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, type: string, description: string, more: Record<string, unknown> = {}) => ({
  name,
  in: "query",
  schema: { type, description, ...more },
});

const READ = [
  query("zqCap", "number", "The zq cap. Must be less than 100."),
  query("zqPer", "integer", "The maximum number of zq results to display (less than 100)."),
  query("zqShare", "number", "A number greater than 0 and less than 1."),
  query("zqWide", "integer", "Must be less than 100.", { maximum: 50 }),
];
const UNREAD = [
  query("zqFile", "number", "The zq file's size. Must be less than 10MB."),
  query("zqSpace", "integer", "The zq disk. Must be less than 200 GB."),
  query("zqAge", "integer", "Only zq items updated less than 30 days ago."),
  query("zqPct", "number", "Must be less than 50%."),
  query("zqWait", "integer", "Must be less than zq_timeout."),
  query(
    "zqValue",
    "number",
    "Amounts must be between -100 and 100, hours cannot be negative, and must be less than 1000.",
  ),
  query("zqScore", "integer", "100 is a perfect score, less than 50 is a weak match."),
  query("zqLimit", "integer", "The limit is ignored if it is less than 1."),
  query("zqFloor", "integer", "This cannot be less than 0."),
  query("zqFew", "integer", "Must be fewer than 20."),
  query("zqLow", "number", "Values below 0.33 most likely represent music."),
];
const doc = openapi({
  "/zqlimits": {
    get: { operationId: "zqLimits", parameters: [...READ, ...UNREAD], responses: { "200": { description: "Done" } } },
  },
});
const at = "operations.acme_zq_limits.params";

describe('"less than N" in words', () => {
  it("of the number's own value is drafted as its strict bound, a whole number's as maximum N-1, noted", async () => {
    const d = drafted(doc, ["zqLimits"]);
    const params = d.manifest.operations.acme_zq_limits?.params ?? {};
    expect(params.zqCap).toMatchObject({ exclusiveMaximum: 100 });
    expect(params.zqCap?.maximum).toBeUndefined();
    expect(params.zqPer).toMatchObject({ maximum: 99 });
    expect(params.zqPer?.exclusiveMaximum).toBeUndefined();
    expect(params.zqShare).toMatchObject({ exclusiveMinimum: 0, exclusiveMaximum: 1 });
    expect(notesAt(d, `${at}.zqCap`).join("\n")).toContain(
      'the document says so in words only ("Must be less than 100."): drafted as exclusiveMaximum 100, checked ' +
        "before any request",
    );
    expect(notesAt(d, `${at}.zqPer`).join("\n")).toContain(
      '("The maximum number of zq results to display (less than 100)."): drafted as maximum 99',
    );
    // The schema's own maximum stays, with what the words say beside it.
    expect(params.zqWide?.maximum).toBe(50);
    expect(notesAt(d, `${at}.zqWide`).join("\n")).toContain("the document says maximum 99 in words");
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_limits");
    if (!tool) throw new Error("no tool");
    for (const at of [{ zqCap: 100 }, { zqPer: 100 }, { zqShare: 1 }, { zqShare: 0 }]) {
      const refused = await sentOrRefused(tool, at, {});
      expect(refused.sent, JSON.stringify(at)).toBe(0);
      expect(refused.message, JSON.stringify(at)).toMatch(new RegExp(Object.keys(at)[0] ?? "-"));
    }
    expect(await sentOrRefused(tool, { zqCap: 99.5, zqPer: 99, zqShare: 0.5 }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
  });

  it("in another unit, of another field, saying what values mean, conditional or negated, stays words", () => {
    const d = drafted(doc, ["zqLimits"]);
    const params = d.manifest.operations.acme_zq_limits?.params ?? {};
    for (const { name } of UNREAD) {
      expect([params[name]?.maximum, params[name]?.exclusiveMaximum], name).toEqual([undefined, undefined]);
      expect(notesAt(d, `${at}.${name}`).join("\n"), name).not.toMatch(/drafted as (?:exclusiveM|m)aximum/);
    }
  });
});
