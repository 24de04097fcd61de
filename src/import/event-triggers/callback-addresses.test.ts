// Where a callback calls: OpenAPI keys a callback's path item by a runtime expression naming the URL to call back
// (`{$request.body#/url}`, the address a subscriber gave). A key with no expression in it is an address the document
// fixes (a third party's, `https://quillfeather.example/index`): the provider calls it, not the subscriber's receiver,
// so no trigger can take its deliveries. A callback named by a condition (`zqTarget === quill-index`) is no name a
// trigger can name. `add` kept both in the cut silently; now each gets a note at its operation saying why no trigger.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  jsonBody,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

/** A delivery signed with an HMAC of its raw body in X-Zq-Signature. */
const signedDelivery = {
  post: {
    parameters: [
      {
        name: "X-Zq-Signature",
        in: "header",
        description: "The SHA-256 HMAC signature of the raw request body, signed using the secret of the hook.",
        schema: { type: "string" },
        example: "a".repeat(64),
      },
    ],
    requestBody: jsonBody({ type: "object", required: ["id"], properties: { id: { type: "string" } } }),
    responses: { "200": { description: "Taken." } },
  },
};
/** A GET /zqsearch whose callbacks are `callbacks`. */
const searching = (callbacks: unknown) =>
  openapi({
    "/zqsearch": {
      get: {
        operationId: "searchZqThings",
        parameters: [{ name: "zqTarget", in: "query", schema: { type: "string" } }],
        responses: { "200": reply({ type: "object", properties: { total: { type: "integer" } } }, { total: 1 }) },
        callbacks,
      },
    },
  });
const at = "operations.acme_search_zq_things";

describe("a callback add drafts no trigger for", () => {
  it("calls an address the document fixes, under a name that is a condition: one note says why", async () => {
    const d = drafted(
      searching({ "zqTarget === quill-index": { "https://quillfeather.example/api/search": signedDelivery } }),
      ["searchZqThings"],
    );
    expect(d.manifest.triggers ?? {}).toEqual({});
    expect(notesAt(d, at)).toContain(
      'callback "zqTarget === quill-index" of acme_search_zq_things: no trigger drafted, as it calls ' +
        '"https://quillfeather.example/api/search", an address the document fixes, not one a request or its ' +
        "answer gives (a runtime expression such as {$request.body#/url}): the provider calls it, not your receiver",
    );
    expect(await linkProblems(d)).toEqual([]);
  });

  it("calls back the address a request gave, under a name no trigger can name: the note says the name", async () => {
    const d = drafted(searching({ "zqTarget === quill-index": { "{$request.query.zqHook}": signedDelivery } }), [
      "searchZqThings",
    ]);
    expect(d.manifest.triggers ?? {}).toEqual({});
    expect(notesAt(d, at)).toContain(
      'callback "zqTarget === quill-index" of acme_search_zq_things: no trigger drafted, as its name is none a ' +
        "trigger's event can name (letters, digits and _ . : - only): rename the callback in the document's copy " +
        "(openapi.yaml) and declare the trigger by hand (docs/guides/triggers.md)",
    );
  });
});

describe("a callback add drafts a trigger for", () => {
  it("whose key is a runtime expression written without braces", async () => {
    const d = drafted(searching({ zqIndexed: { "$request.query.zqHook": signedDelivery } }), ["searchZqThings"]);
    expect(d.manifest.triggers?.acme_zq_indexed?.event).toEqual({
      callback: { operation: "acme_search_zq_things", name: "zqIndexed" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("whose key stands for the subscriber's address in words or a placeholder, not an address written whole", () => {
    for (const key of ["{zqWebhookUrl}", "The address given to /zqhooks"]) {
      const d = drafted(searching({ zqIndexed: { [key]: signedDelivery } }), ["searchZqThings"]);
      expect(Object.keys(d.manifest.triggers ?? {})).toEqual(["acme_zq_indexed"]);
    }
  });

  it("whose address is a fixed one's path beside an expression (a host the request gave)", () => {
    const d = drafted(searching({ zqIndexed: { "{$request.query.zqHost}/zqhooks": signedDelivery } }), [
      "searchZqThings",
    ]);
    expect(Object.keys(d.manifest.triggers ?? {})).toEqual(["acme_zq_indexed"]);
  });
});
