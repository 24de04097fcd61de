// A form field the document JSON-encodes (`encoding: {field: {contentType:
// application/json}}`): drafted, linked and sent as its JSON text, a list a
// pair per item (`to="a"&to="b"`, OpenAPI 3.2's Encoding Object), not as the
// form's own writing (`to=a&to=b`); the contract suite's request reading
// writes it the same way.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { executeToolDefinition } from "@blockwright/runtime";
import {
  draftWorkFolder,
  drafted,
  linkedTools,
  linkProblems,
  openapi,
  reply,
  type Json,
} from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const form = (encoding: Json) =>
  openapi({
    "/zqmessages": {
      post: {
        operationId: "sendMessage",
        requestBody: {
          required: true,
          content: {
            "application/x-www-form-urlencoded": {
              schema: {
                type: "object",
                required: ["to", "content"],
                properties: {
                  to: { type: "array", items: { type: "string" }, description: "Who gets it." },
                  content: { type: "string", description: "The text." },
                  flags: { type: "object", properties: { urgent: { type: "boolean" } }, description: "How it goes." },
                },
              },
              encoding,
            },
          },
        },
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "m1" }) },
      },
    },
  });

async function sent(encoding: Json, input: Record<string, unknown>): Promise<string> {
  const d = drafted(form(encoding), ["sendMessage"]);
  expect(await linkProblems(d)).toEqual([]);
  const [tool] = await linkedTools(d);
  let body = "";
  const fetchFn = async (request: Request) => {
    body = await request.text();
    return new Response('{"id":"m1"}', { status: 200, headers: { "content-type": "application/json" } });
  };
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001", ...input },
    { baseUrl: "https://api.acme.test", fetch: fetchFn },
  );
  expect(result).toMatchObject({ success: true });
  return decodeURIComponent(body.replaceAll("+", " "));
}

describe("a form field the document JSON-encodes", () => {
  it("goes as its JSON text, a list's items each their own; the others as the form writes them", async () => {
    const body = await sent(
      { to: { contentType: "application/json" }, flags: { contentType: "application/json; charset=utf-8" } },
      { to: ["ann", "bo"], content: "hi there", flags: { urgent: true } },
    );
    expect(body).toBe('to="ann"&to="bo"&content=hi there&flags={"urgent":true}');
  });

  it("is written by the form's rules where the document gives no JSON type", async () => {
    const body = await sent({ to: { contentType: "text/plain" } }, { to: ["ann", "bo"], content: "hi" });
    expect(body).toBe("to=ann&to=bo&content=hi");
  });
});

describe("a query parameter the document describes with a JSON content (no schema)", () => {
  const search = openapi({
    "/zqsearch": {
      get: {
        operationId: "searchRecords",
        parameters: [
          {
            name: "filter",
            in: "query",
            content: {
              "application/json": {
                schema: { type: "object", properties: { kind: { type: "string" } }, description: "What to keep." },
              },
            },
          },
          { name: "term", in: "query", content: { "application/json": { schema: { type: "string", maxLength: 20 } } } },
        ],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "r1" }) },
      },
    },
  });

  it("is typed by that content's schema and sent as its JSON text", async () => {
    const d = drafted(search, ["searchRecords"]);
    expect(await linkProblems(d)).toEqual([]);
    const params = d.manifest.operations.acme_search_records!.params!;
    expect(params.term).toMatchObject({ type: "string", maxLength: 20 });
    expect(params.filter).toMatchObject({ type: "json" });
    const [tool] = await linkedTools(d);
    let url = "";
    const fetchFn = async (request: Request) => {
      url = request.url;
      return new Response('{"id":"r1"}', { status: 200, headers: { "content-type": "application/json" } });
    };
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-token-0001", filter: { kind: "a b" }, term: "dune" },
      { baseUrl: "https://api.acme.test", fetch: fetchFn },
    );
    expect(result).toMatchObject({ success: true });
    const query = new URL(url).searchParams;
    expect([query.get("filter"), query.get("term")]).toEqual(['{"kind":"a b"}', '"dune"']);
  });
});

describe("a field of a JSON content query parameter", () => {
  it("cannot be sent alone: refused at link, naming the JSON text", async () => {
    const d = drafted(
      openapi({
        "/zqsearch": {
          get: {
            operationId: "searchRecords",
            parameters: [
              {
                name: "filter",
                in: "query",
                content: {
                  "application/json": { schema: { type: "object", properties: { kind: { type: "string" } } } },
                },
              },
            ],
            responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "r1" }) },
          },
        },
      }),
      ["searchRecords"],
    );
    expect(d.manifestText).toContain("wire: { in: query }");
    const split = d.manifestText.replace("wire: { in: query }", "wire: { in: query, name: filter, field: kind }");
    expect((await linkProblems({ ...d, manifestText: split })).join("\n")).toContain(
      "is written as one value (its JSON text: content application/json)",
    );
  });
});
