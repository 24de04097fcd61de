// A drawn credential of a few letters may spell a part of a JSON body's field name (`am` in `"name"`): the property
// case then found "the credential also appears in the body" though nothing of it was sent there (a basic credential's
// password drawn short, beside a body with a `name` field). In a JSON body the credential is looked for in its values;
// a value holding it is still found.
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keyedDocument, keyedManifest, linkedTool } from "../../../test-support/linked-tool.js";
import type { Exchange } from "../exchange.js";
import { checkCredential } from "./credential-check.js";
import { runScratch } from "../../../test-support/run/run-scratch.js";

const work = mkdtempSync(join(runScratch(), "blockwright-credential-body-keys-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const openapi = keyedDocument("zqnotes", {
  "/zqnotes": {
    post: {
      operationId: "createZqnote",
      requestBody: {
        content: { "application/json": { schema: { type: "object", properties: { name: { type: "string" } } } } },
      },
      responses: { "204": { description: "made" } },
    },
  },
});
const manifest = keyedManifest(
  "zqnotes",
  `  zqnotes_create:
    operationId: createZqnote
    title: Create a note
    description: Create a note.
    params:
      name: { type: string, description: The name., wire: { in: body } }
    outputs: {}
`,
);
const { linked, tool } = await linkedTool(work, "zqnotes", openapi, manifest, "zqnotes_create");
const op = linked.document.operations.get("createZqnote")!;

const sent = (key: string, body: unknown): Exchange => {
  const url = new URL("https://api.zqnotes.test/zqnotes");
  const rawBody = JSON.stringify(body);
  return {
    method: "POST",
    url,
    search: "",
    headers: new Headers({ "x-zq-key": key, "content-type": "application/json" }),
    rawBody,
    body,
    status: 204,
    responseHeaders: new Headers(),
    responseBody: "",
    violations: [],
    at: 0,
  };
};

describe("a credential looked for in a JSON body", () => {
  it("is not found in the body's field names", () => {
    expect(() =>
      checkCredential(sent("am", { name: "zq" }), tool, linked.document, op, { apiKey: "am", name: "zq" }),
    ).not.toThrow();
  });

  it("is found in a value the call was not given", () => {
    expect(() =>
      checkCredential(sent("am", { name: "zq-am" }), tool, linked.document, op, { apiKey: "am", name: "zq" }),
    ).toThrow(/the credential also appears in the body/);
  });
});
