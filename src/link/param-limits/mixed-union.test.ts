// A value inside a JSON body field that is a text or one of some objects (a recipient given by its id or as the
// object; an id or the expanded object): `oneOf`/`anyOf` of scalar types beside objects. The link read it as neither a
// union of objects nor one of scalars, so nothing of it survived: the runtime sent `[42]`, a model saw a list of
// anything, the typed client `unknown[]`, the suite drew and refused nothing of it (issue 59). Its kinds and shapes
// are recorded together now (NestedLimits.kinds beside .shapes) and read everywhere a value's limits reach.
import { rmSync } from "node:fs";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { inputSchema } from "@blockwright/runtime/internal";
import type { NestedLimits } from "@blockwright/runtime/internal";
import { jsonBoundaries } from "../../contract/kinds/limit.js";
import { validInput } from "../../contract/inputs/random-inputs.js";
import { ToolValues } from "../../contract/inputs/values.js";
import { paramTsType } from "../../emit/emit-tool-types.js";
import type { ParamSurface } from "../../model/surface-format.js";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkProblems,
  linkedTools,
  openapi,
  reply,
  sentOrRefused,
} from "../../import/__fixtures__/draft-kit.js";
import { diffParamLimits, type ParamLimitChange } from "./param-limit-changes.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const schemas = {
  ZqMember: {
    type: "object",
    required: ["zqMemberId"],
    properties: { zqMemberId: { type: "string" }, zqEmail: { type: "string" } },
  },
  ZqGroup: {
    type: "object",
    required: ["kind", "zqGroupKey"],
    properties: { kind: { type: "string", enum: ["Member", "Group"] }, zqGroupKey: { type: "string" } },
  },
  ZqCustomer: { type: "object", required: ["id"], properties: { id: { type: "string" }, zqName: { type: "string" } } },
};

/** A list of a text or a member or a group (three members, two objects), and an object whose field is an id or one. */
const body = {
  type: "object",
  required: ["zqTo"],
  properties: {
    zqTo: {
      type: "array",
      items: {
        oneOf: [
          { $ref: "#/components/schemas/ZqMember" },
          { type: "string", maxLength: 12 },
          { $ref: "#/components/schemas/ZqGroup" },
        ],
      },
    },
    zqOrder: {
      type: "object",
      properties: { zqCustomer: { anyOf: [{ type: "string" }, { $ref: "#/components/schemas/ZqCustomer" }] } },
    },
  },
};

function document() {
  return openapi(
    {
      "/zqnotify": {
        post: {
          operationId: "notifyZq",
          requestBody: { required: true, content: { "application/json": { schema: body } } },
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
        },
      },
    },
    { schemas },
  );
}

async function linked(provider: string, manifest = (text: string) => text) {
  const d = drafted(document(), ["notifyZq"], provider);
  const draft = { ...d, manifestText: manifest(d.manifestText) };
  const tools = await linkedTools(draft, provider);
  return { draft, tool: tools.find((t) => t.id === `${provider}_notify_zq`)! };
}

const sent = { message: "sent", sent: 1 };
const valid = ["zqs1", { zqMemberId: "x" }, { kind: "Group", zqGroupKey: "k" }];

