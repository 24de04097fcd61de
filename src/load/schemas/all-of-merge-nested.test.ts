// An allOf merged inside another merge (AllOfMerge.merged): kept where what it gives does not depend on the merge
// around it, so each kind of a deep base's chain is merged once, not again at every kind; made anew where it does (a
// schema the outer merge holds met again, the ninth merge inside others), giving what a fresh document gives.
import { describe, expect, it, vi } from "vitest";
import { OpenApiDocument, type Schema } from "../openapi-document.js";
import { parseYamlSource } from "../yaml-source.js";
import { AllOfMerge } from "./all-of-merge.js";

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

function documentOf(schemas: Record<string, unknown>): OpenApiDocument {
  const doc = { openapi: "3.0.3", info: { title: "zq", version: "1" }, paths: {}, components: { schemas } };
  return new OpenApiDocument(parseYamlSource(JSON.stringify(doc), "/zq/openapi.json"));
}

/**
 * Two chains: ZqKind k extends kind k-1; ZqLevel k extends level k-1 and names its `zqIn` again, as kind k: a merge of
 * both levels' `zqIn` merges kind k, and so each kind below it, inside level k's merge.
 */
function chain(levels: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    ZqKind0: { type: "object", properties: { zqLeaf: { type: "string" } } },
    ZqLevel0: { type: "object", properties: { zqIn: ref("ZqKind0") } },
  };
  for (let k = 1; k <= levels; k++) {
    schemas[`ZqKind${k}`] = {
      allOf: [ref(`ZqKind${k - 1}`), { type: "object", properties: { [`zqOwn${k}`]: { type: "string" } } }],
    };
    schemas[`ZqLevel${k}`] = {
      allOf: [ref(`ZqLevel${k - 1}`), { type: "object", properties: { zqIn: ref(`ZqKind${k}`) } }],
    };
  }
  return schemas;
}

/** Level k's `zqIn` is level k-1 and level k-1's again: a merge of both is a merge inside a merge, nine deep. */
function nest(levels: number): Record<string, unknown> {
  const schemas: Record<string, unknown> = { ZqNest0: { type: "object", properties: { zqLeaf: { type: "string" } } } };
  for (let k = 1; k <= levels; k++)
    schemas[`ZqNest${k}`] = {
      allOf: [
        { type: "object", properties: { zqIn: ref(`ZqNest${k - 1}`) } },
        { type: "object", properties: { zqIn: { description: `nest ${k}` } } },
      ],
    };
  return schemas;
}

/** ZqOuter's `zqNext` merges ZqInner inside it, whose `zqBack` meets ZqOuter again: left lazy there, not at the top. */
const loop = {
  ZqOuter: {
    allOf: [
      { type: "object", properties: { zqNext: ref("ZqInner") } },
      { type: "object", properties: { zqNext: { description: "the inner" } } },
    ],
  },
  ZqInner: {
    allOf: [
      { type: "object", properties: { zqBack: ref("ZqOuter") } },
      { type: "object", properties: { zqBack: ref("ZqOther") } },
    ],
  },
  ZqOther: { type: "object", properties: { zqOther: { type: "integer" } } },
};

/** What a fresh document gives for each name in turn, flattened at the top. */
const freshOf = (schemas: Record<string, unknown>, name: string) => documentOf(schemas).flatten(ref(name));

describe("an allOf merged inside another merge", () => {
  it("is left lazy where it meets a schema the outer merge holds, whichever is flattened first", () => {
    for (const order of [
      ["ZqInner", "ZqOuter"],
      ["ZqOuter", "ZqInner"],
    ]) {
      const doc = documentOf(loop);
      for (const name of order) expect(doc.flatten(ref(name))).toEqual(freshOf(loop, name));
    }
    const outer = freshOf(loop, "ZqOuter");
    const next = (outer.properties as Record<string, Schema>).zqNext as Schema;
    const back = (next.properties as Record<string, Schema>).zqBack;
    expect(back?.allOf).toBeDefined();
    const inner = freshOf(loop, "ZqInner");
    expect((inner.properties as Record<string, Schema>).zqBack?.properties).toHaveProperty("zqOther");
  });

  it("is left lazy at the ninth merge inside others, whichever level is flattened first", () => {
    const schemas = nest(12);
    for (const order of [
      ["ZqNest5", "ZqNest12", "ZqNest9", "ZqNest3"],
      ["ZqNest12", "ZqNest9", "ZqNest5", "ZqNest3"],
      ["ZqNest3", "ZqNest9", "ZqNest5", "ZqNest12"],
    ]) {
      const doc = documentOf(schemas);
      for (const name of order) expect(doc.flatten(ref(name))).toEqual(freshOf(schemas, name));
    }
    let deepest = freshOf(schemas, "ZqNest12");
    let depth = 0;
    while ((deepest.properties as Record<string, Schema> | undefined)?.zqIn?.properties) {
      deepest = (deepest.properties as Record<string, Schema>).zqIn as Schema;
      depth++;
    }
    expect(depth).toBe(8);
    expect((deepest.properties as Record<string, Schema>).zqIn?.allOf).toBeDefined();
  });

  it("gives a deep chain's levels as a fresh document does, in any order", () => {
    const schemas = chain(10);
    const names = Object.keys(schemas);
    for (const order of [names, [...names].reverse()]) {
      const doc = documentOf(schemas);
      for (const name of order) expect(doc.flatten(ref(name))).toEqual(freshOf(schemas, name));
    }
  });

  it("is merged once for each kind of a chain, not again inside each level above it", () => {
    const made = vi.spyOn(AllOfMerge.prototype as unknown as { merge: (s: Schema) => Schema }, "merge");
    const levels = 6;
    const doc = documentOf(chain(levels));
    for (let k = 1; k <= levels; k++) doc.flatten(ref(`ZqLevel${k}`));
    const merges = (name: string) => made.mock.calls.filter(([s]) => s === doc.resolve(ref(name))).length;
    const counts = Array.from({ length: levels }, (_, k) => merges(`ZqKind${k + 1}`));
    made.mockRestore();
    expect(counts).toEqual(Array.from({ length: levels }, () => 1));
  });

  it("merges the same-named fields of the same members once, whichever kind names those members", () => {
    const schemas: Record<string, unknown> = {
      ZqMoney: { allOf: [{ type: "object", properties: { zqCents: { type: "integer" } } }] },
      ZqPrice: { type: "object", properties: { zqValue: ref("ZqMoney") } },
      ZqTagged: { type: "object", properties: { zqValue: { description: "the tagged value" } } },
    };
    const kinds = Array.from({ length: 5 }, (_, k) => `ZqKind${k}`);
    for (const name of kinds)
      schemas[name] = { allOf: [ref("ZqPrice"), ref("ZqTagged"), { properties: { [`zqOwn${name}`]: {} } }] };
    const fresh = kinds.map((name) => freshOf(schemas, name));
    const made = vi.spyOn(AllOfMerge.prototype as unknown as { merge: (s: Schema) => Schema }, "merge");
    const doc = documentOf(schemas);
    expect(kinds.map((name) => doc.flatten(ref(name)))).toEqual(fresh);
    const named = new Set(Object.keys(schemas).map((name) => doc.resolve(ref(name))));
    const lists = made.mock.calls.filter(([s]) => !named.has(s)).length;
    made.mockRestore();
    expect(lists).toBe(1);
  });
});
