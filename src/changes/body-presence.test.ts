// A request body a newer version of a made-up document (`zqnotes`) adds or drops as a whole: compared as a change of
// the body, not passed as none because one side has no body to compare field by field.
import { describe, expect, it } from "vitest";
import { documentChanges, type DocumentSet } from "./document-diff.js";

type Json = Record<string, unknown>;

const one = (doc: Json): DocumentSet => ({ root: "zqnotes.yaml", files: new Map([["zqnotes.yaml", doc]]) });
const note = { type: "object", required: ["text"], properties: { text: { type: "string" } } };

/** One POST, with the body given or none. */
const doc = (requestBody?: Json): Json => ({
  openapi: "3.0.3",
  paths: {
    "/zqnotes": {
      post: { ...(requestBody ? { requestBody } : {}), responses: { "204": { description: "done" } } },
    },
  },
});

const changes = (before: Json, after: Json) =>
  documentChanges(one(before), one(after), [{ method: "POST", path: "/zqnotes" }]).map((c) => [
    c.kind,
    c.severity,
    c.location,
    c.pointer,
  ]);

const body = (required: boolean) => ({ required, content: { "application/json": { schema: note } } });

describe("a request body added or dropped", () => {
  it("a body dropped: breaking, at the whole body", () => {
    expect(changes(doc(body(true)), doc())).toEqual([["request-body-removed", "breaking", "request.body", "/"]]);
  });

  it("a required body added: breaking; an optional one: non-breaking", () => {
    expect(changes(doc(), doc(body(true)))).toEqual([["added-required-request-body", "breaking", "request.body", "/"]]);
    expect(changes(doc(), doc(body(false)))).toEqual([
      ["added-optional-request-body", "non-breaking", "request.body", "/"],
    ]);
  });

  it("a body in both versions: compared field by field as before, no change of the body as a whole", () => {
    expect(changes(doc(body(false)), doc(body(false)))).toEqual([]);
  });
});

describe("a field a body now requires, nothing a call may leave out above it", () => {
  const fields = (required: string[]) => ({
    type: "object",
    required,
    // `zqtitle` only where required: a new field.
    properties: { text: { type: "string" }, ...(required.includes("zqtitle") ? { zqtitle: { type: "string" } } : {}) },
  });
  const withFields = (required: boolean, names: string[]) =>
    doc({ required, content: { "application/json": { schema: fields(names) } } });
  const reasons = (before: Json, after: Json) =>
    documentChanges(one(before), one(after), [{ method: "POST", path: "/zqnotes" }]).map((c) => [c.kind, c.reason]);

  it("in a body a call may leave out: asked of the calls sending a body", () => {
    expect(reasons(withFields(false, []), withFields(false, ["zqtitle"]))).toEqual([
      ["new-required-request-property", "a call sending a body must now send it"],
    ]);
    expect(reasons(withFields(false, []), withFields(false, ["text"]))).toEqual([
      ["request-property-became-required", "a call sending a body must now send it"],
    ]);
  });

  it("in a body every call sends: asked of every call", () => {
    expect(reasons(withFields(true, []), withFields(true, ["zqtitle"]))).toEqual([
      ["new-required-request-property", "every call must now send it"],
    ]);
  });
});
