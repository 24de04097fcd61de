// A page's token and a credential read apart. A page token named with `next` (`nextPageToken`, `next_token`) was
// drafted secret where its description mentioned an access token in passing, or taken for a token an answer hands out
// for later calls; a credential whose name carries `next` (a reply's `next_refresh_token`, a rotated credential) was
// taken for the cursor of a list, sending the caller's refresh token as the next page's. A name whose words say a
// page's token is paging's alone (load/schemas/name-words.ts namesPageToken), and a secret parameter is never a
// paging place (draft/paging/page-request.ts).
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { draftWorkFolder, drafted, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const query = (name: string, description: string) => ({ name, in: "query", description, schema: { type: "string" } });
const items = { type: "array", items: { type: "object", properties: { id: { type: "string" } } } };

describe("a page token named with next is never a credential", () => {
  it("a nextPageToken whose description mentions an access token stays plain, and is the list's cursor", () => {
    const document = openapi({
      "/zqthings": {
        get: {
          operationId: "listZqThings",
          parameters: [query("nextPageToken", "The next page token from the last reply; send your access token too.")],
          responses: {
            "200": reply({ type: "object", properties: { items, nextPageToken: { type: "string" } } }),
          },
        },
      },
    });
    const d = drafted(document, ["listZqThings"]);
    const op = d.manifest.operations.acme_list_zq_things!;
    expect(op.params?.nextPageToken?.secret).toBeUndefined();
    expect(op.pagination).toMatchObject({ style: "cursor", send: { in: "query", name: "nextPageToken" } });
  });

  it("a next_token handed back 'for subsequent calls' is no token for later calls: another list's stays plain", () => {
    const answer = { type: "string", description: "Pass this token in subsequent calls." };
    const document = openapi({
      "/zqthings": {
        get: {
          operationId: "listZqThings",
          responses: { "200": reply({ type: "object", properties: { items, next_token: answer } }) },
        },
      },
      "/zqothers": {
        get: {
          operationId: "listZqOthers",
          parameters: [query("next_token", "Where to start.")],
          responses: { "200": reply({ type: "object", properties: { items } }) },
        },
      },
    });
    const d = drafted(document, ["listZqThings", "listZqOthers"]);
    expect(d.manifest.operations.acme_list_zq_others!.params?.next_token?.secret).toBeUndefined();
  });
});

describe("a credential whose name carries next is never a page token", () => {
  it("a reply's next_refresh_token is not read as the cursor sent back as the secret refresh_token", () => {
    const document = openapi({
      "/zqsessions": {
        get: {
          operationId: "listZqSessions",
          parameters: [query("refresh_token", "The refresh token of the session.")],
          responses: {
            "200": reply({ type: "object", properties: { items, next_refresh_token: { type: "string" } } }),
          },
        },
      },
    });
    const d = drafted(document, ["listZqSessions"]);
    const op = d.manifest.operations.acme_list_zq_sessions!;
    expect(op.params?.refresh_token?.secret).toBe(true);
    expect(JSON.stringify(op.pagination ?? {})).not.toContain("refresh_token");
  });
});

describe("a page's access token named pageToken", () => {
  it("is a secret where its description's first sentence says an access token and nothing of a list's pages", () => {
    const document = openapi({
      "/zqpages/{zqid}/posts": {
        post: {
          operationId: "postZqPage",
          parameters: [
            { name: "zqid", in: "path", required: true, schema: { type: "string" } },
            query("pageToken", "The Page access token of the page to post as. Get it from the page's settings."),
            query("page_token", "The page token from the previous reply's next field, for the next page of results."),
          ],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    });
    const op = drafted(document, ["postZqPage"]).manifest.operations.acme_post_zq_page!;
    expect(op.params?.pageToken?.secret).toBe(true);
    expect(op.params?.page_token?.secret).toBeUndefined();
  });
});