describe("a value inside a JSON value that is a text or one of some objects", () => {
  it("refuses an item that fits none before any request, naming the place, the rule and the value", async () => {
    const { tool } = await linked("zqmixsend");
    const send = (to: unknown, order?: unknown) =>
      sentOrRefused(tool, { zqTo: to, ...(order ? { zqOrder: order } : {}) }, { id: "zq1" });
    expect(await send(valid)).toEqual(sent);
    const number = await send([42]);
    expect(number.sent).toBe(0);
    expect(number.message).toMatch(/zqTo\[0\]: must be one of string, object, got 42/);
    const list = await send(["a", ["b"]]);
    expect(list).toMatchObject({ sent: 0, message: expect.stringMatching(/zqTo\[1\]: must be one of string, object/) });
    // A text is held to its kind's limits, an object to its shapes.
    expect((await send(["x".repeat(13)])).message).toMatch(/zqTo\[0\]: must be at most 12 characters/);
    const stranger = await send([{ zqEmail: "e@zq.test" }]);
    expect(stranger).toMatchObject({ sent: 0, message: expect.stringMatching(/zqTo\[0\]: must meet one of its 2/) });
    // A field that is an id or the expanded object (one object beside a text).
    expect(await send(["a"], { zqCustomer: "cus_1" })).toEqual(sent);
    expect(await send(["a"], { zqCustomer: { id: "cus_1" } })).toEqual(sent);
    expect((await send(["a"], { zqCustomer: 7 })).message).toMatch(
      /zqOrder\.zqCustomer: must be one of string, object/,
    );
    expect((await send(["a"], { zqCustomer: { zqName: "n" } })).message).toMatch(/zqOrder\.zqCustomer\.id: is req/);
  });

  it("a manifest's one type narrows it to its kind, no shape, and is refused when it is none of them", async () => {
    const narrowed = (type: string) => (text: string) =>
      text.replace("        jsonType: array\n", `        jsonType: array\n        items: { type: ${type} }\n`);
    const texts = (await linked("zqmixtext", narrowed("string"))).tool;
    expect(texts.params.find((p) => p.name === "zqTo")?.items).toEqual({ type: "string", maxLength: 12 });
    expect((await sentOrRefused(texts, { zqTo: ["a"] }, {})).sent).toBe(1);
    expect((await sentOrRefused(texts, { zqTo: [{ zqMemberId: "x" }] }, {})).message).toMatch(/must be a string/);
    const d = drafted(document(), ["notifyZq"], "zqmixbool");
    const problems = await linkProblems({ ...d, manifestText: narrowed("boolean")(d.manifestText) }, "zqmixbool");
    expect(problems.join("\n")).toMatch(/type "boolean" is not one of .*'s kinds string, object/);
  });
});

describe("the kinds and shapes, read everywhere a value's limits reach", () => {
  it("a model's schema shows anyOf of the kinds and the shapes, strict mode's too", async () => {
    const { tool } = await linked("zqmixmodel");
    const items = inputSchema(tool).properties.zqTo?.items as { anyOf?: { type?: unknown; required?: unknown }[] };
    expect(items.anyOf?.map((s) => [s.type, s.required])).toEqual([
      ["string", undefined],
      ["object", ["zqMemberId"]],
      ["object", ["kind", "zqGroupKey"]],
    ]);
    // OpenAI strict mode takes the list as it is (strict-nested.ts): the same forms, each object closed.
    const strict = inputSchema(tool, { strict: true }).properties.zqTo?.items as {
      anyOf?: { type?: unknown; additionalProperties?: unknown }[];
    };
    expect(strict.anyOf?.map((s) => [s.type, s.additionalProperties])).toEqual([
      ["string", undefined],
      ["object", false],
      ["object", false],
    ]);
  });

  it("the typed client's type is the union", async () => {
    const { tool } = await linked("zqmixtype");
    const to = paramTsType(tool.params.find((q) => q.name === "zqTo")!);
    expect(to).toMatch(/^\(string \| \{ zqMemberId: string; zqEmail\?: string.*\} \| \{ kind: "Member" \| "Group"/);
    expect(to).not.toMatch(/unknown/);
    const order = paramTsType(tool.params.find((q) => q.name === "zqOrder")!);
    expect(order).toMatch(/zqCustomer\?: string \| \{ id: string; zqName\?: string/);
  });

  it("the suite's random values are of each branch, and the request judge takes them", async () => {
    const { draft, tool } = await linked("zqmixdraws");
    const { cut, refusals } = judgedCut(draft, "/zqnotify");
    const values = new ToolValues(tool, cut);
    const drawn = fc.sample(validInput(tool, values, "http://127.0.0.1:1"), { numRuns: 80, seed: 5 });
    const items = drawn.flatMap((input) => (input.zqTo ?? []) as unknown[]);
    const branch = (v: unknown) =>
      typeof v === "string" ? "text" : v && typeof v === "object" && "zqGroupKey" in v ? "group" : "member";
    expect(new Set(items.map(branch))).toEqual(new Set(["text", "member", "group"]));
    expect(drawn.flatMap((input) => refusals({ zqTo: input.zqTo }))).toEqual([]);
  });

  it("the limit case sends a value of a kind and refuses one that fits none, as the request judge does", async () => {
    const { draft, tool } = await linked("zqmixlimit");
    const { refusals } = judgedCut(draft, "/zqnotify");
    const p = tool.params.find((q) => q.name === "zqTo")!;
    const kinds = jsonBoundaries(p).find((b) => b.name.includes("one of"));
    expect(kinds).toMatchObject({ name: "zqTo values one of string, object", rule: "type" });
    expect(refusals({ zqTo: kinds?.ok })).toEqual([]);
    expect(refusals({ zqTo: kinds?.bad })).not.toEqual([]);
    expect((await sentOrRefused(tool, { zqTo: kinds?.bad }, {})).sent).toBe(0);
  });
});

describe("a change of a value's kinds beside its shapes, as diff reads it", () => {
  const shape: NonNullable<NestedLimits["shapes"]>[number] = {
    fields: { zqMemberId: { type: "string" } },
    required: ["zqMemberId"],
  };
  const items = (limits: NestedLimits | undefined) =>
    ({ type: "json", jsonType: "array", ...(limits ? { items: limits } : {}) }) as ParamSurface;
  const changes = (from: NestedLimits | undefined, to: NestedLimits | undefined) => {
    const out: string[] = [];
    diffParamLimits("param zqTo", items(from), items(to), (kind: ParamLimitChange, detail) =>
      out.push(`${kind} ${detail?.what ?? ""} ${JSON.stringify(detail?.from)} → ${JSON.stringify(detail?.to)}`),
    );
    return out;
  };
  const mixed: NestedLimits = { kinds: [{ type: "string" }], shapes: [shape] };

  it("a text no longer taken tightens, a text taken too loosens; none where there was any value", () => {
    expect(changes(mixed, { shapes: [shape] })).toEqual(['limitTightened kinds ["string","object"] → ["object"]']);
    expect(changes({ shapes: [shape] }, mixed)).toEqual(['limitLoosened kinds ["object"] → ["string","object"]']);
    expect(changes(mixed, { type: "string" })).toEqual(['limitTightened kinds ["string","object"] → ["string"]']);
    expect(changes(undefined, mixed)).toEqual(['limitAdded kinds undefined → ["string","object"]']);
    expect(changes(mixed, undefined)).toEqual(['limitRemoved kinds removed ["string","object"] → undefined']);
    expect(changes(mixed, { ...mixed, kinds: [{ type: "string" }, { type: "integer" }] })).toEqual([
      'limitLoosened kinds ["string","object"] → ["string","integer","object"]',
    ]);
    expect(changes(mixed, mixed)).toEqual([]);
  });
});
