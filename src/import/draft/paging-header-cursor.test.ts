// A list whose next page's cursor comes in a reply header (`X-Next-Token` beside a `nextToken` parameter, a bare list):
// drafted as the Link header before (the document declares none), so a paged call never reached a second page. The
// header is the cursor now, sent back as the parameter; the list ends at a reply without it.
import { rmSync } from "node:fs";
import { collectPages, fullSupport } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
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

const zqbox = { type: "object", required: ["id"], properties: { id: { type: "string" } } };
const doc = (header: string) =>
  openapi({
    "/zqboxes": {
      get: {
        operationId: "listZqboxes",
        parameters: [
          { name: "nextToken", in: "query", schema: { type: "string" } },
          { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100 } },
        ],
        responses: {
          "200": reply({ type: "array", items: zqbox }, [{ id: "b1" }], {
            [header]: { description: "The next page's token.", schema: { type: "string" } },
          }),
        },
      },
    },
  });

describe("a bare list whose reply header carries the next page's cursor", () => {
  it("is drafted as a cursor read from the header and sent back as the parameter", async () => {
    const d = drafted(doc("X-Next-Token"), ["listZqboxes"]);
    expect(d.manifest.operations.acme_list_zqboxes!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.header.X-Next-Token",
      send: { in: "query", name: "nextToken" },
      items: ["data"],
      pageSize: "limit",
    });
    expect(notesAt(d, "operations.acme_list_zqboxes.pagination").join(" ")).toContain("X-Next-Token header");
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    const { fetch, seen } = scriptedFetch(
      json(200, [{ id: "b1" }], { "x-next-token": "t/1 é" }),
      json(200, [{ id: "b2" }]),
    );
    const all = await collectPages(
      tool!,
      { accessToken: "zq-token-0001" },
      { ...fullSupport, baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(all.success && all.output.data).toEqual([{ id: "b1" }, { id: "b2" }]);
    expect(seen.map((r) => new URL(r.url).searchParams.get("nextToken"))).toEqual([null, "t/1 é"]);
  });

  it("reads a header named next and cursor beside another cursor parameter", () => {
    const d = drafted(doc("Next-Cursor"), ["listZqboxes"]);
    expect(d.manifest.operations.acme_list_zqboxes!.pagination).toMatchObject({
      cursor: "$response.header.Next-Cursor",
      send: { in: "query", name: "nextToken" },
    });
  });

  it("stays the Link header's where no reply header names a cursor", () => {
    const d = drafted(doc("X-Zq-Total"), ["listZqboxes"]);
    expect(d.manifest.operations.acme_list_zqboxes!.pagination).toMatchObject({ style: "linkHeader" });
  });
});
