// A list whose query `token` has no description, beside lists whose `token` says it fetches the next page (grpc-gateway
// leaves a field's comment out where its message is reused): the reply hands `token` back, so it is the next page's,
// not a credential. Before, the undescribed one was taken as repeating the bearer token (auth.covers: [token]), and
// generate refused every other list that sends its `token` (BW2012): the whole document's draft did not link.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { collectPages, fullSupport } from "@blockwright/runtime/internal";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const page = (description?: string) => ({
  name: "token",
  in: "query",
  schema: { type: "string" },
  ...(description ? { description } : {}),
});
const listed = (field: string) => ({
  "200": reply({
    type: "object",
    properties: {
      [field]: { type: "array", items: { type: "object", properties: { id: { type: "string" } } } },
      token: { type: "string", description: "The next page's token; empty after the last page." },
    },
  }),
});

describe("a query token the list's reply hands back", () => {
  it("is the list's own parameter, never the credential's, described or not; the draft links and pages", async () => {
    const d = drafted(
      openapi({
        "/zqshelves": {
          get: { operationId: "listZqShelves", parameters: [page()], responses: listed("shelves") },
        },
        "/zqbins": {
          get: {
            operationId: "listZqBins",
            parameters: [page("In the case of multiple pages of results, the server-provided token fetches the next.")],
            responses: listed("bins"),
          },
        },
      }),
      ["listZqShelves", "listZqBins"],
    );
    expect(d.manifest.auth.covers).toBeUndefined();
    for (const id of ["acme_list_zq_shelves", "acme_list_zq_bins"]) {
      expect(d.manifest.operations[id]?.params?.token).toMatchObject({ wire: { in: "query" } });
      expect(d.manifest.operations[id]?.pagination).toMatchObject({
        style: "cursor",
        cursor: "$response.body#/token",
        send: { in: "query", name: "token" },
      });
    }
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = (await linkedTools(d)).filter((t) => t.id === "acme_list_zq_shelves");
    const rows = (ids: string[], token: string) => json(200, { shelves: ids.map((id) => ({ id })), token });
    const { fetch, seen } = scriptedFetch(rows(["s1", "s2"], "zq t/2"), rows(["s3"], ""));
    const all = await collectPages(tool!, { accessToken: "zq-token-0001" }, { ...fullSupport, fetch });
    expect(all.success && all.output.data).toEqual([{ id: "s1" }, { id: "s2" }, { id: "s3" }]);
    expect(seen.map((s) => new URL(s.url).searchParams.get("token"))).toEqual([null, "zq t/2"]);
    expect(seen.map((s) => s.headers.get("authorization"))).toEqual(Array(2).fill("Bearer zq-token-0001"));
  });

  it("a token the reply does not hand back, undescribed, still repeats the credential", () => {
    const d = drafted(
      openapi({
        "/zqshelves": {
          get: {
            operationId: "listZqShelves",
            parameters: [page()],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
          },
        },
      }),
      ["listZqShelves"],
    );
    expect(d.manifest.auth.covers).toEqual(["token"]);
  });
});
