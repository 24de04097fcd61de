// A base whose discriminator sits in an allOf member beside the `$ref` of the schema it extends (`ZqObject: {allOf:
// [{$ref: ZqEntity}, {discriminator: {propertyName: "@zq.type", mapping: {"#zq.policy": ZqPolicy, …}}}]}`), two of
// whose kinds are bases themselves, written the same way and carrying no value of their own (their leaves carry
// `x-ms-discriminator-value`). The kinds' values read a mapping only on the base's own `discriminator`, so a kind that
// is a base was named by its schema's name (`ZqPolicy`) where the mapping names it `#zq.policy`: the drafted union, the
// link's limits and the judge refused a caller giving the mapped value. A base whose discriminator sits only in such a
// member, its kinds marked by nothing else, is a base too.
import { afterAll, describe, expect, it } from "vitest";
import { rmSync } from "node:fs";
import jsyaml from "js-yaml";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../__fixtures__/draft-kit.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { requestJudge } from "../../judge/judge.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const TYPE = "@zq.type";
const typed = (extra: Record<string, unknown> = {}) => ({
  type: "object",
  required: [TYPE],
  properties: { [TYPE]: { type: "string" }, ...extra },
});
const mapped = (...names: string[]) => ({
  propertyName: TYPE,
  mapping: Object.fromEntries(names.map((name) => [`#zq.${name.slice(2).toLowerCase()}`, ref(name).$ref])),
});

const schemas = {
  ZqEntity: { ...typed({ id: { type: "string" } }), discriminator: mapped("ZqObject", "ZqUser", "ZqPolicy", "ZqSts") },
  ZqObject: {
    allOf: [ref("ZqEntity"), { ...typed(), discriminator: mapped("ZqUser", "ZqPolicy", "ZqSts", "ZqRate") }],
  },
  ZqUser: { allOf: [ref("ZqObject"), typed({ zqmail: { type: "string" } })], "x-ms-discriminator-value": "#zq.user" },
  ZqPolicy: { allOf: [ref("ZqObject"), { ...typed({ zqrule: { type: "string" } }), discriminator: mapped("ZqSts") }] },
  ZqSts: { allOf: [ref("ZqPolicy"), { ...typed({ zqdef: { type: "string" } }), discriminator: mapped("ZqRate") }] },
  ZqRate: { allOf: [ref("ZqSts"), typed({ zqlimit: { type: "integer" } })], "x-ms-discriminator-value": "#zq.rate" },
};

const document = openapi(
  {
    "/zqobjects/{id}": {
      patch: {
        operationId: "zqUpdateObject",
        parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
        requestBody: { required: true, content: { "application/json": { schema: ref("ZqObject") } } },
        responses: { "204": { description: "done" } },
      },
    },
    "/zqholders": {
      post: {
        operationId: "zqCreateHolder",
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: { type: "object", properties: { zqheld: ref("ZqObject") } } },
          },
        },
        responses: { "201": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "h1" }) },
      },
    },
  },
  { schemas },
);

// biome-ignore lint/suspicious/noExplicitAny: the cut is read field by field
const cutOf = (text: string) => jsyaml.load(text) as any;

describe("a base's kinds that are bases themselves, their discriminators in allOf members", () => {
  it("are named in the drafted union as the base's mapping names them", () => {
    const d = drafted(document, ["zqUpdateObject"], "zqgraph");
    const union = cutOf(d.openapiText).components.schemas.ZqObjectKinds;
    expect(union.oneOf).toEqual([ref("ZqUser"), ref("ZqPolicy"), ref("ZqSts"), ref("ZqRate")]);
    expect(union.discriminator).toEqual({
      propertyName: TYPE,
      mapping: {
        "#zq.user": ref("ZqUser").$ref,
        "#zq.policy": ref("ZqPolicy").$ref,
        "#zq.sts": ref("ZqSts").$ref,
        "#zq.rate": ref("ZqRate").$ref,
      },
    });
  });

  it("sends a kind that is a base by its mapped value, judged right, and refuses its schema name", async () => {
    const d = drafted(document, ["zqUpdateObject"], "zqgraph");
    const [tool] = await linkedTools(d, "zqgraph");
    for (const body of [
      { [TYPE]: "#zq.policy", zqrule: "a/b é" },
      { [TYPE]: "#zq.sts", zqdef: "x" },
      { [TYPE]: "#zq.rate", zqlimit: 3 },
    ]) {
      const { sent, judged } = await judgedCall(d, tool as never, { id: "o1", body, accessToken: "zq-token-0001" });
      expect(JSON.parse(new TextDecoder().decode(sent.body))).toEqual(body);
      expect(judged.refusals.filter((r) => r.rule !== "security")).toEqual([]);
    }
    const refused = await sentOrRefused(tool as never, { id: "o1", body: { [TYPE]: "ZqPolicy" } }, {});
    expect(refused.sent).toBe(0);
    expect(refused.message).toContain("#zq.policy");
  });

  it("holds a field of the base to the kinds by their mapped values, in the link and in the judge", async () => {
    const d = drafted(document, ["zqCreateHolder"], "zqheld");
    const [tool] = await linkedTools(d, "zqheld");
    const policy = { zqheld: { [TYPE]: "#zq.policy", zqrule: "r" } };
    expect((await sentOrRefused(tool as never, policy, { id: "h1" })).message).toBe("sent");
    const refused = await sentOrRefused(tool as never, { zqheld: { [TYPE]: "ZqPolicy" } }, { id: "h1" });
    expect(refused).toMatchObject({ sent: 0 });
    const judge = requestJudge(new OpenApiDocument(parseYamlSource(JSON.stringify(document), "zq.json")), {
      credential: "present",
    });
    const judged = (body: unknown) =>
      judge({
        method: "POST",
        url: "https://api.acme.test/zqholders",
        headers: new Headers({ "content-type": "application/json" }),
        body: new TextEncoder().encode(JSON.stringify(body)),
      }).refusals.filter((r) => r.rule !== "security");
    expect(judged(policy)).toEqual([]);
    // Naming no kind (the base's own name): the discriminator's refusal, as a discriminated union's.
    expect(judged({ zqheld: { [TYPE]: "ZqPolicy" } }).map((r) => r.rule)).toEqual(["discriminator"]);
  });

  it("reads a base whose discriminator sits only in an allOf member, its kinds marked by nothing else", () => {
    const plain = openapi(
      {
        "/zqnodes": {
          post: {
            operationId: "zqCreateNode",
            requestBody: { required: true, content: { "application/json": { schema: ref("ZqNode") } } },
            responses: { "204": { description: "done" } },
          },
        },
      },
      {
        schemas: {
          ZqThing: { type: "object", properties: { id: { type: "string" } } },
          ZqNode: {
            allOf: [
              ref("ZqThing"),
              {
                type: "object",
                properties: { zqkind: { type: "string" } },
                discriminator: { propertyName: "zqkind", mapping: { "zq-leaf": ref("ZqLeaf").$ref } },
              },
            ],
          },
          ZqLeaf: { allOf: [ref("ZqNode"), { properties: { zqsize: { type: "integer" } } }] },
        },
      },
    );
    const union = cutOf(drafted(plain, ["zqCreateNode"], "zqnodes").openapiText).components.schemas.ZqNodeKinds;
    expect(union).toEqual({
      oneOf: [ref("ZqLeaf")],
      discriminator: { propertyName: "zqkind", mapping: { "zq-leaf": ref("ZqLeaf").$ref } },
    });
  });
});
