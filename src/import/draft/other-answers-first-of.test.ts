// Success answers beside a reply that is a bare list or a page object holding it (`oneOf: [array, {results, next}]`),
// whose list outputs are read from the first of `$response.body#/results` and `$response.body`: the other answers'
// shapes were compared with the union's, which has none, so every typed answer was an outcome (a 206 page read as its
// status alone), and the fields the outputs read counted single places only (a 202 object holding `next` but no list
// would have been read into the list's outputs). An answer of either form of the union is the outputs' own; one
// lacking a field any place reads is an outcome.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqitem = { type: "object", properties: { zqid: { type: "string" } } };
const list = { type: "array", items: zqitem };
const page = { type: "object", required: ["results"], properties: { results: list, next: { type: "string" } } };
const document = openapi({
  "/zqitems": {
    get: {
      operationId: "zqListItems",
      responses: {
        "200": reply({ oneOf: [list, page] }, [{ zqid: "i1" }]),
        // Still gathering: where to look next, and no list yet.
        "202": reply({ type: "object", properties: { next: { type: "string" }, zqnote: { type: "string" } } }),
        "203": reply(list, [{ zqid: "i2" }]),
        "206": reply(page, { results: [{ zqid: "i3" }], next: "/zqitems?after=i3" }),
      },
    },
  },
});

describe("success answers beside a bare list or a page object holding it", () => {
  it("reads a page or a bare list into the list's outputs, and an object without the list as an outcome", async () => {
    const d = drafted(document, ["zqListItems"]);
    const op = Object.values(d.manifest.operations).find((o) => o.operationId === "zqListItems");
    expect(op?.outputs?.data).toMatchObject({ from: ["$response.body#/results", "$response.body"] });
    expect(Object.keys(op?.outcomes ?? {})).toEqual(["202"]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const call = (status: number, body: unknown) =>
      executeToolDefinition(
        tool!,
        { accessToken: "zq-token-0001" },
        {
          baseUrl: "http://127.0.0.1:9",
          fetch: async () =>
            new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
        },
      );
    expect(await call(206, { results: [{ zqid: "i3" }], next: "/zqitems?after=i3" })).toMatchObject({
      success: true,
      output: { data: [{ zqid: "i3" }] },
    });
    expect(await call(203, [{ zqid: "i2" }])).toMatchObject({ success: true, output: { data: [{ zqid: "i2" }] } });
    const waiting = await call(202, { next: "/zqitems?after=i0", zqnote: "gathering" });
    expect(waiting).toMatchObject({ success: true });
    expect(waiting.success && waiting.output.data).toBeUndefined();
  });
});
