// Replies whose shape the drafter read wrong on held-back published documents:
// a success answer without a body beside one with (Sentry's 208 Already
// Reported beside its 201; a 204 beside a 200), whose outputs were drafted
// required, so the suite's case for that answer failed; and a record named
// after the resource beside a list of notes (Dropbox Sign's
// `{signature_request: {…}, warnings: […]}`), whose list was drafted as the
// data and the record dropped.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
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

const zqrelease = {
  type: "object",
  required: ["id", "version"],
  properties: { id: { type: "string" }, version: { type: "string" } },
};
const credential = { accessToken: "zq-credential-0001" };

describe("a success answer without a body beside one with", () => {
  const doc = openapi({
    "/zqreleases": {
      post: {
        operationId: "createZqrelease",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: { type: "object", properties: { version: { type: "string", maxLength: 20 } } },
            },
          },
        },
        responses: {
          "201": reply(zqrelease, { id: "r1", version: "1.0" }),
          "208": { description: "Already Reported" },
        },
      },
    },
  });

  it("makes the body's outputs optional and drafts the status beside them, with a note; it links", async () => {
    const d = drafted(doc, ["createZqrelease"]);
    const outputs = d.manifest.operations.acme_create_zqrelease!.outputs;
    expect(Object.entries(outputs).filter(([, o]) => o.from !== "$statusCode" && !o.optional)).toEqual([]);
    expect(Object.values(outputs).filter((o) => o.from === "$statusCode")).toHaveLength(1);
    expect(notesAt(d, "operations.acme_create_zqrelease.outputs")).toContainEqual(
      expect.stringMatching(/^the 208 reply has no body/),
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("reads either answer as a success: the record from the 201, the status alone from the bodiless 208", async () => {
    const [tool] = await linkedTools(drafted(doc, ["createZqrelease"]));
    const { fetch } = scriptedFetch(json(201, { id: "r1", version: "1.0" }), new Response(null, { status: 208 }));
    const created = await executeToolDefinition(
      tool!,
      { ...credential, version: "1.0" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(created).toMatchObject({
      success: true,
      output: { data: { id: "r1" }, metadata: { id: "r1", status: 201 } },
    });
    const reported = await executeToolDefinition(
      tool!,
      { ...credential, version: "1.0" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(reported).toEqual({ success: true, output: { metadata: { status: 208 } } });
  });

  it("leaves the outputs required when every success answer has a body", () => {
    const both = openapi({
      "/zqreleases": {
        get: {
          operationId: "getZqrelease",
          responses: { "200": reply(zqrelease, { id: "r1", version: "1.0" }), "203": reply(zqrelease) },
        },
      },
    });
    const outputs = drafted(both, ["getZqrelease"]).manifest.operations.acme_get_zqrelease!.outputs;
    expect(Object.values(outputs).filter((o) => o.optional)).toEqual([]);
    expect(Object.values(outputs).filter((o) => o.from === "$statusCode")).toEqual([]);
  });
});

describe("a record named after the resource beside a list of notes", () => {
  const zqnote = { type: "object", properties: { warning_msg: { type: "string" }, warning_name: { type: "string" } } };
  const doc = openapi({
    "/zqsignature_request/{zqsignature_request_id}": {
      get: {
        operationId: "getZqsignatureRequest",
        parameters: [
          { name: "zqsignature_request_id", in: "path", required: true, schema: { type: "string", maxLength: 40 } },
        ],
        responses: {
          "200": reply(
            {
              type: "object",
              required: ["zqsignature_request"],
              properties: {
                zqsignature_request: {
                  type: "object",
                  properties: { signature_request_id: { type: "string" }, title: { type: "string" } },
                },
                warnings: { type: "array", items: zqnote },
              },
            },
            { zqsignature_request: { signature_request_id: "s1", title: "Lease" }, warnings: [] },
          ),
        },
      },
    },
  });

  it("drafts the record as the data, not the list beside it", async () => {
    const d = drafted(doc, ["getZqsignatureRequest"]);
    const outputs = d.manifest.operations.acme_get_zqsignature_request!.outputs;
    expect(outputs.data).toMatchObject({ type: "json", from: "$response.body#/zqsignature_request" });
    expect(Object.values(outputs).map((o) => o.from)).not.toContain("$response.body#/warnings");
    expect(await linkProblems(d)).toEqual([]);
  });
});

// A page of a list that also describes what it lists from (a genre's id and name beside the list of its best
// podcasts, `/best_podcasts`): the list is named by the path's last word, and the page number pages it.
describe("a list named by the last word of its path, beside the id of what it is a list of", () => {
  const zqgadget = { type: "object", properties: { id: { type: "string" }, title: { type: "string" } } };
  const page = {
    type: "object",
    properties: {
      id: { type: "integer" },
      name: { type: "string" },
      gadgets: { type: "array", items: zqgadget },
      has_next: { type: "boolean" },
      next_page_number: { type: "integer" },
      page_number: { type: "integer" },
      total: { type: "integer" },
    },
  };
  const doc = openapi({
    "/zq_best_gadgets": {
      get: {
        operationId: "getZqBestGadgets",
        parameters: [{ name: "page", in: "query", schema: { type: "integer", default: 1 } }],
        responses: {
          "200": reply(page, {
            id: 7,
            name: "Zq",
            gadgets: [{ id: "g1", title: "One" }],
            has_next: true,
            next_page_number: 2,
            page_number: 1,
            total: 12,
          }),
        },
      },
    },
  });

  it("is the data, paged by the page number while has_next is true; it links", async () => {
    const d = drafted(doc, ["getZqBestGadgets"]);
    const op = d.manifest.operations.acme_get_zq_best_gadgets!;
    expect(op.outputs!.data).toMatchObject({ type: "array", from: "$response.body#/gadgets" });
    expect(op.pagination).toMatchObject({
      style: "page",
      send: { in: "query", name: "page" },
      more: { from: "$response.body#/has_next", equals: true },
    });
    expect(await linkProblems(d)).toEqual([]);
  });
});
