// A text in the address or a header that the schema leaves unbounded gets add's default maxLength (1000 in the query
// or a header). Where its words name a longer length too hedged to draft as its limit ("If single string, up to 1024
// characters", "a combined length … may not exceed 10,000 characters", "a maximum length of 51,200 bytes"), the
// default refused a value the document allows, before any request: the default grows to the length the words name.
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
import { DEFAULT_MAX_LENGTH } from "../params.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, description: string) => ({ name, in: "query", description, schema: { type: "string" } });
const zqDoc = openapi({
  "/zqsearch": {
    get: {
      operationId: "zqSearch",
      parameters: [
        query(
          "zqFields",
          "Fields to search. A space or comma separated list. If single string, up to 1024 characters.",
        ),
        query("zqText", "The combined length of zqText and zqBefore may not exceed 10,000 characters."),
        query("zqBody", "The body, with a minimum length of 1 byte and a maximum length of 51,200 bytes."),
        query("zqName", "Up to 120 characters."),
        query("zqShort", "If given, up to 20 characters."),
        query("zqWords", "Words; at most 5000 ids in all."),
        {
          name: "X-Zq-Context",
          in: "header",
          description: "Up to 3,583 bytes of base64 data.",
          schema: { type: "string" },
        },
        {
          name: "X-Zq-Range",
          in: "header",
          description: "The bytes sent: bytes 0-262143/2469036 is the first 262144 bytes of a 2,469,036 byte file.",
          schema: { type: "string" },
        },
      ],
      responses: { "200": { description: "Done" } },
    },
  },
});
const at = "operations.acme_zq_search.params";

describe("add's default maxLength beside a length the words name", () => {
  it("grows to the longest length in characters or bytes the description names, with a note saying so", async () => {
    const d = drafted(zqDoc, ["zqSearch"]);
    const params = d.manifest.operations.acme_zq_search?.params ?? {};
    expect({
      zqFields: params.zqFields?.maxLength,
      zqText: params.zqText?.maxLength,
      zqBody: params.zqBody?.maxLength,
      xZqContext: params.xZqContext?.maxLength,
    }).toEqual({ zqFields: 1024, zqText: 10000, zqBody: 51200, xZqContext: 3583 });
    expect(notesAt(d, `${at}.zqFields`)).toContain(
      "maxLength 1024 is blockwright add's default for a query value the spec leaves unbounded (the length its " +
        "description names); set the upstream's real limit",
    );
    expect(await linkProblems(d)).toEqual([]);
    const tool = (await linkedTools(d)).find((t) => t.id === "acme_zq_search");
    if (!tool) throw new Error("no tool");
    expect(await sentOrRefused(tool, { zqFields: "f".repeat(1024), zqText: "t".repeat(9000) }, {})).toEqual({
      message: "sent",
      sent: 1,
    });
    expect((await sentOrRefused(tool, { zqFields: "f".repeat(1025) }, {})).sent).toBe(0);
  });

  it("keeps a limit the words state as theirs, and the default where the words name less or no length", () => {
    const d = drafted(zqDoc, ["zqSearch"]);
    const params = d.manifest.operations.acme_zq_search?.params ?? {};
    expect(params.zqName?.maxLength).toBe(120);
    // Bytes of a file the value speaks of are no length of the value.
    expect([params.zqShort?.maxLength, params.zqWords?.maxLength, params.xZqRange?.maxLength]).toEqual([
      DEFAULT_MAX_LENGTH.query,
      DEFAULT_MAX_LENGTH.query,
      DEFAULT_MAX_LENGTH.header,
    ]);
    expect(notesAt(d, `${at}.zqWords`)).toContain(
      `maxLength ${DEFAULT_MAX_LENGTH.query} is blockwright add's default for a query value the spec leaves ` +
        "unbounded; set the upstream's real limit",
    );
  });
});
