// `upstream --accept` where the newer document types a request value otherwise (Indicia's face search: a multipart
// `media` of no type, drafted as a text, become `{type: string, format: binary}`): the manifest kept add's draft of the
// older request, so the tool sent a text where the service reads a file, and the request judge refused every case.
// A parameter add drafts otherwise from the newer request, at the same place, follows it, with a line and a note; one
// written by hand stays.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { drafted, openapi, reply } from "../import/__fixtures__/draft-kit.js";
import { carryDrafted } from "./carry.js";

const upload = (zqmedia: object) =>
  openapi({
    "/zqfaces": {
      post: {
        operationId: "zqFindFaces",
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: { type: "object", properties: { zqmedia, zqnote: { type: "string" } }, required: ["zqmedia"] },
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { zqid: { type: "string" } } }) },
      },
    },
  });

describe("a parameter add drafts otherwise from the newer request", () => {
  const older = upload({});
  const newer = upload({ type: "string", format: "binary", description: "The image." });
  const draft = drafted(older, ["zqFindFaces"]);

  it("follows the newer draft, under the manifest's name", () => {
    expect(draft.manifest.operations.acme_zq_find_faces!.params!.zqmedia).toMatchObject({ type: "string" });
    const carried = carryDrafted(draft.manifestText, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    const params = parse(carried.text).operations.acme_zq_find_faces.params;
    const redrafted = drafted(newer, ["zqFindFaces"]).manifest.operations.acme_zq_find_faces!.params!;
    expect(redrafted.zqmedia).toMatchObject({ type: "file" });
    expect(params.zqmedia).toEqual(redrafted.zqmedia);
    // The one the newer document leaves as it was is not touched.
    expect(params.zqnote).toEqual(draft.manifest.operations.acme_zq_find_faces!.params!.zqnote);
    expect(carried.lines).toContain(
      "operations.acme_zq_find_faces.params.zqmedia: zqmedia as add drafts it from the newer document's request",
    );
    expect(carried.text).toMatch(/# review: zqmedia as add drafts it from the newer document's request/);
  });

  it("keeps a parameter written by hand", () => {
    const params = draft.manifest.operations.acme_zq_find_faces!.params!;
    const mine = draft.manifestText.replace(/(\n\s+zqmedia:\n)(\s+)/, "$1$2title: My media\n$2");
    expect(mine).not.toBe(draft.manifestText);
    const carried = carryDrafted(mine, draft.openapiText, JSON.stringify(newer), "openapi.yaml");
    expect(parse(carried.text).operations.acme_zq_find_faces.params.zqmedia.type).toBe(params.zqmedia!.type);
  });
});

// Indicia's username search again, later: its JSON answer became a stream of server-sent events. The manifest kept
// add's draft of the JSON answer (no `stream`), so the call asked for JSON and the service answered 406.
describe("an answer add reads otherwise from the newer document", () => {
  const answer = (content: object) =>
    openapi({
      "/zqsearch": {
        post: {
          operationId: "zqSearch",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: { zqq: { type: "string" } } } } },
          },
          responses: { "200": { description: "The matches.", content } },
        },
      },
    });
  const json = answer({ "application/json": { schema: { type: "object", properties: { zqid: { type: "string" } } } } });
  const events = answer({ "text/event-stream": { schema: { type: "string" } } });

  it("follows the newer draft both ways, with a line each", () => {
    const fromJson = drafted(json, ["zqSearch"]);
    expect(fromJson.manifest.operations.acme_zq_search!.stream).toBeUndefined();
    const toEvents = carryDrafted(fromJson.manifestText, fromJson.openapiText, JSON.stringify(events), "openapi.yaml");
    const streamed = drafted(events, ["zqSearch"]).manifest.operations.acme_zq_search!.stream;
    expect(streamed).toBeTruthy();
    expect(parse(toEvents.text).operations.acme_zq_search.stream).toEqual(streamed);
    expect(toEvents.lines).toContain(
      "operations.acme_zq_search.stream: stream as add drafts it from the newer document",
    );

    const fromEvents = drafted(events, ["zqSearch"]);
    const toJson = carryDrafted(fromEvents.manifestText, fromEvents.openapiText, JSON.stringify(json), "openapi.yaml");
    expect(parse(toJson.text).operations.acme_zq_search.stream).toBeUndefined();
    expect(toJson.lines).toContain("operations.acme_zq_search: stream as add drafts it from the newer document");
  });

  it("keeps a reading written by hand", () => {
    const fromJson = drafted(json, ["zqSearch"]);
    const mine = fromJson.manifestText.replace(/(\n\s+operationId: zqSearch\n)(\s+)/, "$1$2download: true\n$2");
    expect(mine).not.toBe(fromJson.manifestText);
    const carried = carryDrafted(mine, fromJson.openapiText, JSON.stringify(events), "openapi.yaml");
    expect(parse(carried.text).operations.acme_zq_search).toMatchObject({ download: true });
    expect(parse(carried.text).operations.acme_zq_search.stream).toBeUndefined();
  });
});
