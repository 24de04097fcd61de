// A property named by a regular expression (`"[^\"]{0,20}"` under a deepObject query object's `properties`) was drafted
// as a field of that literal name: the call sent `zqtags[[^"]{0,20}]=…`, which the request judge refused, and no key a
// caller meant could be sent. The cut reads it as the object's other keys, and says so.
import { rmSync } from "node:fs";
import type { ToolSpec } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCall,
  linkedTools,
  notesAt,
  openapi,
  reply,
} from "./__fixtures__/draft-kit.js";
import { namesByPattern, withPatternNamedPropertiesRead } from "./pattern-named-properties.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const PATTERN = '[^"\\\\]{0,20}';
const tags = (properties: Record<string, unknown>, more: Record<string, unknown> = {}) => ({
  type: "object",
  properties,
  ...more,
});
const document = (schema: Record<string, unknown>) =>
  openapi({
    "/zqparcels": {
      get: {
        operationId: "zqList",
        parameters: [{ name: "zqtags", in: "query", style: "deepObject", explode: true, schema }],
        responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }, { id: "zq1" }) },
      },
    },
  });

describe("a property named by a pattern", () => {
  it("is told from field names by a regular expression's constructs", () => {
    for (const name of [PATTERN, "^[a-z]{2}$", "\\d+", "zq.*", "(?:zq)"]) expect(namesByPattern(name)).toBe(true);
    for (const name of ["$", "zq_tag", "zq-tag", "zq[0]", "{zq}", "zq.tag", "a+b"])
      expect(namesByPattern(name)).toBe(false);
  });

  it("is read as the object's other keys only where the object leaves them open and has one such name", () => {
    const value = { type: "string", maxLength: 500 };
    expect(
      withPatternNamedPropertiesRead(document(tags({ [PATTERN]: value }, { additionalProperties: false }))),
    ).toEqual([]);
    expect(withPatternNamedPropertiesRead(document(tags({ [PATTERN]: value, "^[a-z]{2}$": value })))).toEqual([]);
    const read = document(tags({ [PATTERN]: value, zqkind: { type: "string" } }, { required: [PATTERN] }));
    expect(withPatternNamedPropertiesRead(read)).toHaveLength(1);
    const paths = read.paths as Record<string, { get: { parameters: { schema: unknown }[] } }>;
    const schema = paths["/zqparcels"]?.get.parameters[0]?.schema;
    expect(schema).toEqual({
      type: "object",
      properties: { zqkind: { type: "string" } },
      required: [],
      additionalProperties: value,
    });
  });

  it("is drafted as the query object's keys, with a note; a key a caller means passes the judge", async () => {
    const d = drafted(document(tags({ [PATTERN]: { type: "string", maxLength: 500 } })), ["zqList"]);
    const params = d.manifest.operations.acme_zq_list?.params ?? {};
    expect(Object.keys(params).filter((p) => p !== "accessToken")).toEqual(["zqtags"]);
    expect(notesAt(d, "openapi").join("\n")).toMatch(/named by a regular expression means the keys that match it/);
    const [tool] = await linkedTools(d);
    const input = { accessToken: "zq-token-0001", zqtags: { zq_customer: "987654" } };
    const { sent, judged } = await judgedCall(d, tool as ToolSpec, input);
    expect(new URL(sent.url).search).toBe("?zqtags[zq_customer]=987654");
    expect(judged.refusals).toEqual([]);
  });
});
