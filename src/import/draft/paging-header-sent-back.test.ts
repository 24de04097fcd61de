// A list whose next page is asked by a reply HEADER's token sent back as a request header (`X-Next-Token` answered and
// sent, `X-Limit` the page size: a farm data API's fields; a repository's `X-Cursor`): the paging names were matched
// against the header's whole name, which its `X-` and `-` kept from matching, so the draft made the token a plain
// input and output and a call over all pages stopped at the first. A header's name is read as its words: the draft
// pages by the cursor style (the header read, the header sent back), with its review note, links, and pages so.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { type DraftedOnMock, draftedOnMock } from "../../contract/__fixtures__/drafted-subject.js";
import { drafted, draftWorkFolder, linkedTools, linkProblems, notesAt, openapi } from "../__fixtures__/draft-kit.js";

let on: DraftedOnMock | undefined;
afterAll(async () => {
  rmSync(draftWorkFolder, { recursive: true, force: true });
  await on?.close();
});

const header = (name: string, schema: object) => ({ name, in: "header", required: false, schema });
const thing = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
const document = openapi({
  "/zqthings": {
    get: {
      operationId: "listZqThings",
      parameters: [
        header("X-Next-Token", { type: "string", maxLength: 200 }),
        header("X-Limit", { type: "integer", minimum: 1, maximum: 100 }),
      ],
      responses: {
        "200": {
          description: "A page of things.",
          headers: { "X-Next-Token": { schema: { type: "string" }, description: "The next page's token." } },
          content: {
            "application/json": {
              schema: { type: "object", properties: { results: { type: "array", items: thing } } },
            },
          },
        },
      },
    },
  },
});

describe("a list paged by a reply header's token sent back as a request header", () => {
  it("is drafted as cursor paging on the header, with its note, and links", async () => {
    const d = drafted(document, ["listZqThings"], "zqhdr");
    expect(d.manifest.operations.zqhdr_list_zq_things!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.header.X-Next-Token",
      send: { in: "header", name: "X-Next-Token" },
      items: ["data"],
      pageSize: "xLimit",
    });
    expect(notesAt(d, "operations.zqhdr_list_zq_things.pagination")).toEqual([
      "paging recognised as a cursor: the reply's X-Next-Token header, sent back as X-Next-Token; the list ends at a " +
        "reply without it",
    ]);
    expect(await linkProblems(d, "zqhdr")).toEqual([]);
  });

  it("pages: each next request carries the token the reply before gave, until a reply gives none", async () => {
    const d = drafted(document, ["listZqThings"], "zqhdr");
    const [tool] = await linkedTools(d, "zqhdr");
    const { fetch, seen } = scriptedFetch(
      json(200, { results: [{ id: "zq1" }] }, { "X-Next-Token": "zqt2" }),
      json(200, { results: [{ id: "zq2" }] }, { "X-Next-Token": "zqt3" }),
      json(200, { results: [{ id: "zq3" }] }),
    );
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0123456789" },
      { fetch, allPages: true },
    );
    expect(seen.map((s) => s.headers.get("x-next-token"))).toEqual([null, "zqt2", "zqt3"]);
    expect(result).toMatchObject({ success: true, output: { data: [{ id: "zq1" }, { id: "zq2" }, { id: "zq3" }] } });
  });

  it("pages on the mock: the token its first page answers is sent back, and that page is the last", async () => {
    on = await draftedOnMock("zqhdrmock", document, ["listZqThings"]);
    const tool = on.subject.tools[0]!;
    const sent: (string | null)[] = [];
    const fetch = (request: Request) => {
      sent.push(request.headers.get("x-next-token"));
      return globalThis.fetch(request);
    };
    const params = { accessToken: "zq-token-0123456789" };
    const result = await executeToolDefinition(tool, params, { fetch, allPages: true, baseUrl: on.url });
    expect(result.success).toBe(true);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBeNull();
    expect(sent[1]).toEqual(expect.any(String));
  });
});
