// Hypermedia links beside a record: a reply of one record that wraps it beside
// a list of links (`{value: {…}, links: [{rel, href, method}]}`) was drafted
// as a list of its links (the one list among a few fields), the record left
// out. Links to other addresses are no records: the record is the data, read
// from its envelope. A list of records that happens to be named `links` (no
// `href` in its items) stays the list.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { draftWorkFolder, drafted, linkedTools, linkProblems, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqlink = {
  type: "object",
  properties: { rel: { type: "string" }, href: { type: "string" }, method: { type: "string" } },
};
const zqtreaty = {
  type: "object",
  properties: { zqtitle: { type: "string" }, zqlaidDate: { type: "string" }, zqseries: { type: "string" } },
};
const byId = (schema: object) =>
  openapi({
    "/api/zqtreaty/{zqkey}": {
      get: {
        operationId: "getZqtreaty",
        parameters: [{ name: "zqkey", in: "path", required: true, schema: { type: "string" } }],
        responses: { "200": reply(schema) },
      },
    },
  });

describe("a record beside its hypermedia links", () => {
  const resource = {
    type: "object",
    additionalProperties: false,
    properties: { links: { type: "array", nullable: true, items: zqlink }, value: zqtreaty },
  };

  it("is the data, read from its envelope; the links are no list; it links", async () => {
    const d = drafted(byId(resource), ["getZqtreaty"]);
    const outputs = d.manifest.operations.acme_get_zqtreaty!.outputs;
    expect(outputs.data).toMatchObject({ type: "json", from: "$response.body#/value" });
    expect(outputs["metadata.zqtitle"]).toMatchObject({ from: "$response.body#/value/zqtitle" });
    expect(outputs["metadata.count"]).toBeUndefined();
    expect(await linkProblems(d)).toEqual([]);
  });

  it("gives the record when called", async () => {
    const [tool] = await linkedTools(drafted(byId(resource), ["getZqtreaty"]));
    const { fetch } = scriptedFetch(
      json(200, {
        value: { zqtitle: "Zq accord", zqseries: "zq" },
        links: [{ rel: "self", href: "/x", method: "GET" }],
      }),
    );
    const result = await executeToolDefinition(
      tool!,
      { accessToken: "zq-credential-0001", zqkey: "k1" },
      { baseUrl: "http://127.0.0.1:9", fetch },
    );
    expect(result).toMatchObject({ success: true, output: { data: { zqtitle: "Zq accord" } } });
  });

  it("is the data beside HAL's object of links (`_links: {self: {href}}`)", () => {
    const hal = {
      type: "object",
      properties: {
        _links: { type: "object", properties: { self: { type: "object", properties: { href: { type: "string" } } } } },
        zqentry: zqtreaty,
      },
    };
    const outputs = drafted(byId(hal), ["getZqtreaty"]).manifest.operations.acme_get_zqtreaty!.outputs;
    expect(outputs.data).toMatchObject({ type: "json", from: "$response.body#/zqentry" });
  });

  it("leaves a list of records named links (no href in its items) the list", () => {
    const shortened = {
      type: "object",
      properties: {
        links: { type: "array", items: { type: "object", properties: { id: { type: "string" }, long_url: {} } } },
        zqpaging: zqtreaty,
      },
    };
    const outputs = drafted(byId(shortened), ["getZqtreaty"]).manifest.operations.acme_get_zqtreaty!.outputs;
    expect(outputs.data).toMatchObject({ type: "array", from: "$response.body#/links" });
  });
});
