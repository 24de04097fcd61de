// Bare values between spaced pipes ("Unit: MI | KM", "(MI | KM)", "MI | KM" alone) with no enum in the schema were
// drafted as any text: a typo reached the upstream. They are the enum now, with a note saying the words gave it; a
// list the words give as a sample ("e.g.", "such as", "etc.", "and more") or leave partial ("…") is never an enum.
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

const query = (name: string, description: string) => ({ name, in: "query", schema: { type: "string", description } });

const zqDoc = openapi({
  "/zqroutes": {
    get: {
      operationId: "zqListRoutes",
      parameters: [
        query("zqUnit", "Distance unit: ZQMI | ZQKM"),
        query("zqPace", "How fast (zqslow | zqbrisk | zqfast)."),
        query("zqLane", "zqleft | zqright"),
        query("zqSort", "Sort order, one of: zqasc, zqdesc, zqnone"),
        query("zqView", "Allowed values: zqmap, zqlist"),
        // A sample or a partial list: never an enum.
        query("zqTone", "The tone, e.g. zqsoft | zqloud"),
        query("zqHue", "Values such as zqred | zqblue"),
        query("zqGrade", "Allowed values: zqa, zqb, etc."),
        query("zqMark", "One of: zqx | zqy | and more"),
        query("zqTag", "One of: zqp, zqq, …"),
        // Pipes with no spaces may be the text's own separator: left alone.
        query("zqPath", "Path of keys, as zqa|zqb"),
        // After a word saying a sample, a default or kinds follow (review53): no list of what the parameter takes.
        query("zqFind", "Search text. Example: zqname | zqtag"),
        query("zqKind", "Type: zqstring | zqnumber"),
        query("zqLike", "Like: zqfoo | zqbar"),
      ],
      responses: { "200": { description: "Done" } },
    },
  },
});

const at = "operations.acme_zq_list_routes.params";

describe("values a description lists between pipes or after 'one of:' / 'Allowed values:'", () => {
  it("are drafted as the enum with a note saying the words gave it; a typo is refused before any request", async () => {
    const d = drafted(zqDoc, ["zqListRoutes"]);
    const params = d.manifest.operations.acme_zq_list_routes?.params ?? {};
    expect(params.zqUnit?.enum).toEqual(["ZQMI", "ZQKM"]);
    expect(params.zqPace?.enum).toEqual(["zqslow", "zqbrisk", "zqfast"]);
    expect(params.zqLane?.enum).toEqual(["zqleft", "zqright"]);
    expect(params.zqSort?.enum).toEqual(["zqasc", "zqdesc", "zqnone"]);
    expect(params.zqView?.enum).toEqual(["zqmap", "zqlist"]);
    expect(notesAt(d, `${at}.zqUnit`).join("\n")).toContain(
      'the document lists the values of zqUnit in words only ("Distance unit: ZQMI | ZQKM")',
    );
    expect(await linkProblems(d)).toEqual([]);
    const t = (await linkedTools(d)).find((x) => x.id === "acme_zq_list_routes");
    if (!t) throw new Error("no tool");
    const typo = await sentOrRefused(t, { zqUnit: "ZQMY" }, {});
    expect(typo.sent).toBe(0);
    expect(typo.message).toMatch(/zqUnit.*ZQMY|ZQMY.*zqUnit/s);
    expect(await sentOrRefused(t, { zqUnit: "ZQKM", zqPace: "zqfast" }, {})).toEqual({ message: "sent", sent: 1 });
  });

  it("never drafts an enum from a sample or a partial list", async () => {
    const d = drafted(zqDoc, ["zqListRoutes"]);
    const params = d.manifest.operations.acme_zq_list_routes?.params ?? {};
    for (const name of ["zqTone", "zqHue", "zqGrade", "zqMark", "zqTag", "zqPath", "zqFind", "zqKind", "zqLike"])
      expect(params[name]?.enum, name).toBeUndefined();
    expect(params.zqGrade?.knownValues).toEqual(["zqa", "zqb"]);
    const t = (await linkedTools(d)).find((x) => x.id === "acme_zq_list_routes");
    if (!t) throw new Error("no tool");
    const other = {
      ...{ zqTone: "zqmute", zqHue: "zqgreen", zqGrade: "zqc", zqMark: "zqz", zqTag: "zqr", zqPath: "zqc" },
      ...{ zqFind: "zqany", zqKind: "zqbool", zqLike: "zqbaz" },
    };
    expect(await sentOrRefused(t, other, {})).toEqual({ message: "sent", sent: 1 });
  });
});
