// A text sent in a create or an update to a field whose read schema gives it a format (`url: {type: string, format:
// uri}`) while the request's takes any text: a text not of that format cannot come back from the read (the mock makes
// one of its own there, as the answer's schema asks), so the round trip does not expect it echoed; one of the format,
// or a text field without one, is held.
import { describe, expect, it } from "vitest";
import { readHolds, resourcesOf } from "./mock-resources.js";

const record = {
  type: "object",
  properties: {
    zqId: { type: "integer" },
    zqUrl: { type: "string", format: "uri" },
    zqName: { type: "string" },
    zqHost: { type: "string", format: "zq-unknown" },
    zqDue: { type: "object" },
    zqRegion: { type: "object", properties: { zqSlug: { type: "string" } } },
  },
};
const answer = { "200": { description: "ok", content: { "application/json": { schema: record } } } };
const body = {
  content: { "application/json": { schema: { type: "object", properties: { zqUrl: { type: "string" } } } } },
};
const document = {
  openapi: "3.0.3",
  info: { title: "zq", version: "1" },
  paths: {
    "/zqregistries": { post: { requestBody: body, responses: answer } },
    "/zqregistries/{zqId}": {
      parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "integer" } }],
      get: { responses: answer },
      put: { requestBody: body, responses: answer },
    },
  },
};

describe("a read field with a format", () => {
  const [resource] = resourcesOf(document);

  it("holds a text of its format, not another text; a field without a known format holds any text", () => {
    expect(resource).toBeDefined();
    expect(readHolds(document, resource!, "zqUrl", "https://zq.example/a")).toBe(true);
    expect(readHolds(document, resource!, "zqUrl", "example")).toBe(false);
    expect(readHolds(document, resource!, "zqName", "example")).toBe(true);
    expect(readHolds(document, resource!, "zqHost", "example")).toBe(true);
  });

  // An object of no declared field (a generator's Date, `{type: object}`) read back where a text was sent (Maesn's
  // invoice `dueDate`): the mock keeps its own object, and the round trip expected the text echoed.
  it("holds no text in an object that declares no field; one that declares fields may be the record it names", () => {
    expect(readHolds(document, resource!, "zqDue", "2026-12-03")).toBe(false);
    expect(readHolds(document, resource!, "zqDue", { zqAt: "2026-12-03" })).toBe(true);
    expect(readHolds(document, resource!, "zqRegion", "zq-north")).toBe(true);
  });
});
