// A create's or an update's form that writes a field in another shape than the read answers it (found by hand on a
// published time-tracking API's whole document, 3 of 1,609 cases): tags sent as one comma-separated text and read back
// as a list of texts, a team sent as its id and read back as the list of teams, a country sent as any text and read
// back in at most two letters. The stateful mock keeps a sent value only where the read's record stays valid with it,
// so it kept its own there, and the round trip held the record's field to the value sent ("expected "example", got
// ["…"]"). A single value does not come back in a field that is a list only, nor a text outside the field's length or
// pattern; a text within them, or a list field of a union, still does.
import { describe, expect, it } from "vitest";
import { readHolds, resourcesOf } from "./mock-resources.js";

const record = {
  type: "object",
  properties: {
    zqId: { type: "integer" },
    zqTags: { type: "array", items: { type: "string" } },
    zqTeams: { type: "array", items: { type: "object", properties: { zqId: { type: "integer" } } } },
    zqMaybeTags: { type: ["array", "null"], items: { type: "string" } },
    zqCountry: { type: "string", maxLength: 2 },
    zqCode: { type: "string", minLength: 3, pattern: "^[A-Z]+$" },
    zqLabel: { type: ["string", "null"], maxLength: 5 },
    zqEither: { type: ["array", "string"] },
    zqName: { type: "string" },
  },
};
const answer = { "200": { description: "ok", content: { "application/json": { schema: record } } } };
const body = {
  content: { "application/json": { schema: { type: "object", properties: { zqTags: { type: "string" } } } } },
};
const document = {
  openapi: "3.1.0",
  info: { title: "zq", version: "1" },
  paths: {
    "/zqsheets": { post: { requestBody: body, responses: answer } },
    "/zqsheets/{zqId}": {
      parameters: [{ name: "zqId", in: "path", required: true, schema: { type: "integer" } }],
      get: { responses: answer },
      patch: { requestBody: body, responses: answer },
    },
  },
};

describe("a read field that is a list, or a text with bounds", () => {
  const [resource] = resourcesOf(document);
  const holds = (name: string, value: unknown) => readHolds(document, resource!, name, value);

  it("holds no text, number or boolean in a field that is a list only", () => {
    expect(resource).toBeDefined();
    expect(holds("zqTags", "a,b")).toBe(false);
    expect(holds("zqTeams", 1)).toBe(false);
    expect(holds("zqMaybeTags", true)).toBe(false);
    expect(holds("zqTags", ["a"])).toBe(true);
    expect(holds("zqEither", "a,b")).toBe(true);
  });

  it("holds a text within the field's length and pattern only", () => {
    expect(holds("zqCountry", "example")).toBe(false);
    expect(holds("zqCountry", "GR")).toBe(true);
    expect(holds("zqCountry", "ÉÉ")).toBe(true);
    expect(holds("zqCode", "AB")).toBe(false);
    expect(holds("zqCode", "abcd")).toBe(false);
    expect(holds("zqCode", "ABCD")).toBe(true);
    expect(holds("zqLabel", "example")).toBe(false);
    expect(holds("zqLabel", "ex")).toBe(true);
    expect(holds("zqName", "example")).toBe(true);
  });
});
