// Texts of `format: uri-reference` (a link that may be relative: `../items/1`) and `format: regex` (a rule written as a
// regular expression), which a manifest could not state: add drafted neither (a note said so), the runtime took any
// text, the suite drew free text for a reference and for a regex inside a JSON value (`( `, `a b`), and the mock
// refused it. Both are manifest formats now: drafted from the document at the top level and read into the limits
// inside a JSON value, checked before any request (a relative reference taken, which `uri` would refuse), drawn valid
// by the suite and broken by its format cases, and every derived case passes on the mock.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { validateParams } from "@blockwright/runtime/internal";
import { casesNotPassed, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const text = (format: string, description: string) => ({ type: "string", format, description });
const document = openapi({
  "/zqrules": {
    post: {
      operationId: "addZqRule",
      parameters: [
        { name: "zqNext", in: "query", schema: { ...text("uri-reference", "Where to go next."), maxLength: 200 } },
      ],
      requestBody: {
        required: true,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["zqMatch", "zqLink"],
              properties: {
                zqMatch: text("regex", "Which names the rule takes."),
                zqLink: text("uri-reference", "The rule's page."),
                zqAlso: { type: "array", description: "More rules.", items: { type: "string", format: "regex" } },
                zqSeeAlso: { type: "array", description: "Pages.", items: { type: "string", format: "uri-reference" } },
              },
            },
          },
        },
      },
      responses: { "204": { description: "Added." } },
    },
  },
});

describe("texts of format uri-reference and regex", () => {
  it("are drafted with their formats, which the runtime checks before any request", async () => {
    const d = drafted(document, ["addZqRule"]);
    const params = d.manifest.operations.acme_add_zq_rule?.params ?? {};
    expect(params.zqMatch).toMatchObject({ format: "regex" });
    expect(params.zqLink).toMatchObject({ format: "uri-reference" });
    expect(params.zqNext).toMatchObject({ format: "uri-reference" });
    expect(notesAt(d, "operations.acme_add_zq_rule.params.zqMatch").join()).not.toMatch(/cannot state/);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    expect(tool?.params.find((p) => p.name === "zqAlso")?.items).toMatchObject({ format: "regex" });
    expect(tool?.params.find((p) => p.name === "zqSeeAlso")?.items).toMatchObject({ format: "uri-reference" });
    const given = (input: object) =>
      validateParams(tool!, { accessToken: "zq-token-1", zqMatch: "^zq$", zqLink: "../items/1", ...input });
    expect(given({})).toMatchObject({ ok: true });
    expect(given({ zqNext: "/zq?page=2#top", zqAlso: ["a|b"], zqSeeAlso: ["https://example.com/zq"] })).toMatchObject({
      ok: true,
    });
    expect(given({ zqMatch: "(" })).toMatchObject({ ok: false, issues: [{ param: "zqMatch", rule: "format" }] });
    expect(given({ zqLink: "/a page" })).toMatchObject({ ok: false, issues: [{ param: "zqLink", rule: "format" }] });
    expect(given({ zqAlso: ["[a-"] })).toMatchObject({ ok: false, issues: [{ param: "zqAlso" }] });
    expect(given({ zqSeeAlso: ["a b"] })).toMatchObject({ ok: false, issues: [{ param: "zqSeeAlso" }] });
  });

  it("bound a query value's length where the format does (uri-reference); regex takes add's default", async () => {
    const d = drafted(
      openapi({
        "/zqfind": {
          get: {
            operationId: "findZq",
            parameters: [
              { name: "zqMatch", in: "query", required: true, schema: text("regex", "Which names.") },
              { name: "zqNext", in: "query", schema: text("uri-reference", "Where to go next.") },
            ],
            responses: { "204": { description: "Found." } },
          },
        },
      }),
      ["findZq"],
    );
    const params = d.manifest.operations.acme_find_zq?.params ?? {};
    expect(params.zqMatch).toMatchObject({ format: "regex", maxLength: expect.any(Number) });
    expect(params.zqNext).toMatchObject({ format: "uri-reference" });
    expect(params.zqNext).not.toHaveProperty("maxLength");
    expect(await linkProblems(d)).toEqual([]);
  });

  it("are drawn valid by the suite: every derived case passes on the mock", async () => {
    const on = await draftedOnMock("acme", document, ["addZqRule"]);
    try {
      expect(await casesNotPassed(on)).toEqual([]);
    } finally {
      await on.close();
    }
  }, 120_000);
});
