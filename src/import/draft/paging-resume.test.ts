// A reply's field saying where its page stopped, sent back as the request's field saying where the next starts, of
// one schema (paging-resume.ts): drafted as cursor paging, a text or a number, or an object (a record's key) sent
// back whole in the JSON body.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  linkProblems,
  notesAt,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const record = { type: "object", properties: { zqname: { type: "string" } } };
const zqKey = { type: "object", additionalProperties: { $ref: "#/components/schemas/ZqValue" } };
const zqValue = { type: "object", properties: { S: { type: "string" }, N: { type: "string" } } };
const zqName = { type: "string", minLength: 3, maxLength: 255 };
const described = (ref: string, description: string) => ({ allOf: [{ $ref: ref }, { description }] });

/** A POST listing zqthings, its body's and reply's fields as given. */
function listing(requestFields: Json, replyFields: Json): Json {
  return openapi(
    {
      "/zqthings.list": {
        post: {
          operationId: "zqListThings",
          requestBody: {
            required: true,
            content: { "application/json": { schema: { type: "object", properties: requestFields } } },
          },
          responses: {
            "200": reply(
              { type: "object", properties: { ZqThings: { type: "array", items: record }, ...replyFields } },
              { ZqThings: [] },
            ),
          },
        },
      },
    },
    { schemas: { ZqKey: zqKey, ZqValue: zqValue, ZqName: zqName } },
  );
}

const AT = "operations.acme_zq_list_things.pagination";

