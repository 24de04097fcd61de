// A query list the document lets be null (FastAPI's optional list: `anyOf: [{type: array, items}, {type: null}]`, an
// LLM server's `include`): add drafted the list without `nullable`, so a caller's null was refused ("must be a JSON
// array, not a null") where the document takes it, while a text or a number beside it, drafted nullable, sent no pair
// (issue 59). Null has no form in a query whatever the value's kind: OpenAPI writes no pair for it. Drafted nullable
// with the note, the list given null sends nothing and, given items, each as before; one described by `content` (its
// JSON text has a form for null) stays as it was, and the link refuses nullable there.
import { rmSync } from "node:fs";
import { executeToolDefinition, typedText } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { deriveCases } from "../../contract/derive.js";
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

const zqpart = { type: "string", enum: ["zq.notes", "zq.calls"] };
const doc = {
  ...openapi({
    "/zqthreads/{zqthread}": {
      get: {
        operationId: "getZqthread",
        parameters: [
          { name: "zqthread", in: "path", required: true, schema: { type: "string" } },
          { name: "zqinclude", in: "query", schema: { anyOf: [{ type: "array", items: zqpart }, { type: "null" }] } },
          { name: "zqtags", in: "query", schema: { type: ["array", "null"], items: { type: "string" } } },
          {
            name: "zqfilter",
            in: "query",
            content: { "application/json": { schema: { type: ["array", "null"], items: { type: "string" } } } },
          },
        ],
        responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }) },
      },
    },
  }),
  openapi: "3.1.0",
};
const at = "operations.acme_get_zqthread.params";

describe("a query list that may be null", () => {
  const d = drafted(doc, ["getZqthread"]);
  const params = d.manifest.operations.acme_get_zqthread?.params ?? {};

  it("is drafted nullable with the note; one described by content is not, and nullable there is refused", async () => {
    expect(params.zqinclude).toMatchObject({ type: "json", jsonType: "array", nullable: true });
    expect(params.zqtags).toMatchObject({ type: "json", jsonType: "array", nullable: true });
    expect(params.zqfilter?.nullable).toBeUndefined();
    expect(notesAt(d, `${at}.zqinclude`)).toContain(
      "the spec lets zqinclude be null, which a query cannot carry (OpenAPI writes no pair for null): nullable, a " +
        "call's null sends no zqinclude",
    );
    expect(await linkProblems(d)).toEqual([]);
    const marked = d.manifestText.replace(/(\n {6}zqfilter:\n)/, "$1        nullable: true\n");
    expect((await linkProblems({ ...d, manifestText: marked })).join("\n")).toMatch(
      /zqfilter\.nullable.*null has no form in the query/,
    );
  });

  it("sends no pair for null, typed or given; its items as before", async () => {
    const tool = (await linkedTools(d)).find((t) => t.operationId === "getZqthread");
    if (!tool) throw new Error("getZqthread not linked");
    const include = tool.params.find((p) => p.name === "zqinclude");
    expect(include && typedText(include, "null")).toBeNull();
    const { fetch, seen } = scriptedFetch(json(200, { zqid: "t1" }), json(200, { zqid: "t1" }));
    const base = { baseUrl: "http://127.0.0.1:9", fetch };
    const input = { accessToken: "zq-credential-0001", zqthread: "t/1" };
    const nulls = await executeToolDefinition(tool, { ...input, zqinclude: null, zqtags: null }, base);
    expect(nulls).toMatchObject({ success: true });
    const given = await executeToolDefinition(tool, { ...input, zqinclude: ["zq.notes", "zq.calls"] }, base);
    expect(given).toMatchObject({ success: true });
    expect(seen.map((s) => new URL(s.url).search)).toEqual(["", "?zqinclude=zq.notes&zqinclude=zq.calls"]);
  });

  it("passes every derived case on the mock, the null case among them", async () => {
    const on = await draftedOnMock("acme", doc, ["getZqthread"]);
    try {
      const ids = deriveCases(on.subject).map((c) => c.id);
      expect(ids.filter((id) => id.includes("null given to zqinclude, zqtags: sent as nothing"))).toHaveLength(1);
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
