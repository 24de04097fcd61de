// Shapes of published documents the drafts met in the corpus
// (contract-tests/corpus/), each drafted so that generate and the contract
// suite pass with no hand edit: a format validators know by another name;
// an operation that names no security scheme beside others that do; a
// pattern that bounds the length itself; a summary that is the operationId
// as code.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
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

const ok = { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "1" }) };

describe("formats validators name otherwise", () => {
  it(
    "a body field of format url is drafted as format uri (the mock checks url: a value of no " + "format fails there)",
    async () => {
      const doc = openapi({
        "/zqhooks": {
          post: {
            operationId: "createZqhook",
            requestBody: {
              required: true,
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    required: ["target"],
                    properties: { target: { type: "string", format: "url" } },
                  },
                },
              },
            },
            responses: ok,
          },
        },
      });
      const d = drafted(doc, ["createZqhook"], "zqhooks");
      expect(d.manifest.operations.zqhooks_create_zqhook!.params!.target).toMatchObject({
        type: "string",
        format: "uri",
        required: true,
      });
      expect(notesAt(d, "operations.zqhooks_create_zqhook.params.target")).toContain(
        "the spec gives format url: drafted as format uri, which every url value is",
      );
      expect(await linkProblems(d, "zqhooks")).toEqual([]);
    },
  );
});

describe(
  "an operation that names no security scheme, beside chosen ones that do, in a document with " + "none for all",
  () => {
    it(
      "takes no credential: security: [] written out in the cut, the tool anonymous, the others " + "keep theirs",
      async () => {
        const doc = openapi({
          "/zqsessions/whoami": {
            get: {
              operationId: "whoAmI",
              parameters: [{ name: "X-Zq-Session", in: "header", schema: { type: "string", maxLength: 64 } }],
              responses: ok,
            },
          },
          "/zqusers": { get: { operationId: "listZqusers", security: [{ bearer: [] }], responses: ok } },
        });
        delete doc.security;
        const d = drafted(doc, ["whoAmI", "listZqusers"], "zqsessions");
        expect(d.openapiText).toMatch(/^# Written out by blockwright add: whoAmI\.security: \[\]/m);
        expect(d.added).toContain("whoAmI.security");
        expect(await linkProblems(d, "zqsessions")).toEqual([]);
        const tools = Object.fromEntries((await linkedTools(d, "zqsessions")).map((t) => [t.id, t]));
        expect(tools.zqsessions_who_am_i?.anonymous).toBe(true);
        expect(tools.zqsessions_list_zqusers?.anonymous).toBeUndefined();
      },
    );

    it("is left as published where the document has security for all, or no operation names a scheme", () => {
      const withTop = openapi({
        "/zqsessions/whoami": { get: { operationId: "whoAmI", responses: ok } },
        "/zqusers": { get: { operationId: "listZqusers", security: [{ bearer: [] }], responses: ok } },
      });
      expect(drafted(withTop, ["whoAmI", "listZqusers"], "zqsessions").added).not.toContain("whoAmI.security");
      const none = openapi({ "/zqsessions/whoami": { get: { operationId: "whoAmI", responses: ok } } });
      delete none.security;
      expect(drafted(none, ["whoAmI"], "zqsessions").added).toEqual(["security"]);
    });
  },
);

describe("a string whose pattern bounds its length", () => {
  it("gets no default maxLength (which no value of the pattern reaches: the limit cases found none)", async () => {
    const doc = openapi({
      "/zqactions/{actionId}": {
        get: {
          operationId: "getZqaction",
          parameters: [
            { name: "actionId", in: "path", required: true, schema: { type: "string", pattern: "^[A-Z0-9]{26}$" } },
            { name: "q", in: "query", schema: { type: "string", pattern: "^[a-z]+" } },
          ],
          responses: ok,
        },
      },
    });
    const d = drafted(doc, ["getZqaction"], "zqactions");
    const params = d.manifest.operations.zqactions_get_zqaction!.params!;
    expect(params.actionId).toMatchObject({ pattern: "^[A-Z0-9]{26}$" });
    expect(params.actionId!.maxLength).toBeUndefined();
    // A pattern open at its end bounds nothing: the default stays.
    expect(params.q!.maxLength).toBeDefined();
    const tools = await linkedTools(d, "zqactions");
    expect(tools[0]?.params.find((p) => p.name === "actionId")?.maxLength).toBe(26);
  });
});

describe("a summary that is the operationId written as code", () => {
  it(
    "gives way to a title from the operationId in words (addZqcards() → Add zqcards), with a " +
      "note; a one-word summary stays",
    () => {
      const doc = openapi({
        "/zqcards": {
          post: { operationId: "addZqcards", summary: "addZqcards()", responses: ok },
          get: { operationId: "check", summary: "Check", responses: ok },
        },
      });
      const d = drafted(doc, ["addZqcards", "check"], "zqcards");
      expect(d.manifest.operations.zqcards_add_zqcards).toMatchObject({
        title: "Add zqcards",
        description: "Add zqcards",
      });
      expect(notesAt(d, "operations.zqcards_add_zqcards.title")).toEqual([
        'the operation\'s summary is its operationId ("addZqcards()"): drafted from the operationId in words',
      ]);
      expect(d.manifest.operations.zqcards_check!.title).toBe("Check");
      expect(notesAt(d, "operations.zqcards_check.title")).toEqual([]);
    },
  );

  // A summary written as another name in code than the operationId (`searchZqActivity` on getZqboxesActivity, as a
  // published sandbox API writes its summaries) was drafted as the title word for word: an MCP tool's title, an n8n
  // operation's name and a Sim block's selector read "searchZqActivity". It is drafted in words, with a note; a name
  // written in mixed case as a brand writes it (`iOS`) stays.
  it("a summary that is another name in code is drafted in words (searchZqActivity → Search zq activity)", () => {
    const doc = openapi({
      "/zqactivity": { get: { operationId: "getZqboxesActivity", summary: "searchZqActivity", responses: ok } },
      "/zqlogs": { get: { operationId: "listZqLogs", summary: "fetch_zq_logs()", responses: ok } },
      "/zqapps": { get: { operationId: "listZqApps", summary: "iOS", responses: ok } },
    });
    const d = drafted(doc, ["getZqboxesActivity", "listZqLogs", "listZqApps"], "zqboxes");
    expect(d.manifest.operations.zqboxes_get_zqboxes_activity).toMatchObject({
      title: "Search zq activity",
      description: "Search zq activity",
    });
    expect(notesAt(d, "operations.zqboxes_get_zqboxes_activity.title")).toEqual([
      'the operation\'s summary is a name in code ("searchZqActivity"): drafted in words',
    ]);
    expect(d.manifest.operations.zqboxes_list_zq_logs!.title).toBe("Fetch zq logs");
    expect(d.manifest.operations.zqboxes_list_zq_apps!.title).toBe("iOS");
    expect(notesAt(d, "operations.zqboxes_list_zq_apps.title")).toEqual([]);
  });
});