describe("where a page stopped, sent back as where the next starts", () => {
  it("a text of one schema: cursor paging sent in the body", async () => {
    const d = drafted(
      listing(
        {
          ExclusiveStartZqName: described("#/components/schemas/ZqName", "The first name this list will read."),
          Limit: { type: "integer", minimum: 1, maximum: 100 },
        },
        { LastEvaluatedZqName: described("#/components/schemas/ZqName", "The last name read.") },
      ),
      ["zqListThings"],
    );
    expect(d.manifest.operations.acme_zq_list_things!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/LastEvaluatedZqName",
      send: { in: "body", pointer: "/ExclusiveStartZqName" },
      items: ["data"],
      pageSize: "Limit",
    });
    expect(notesAt(d, AT)).toEqual([
      "paging recognised as a cursor: LastEvaluatedZqName of the reply, where this page stopped, sent back as the " +
        "body's ExclusiveStartZqName, where the next starts; the list ends at a reply without it",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("a next token sent back as a starting token in the query, the reply's of the parameter's schema", async () => {
    const doc = listing({}, { nextZqToken: described("#/components/schemas/ZqName", "More follow.") });
    const op = doc.paths["/zqthings.list"].post;
    op.parameters = [{ name: "startingZqToken", in: "query", schema: zqName }];
    const d = drafted(doc, ["zqListThings"]);
    expect(d.manifest.operations.acme_zq_list_things!.pagination).toMatchObject({
      style: "cursor",
      cursor: "$response.body#/nextZqToken",
      send: { in: "query", name: "startingZqToken" },
    });
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an object (a record's key): cursor paging sent back whole in the body", async () => {
    const d = drafted(
      listing(
        { ExclusiveStartZqKey: described("#/components/schemas/ZqKey", "Where to start.") },
        { LastEvaluatedZqKey: described("#/components/schemas/ZqKey", "Where it stopped.") },
      ),
      ["zqListThings"],
    );
    expect(d.manifest.operations.acme_zq_list_things!.pagination).toEqual({
      style: "cursor",
      cursor: "$response.body#/LastEvaluatedZqKey",
      send: { in: "body", pointer: "/ExclusiveStartZqKey" },
      items: ["data"],
    });
    expect(notesAt(d, AT)).toEqual([
      "paging recognised as a cursor: LastEvaluatedZqKey of the reply, where this page stopped, sent back as the " +
        "body's ExclusiveStartZqKey, where the next starts (an object, sent back whole); the list ends at a reply " +
        "without it",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("an object cursor sent in the query is refused by generate, naming the rule", async () => {
    const doc = listing(
      { ExclusiveStartZqKey: described("#/components/schemas/ZqKey", "Where to start.") },
      { LastEvaluatedZqKey: described("#/components/schemas/ZqKey", "Where it stopped.") },
    );
    doc.paths["/zqthings.list"].post.parameters = [{ name: "zqstart", in: "query", schema: { type: "string" } }];
    const d = drafted(doc, ["zqListThings"]);
    const sentInBody = "send: { in: body, pointer: /ExclusiveStartZqKey }";
    expect(d.manifestText).toContain(sentInBody);
    const inQuery = { ...d, manifestText: d.manifestText.replace(sentInBody, "send: { in: query, name: zqstart }") };
    expect((await linkProblems(inQuery)).join("\n")).toContain(
      '"$response.body#/LastEvaluatedZqKey" is object in specs/acme/openapi.yaml; a cursor is a string or a number, ' +
        "or an object sent in the body",
    );
  });

  it("a list of names beside where the page stopped: the list the paging gathers", async () => {
    const names = { type: "array", items: { $ref: "#/components/schemas/ZqName" } };
    const doc = listing(
      { ExclusiveStartZqName: described("#/components/schemas/ZqName", "The first name this list will read.") },
      { LastEvaluatedZqName: described("#/components/schemas/ZqName", "The last name read.") },
    );
    const ok = doc.paths["/zqthings.list"].post.responses["200"].content["application/json"];
    ok.schema = {
      type: "object",
      properties: { ZqNames: names, LastEvaluatedZqName: ok.schema.properties.LastEvaluatedZqName },
    };
    ok.example = { ZqNames: ["zqone"] };
    const d = drafted(doc, ["zqListThings"]);
    const operation = d.manifest.operations.acme_zq_list_things!;
    expect(operation.outputs!.data).toMatchObject({ type: "array", from: "$response.body#/ZqNames" });
    expect(operation.pagination).toMatchObject({ cursor: "$response.body#/LastEvaluatedZqName", items: ["data"] });
    expect(await linkProblems(d)).toEqual([]);
    // The same list without where its page stopped is no list reply: a record that holds names, its data the reply.
    ok.schema = { type: "object", properties: { ZqNames: names, zqowner: { type: "string" } } };
    ok.example = { ZqNames: ["zqone"], zqowner: "zq" };
    const record = drafted(doc, ["zqListThings"]).manifest.operations.acme_zq_list_things!;
    expect(record.pagination).toBeUndefined();
    expect(record.outputs!.data).toMatchObject({ type: "json", from: "$response.body" });
  });

  it.each([
    [
      "the body's",
      {
        nextToken: described("#/components/schemas/ZqName", "The token of the page."),
        maxResults: { type: "integer" },
      },
      { in: "body", pointer: "/nextToken" },
    ],
    ["the body's, capitalised", { NextToken: { type: "string" } }, { in: "body", pointer: "/NextToken" }],
  ])(
    "a list of names beside the next page's token, which the request takes (%s): the list the paging gathers",
    async (_, requestFields, send) => {
      const names = { type: "array", items: described("#/components/schemas/ZqName", "A name.") };
      const tokenName = Object.keys(requestFields)[0] as string;
      const doc = listing(requestFields, {});
      const ok = doc.paths["/zqthings.list"].post.responses["200"].content["application/json"];
      ok.schema = {
        type: "object",
        properties: {
          zqThingArns: described("#/components/schemas/ZqNames", "The names."),
          [tokenName]: { type: "string" },
        },
      };
      doc.components.schemas.ZqNames = names;
      ok.example = { zqThingArns: ["zqone"] };
      const d = drafted(doc, ["zqListThings"]);
      const operation = d.manifest.operations.acme_zq_list_things!;
      expect(operation.outputs!.data).toMatchObject({ type: "array", from: "$response.body#/zqThingArns" });
      expect(operation.pagination).toMatchObject({
        style: "cursor",
        cursor: `$response.body#/${tokenName}`,
        send,
        items: ["data"],
      });
      expect(await linkProblems(d)).toEqual([]);
      // Without the token in the reply, it is a record that holds names.
      ok.schema = { type: "object", properties: { zqThingArns: names, zqowner: { type: "string" } } };
      ok.example = { zqThingArns: ["zqone"], zqowner: "zq" };
      expect(drafted(doc, ["zqListThings"]).manifest.operations.acme_zq_list_things!.pagination).toBeUndefined();
    },
  );

  it("is no paging when the names meet and the schemas differ (a last name beside a start name)", () => {
    const d = drafted(
      listing({ startZqName: { type: "string", format: "date" } }, { lastZqName: { type: "string" } }),
      ["zqListThings"],
    );
    expect(d.manifest.operations.acme_zq_list_things!.pagination).toBeUndefined();
    expect(notesAt(d, AT)).toEqual([]);
  });
});
