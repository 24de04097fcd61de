// A required deepObject query parameter of optional fields (a customer: its name, its address, its metadata), drafted
// as a parameter per field with a rule that at least one is given. A field that is itself an object, given as `{}`,
// met that rule and wrote no pair (`zqcustomer[zqaddress]` of nothing), so that the request lacked the parameter the
// document requires, and the suite's rule case giving that field alone (its value `{}`) was refused by the request
// judge. Now a value that puts nothing in the query counts as not given: the rule is not met by it and the refusal
// names it, before any request; the suite gives such a field a value with something in it, and checks the refusal.
import { rmSync } from "node:fs";
import { executeToolDefinition } from "@blockwright/runtime/internal";
import { afterAll, describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../../test-support/runtime/scripted-fetch.js";
import { ruleKind } from "../../contract/kinds/rule.js";
import { ToolValues } from "../../contract/inputs/values.js";
import { OpenApiDocument } from "../../load/openapi-document.js";
import { parseYamlSource } from "../../load/yaml-source.js";
import { draftWorkFolder, drafted, linkedTools, openapi, reply } from "../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqcustomer = {
  name: "zqcustomer",
  in: "query",
  required: true,
  style: "deepObject",
  explode: true,
  schema: {
    type: "object",
    properties: {
      zqname: { type: "string", maxLength: 40 },
      zqaddress: { type: "object", properties: { zqcity: { type: "string", maxLength: 40 } } },
      zqmeta: { type: "object", additionalProperties: true },
    },
  },
};
const doc = openapi({
  "/zqpublications": {
    get: {
      operationId: "createZqPublication",
      parameters: [zqcustomer],
      responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
    },
  },
});
const d = drafted(doc, ["createZqPublication"]);
const [tool] = await linkedTools(d);
const call = async (input: Record<string, unknown>) => {
  const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
  const result = await executeToolDefinition(
    tool!,
    { accessToken: "zq-token-0001", ...input },
    { baseUrl: "http://127.0.0.1:9", fetch },
  );
  return { result, sent: seen.map((s) => [...new URL(s.url).searchParams]) };
};

describe("a required deepObject query parameter of optional fields, drafted a parameter per field", () => {
  it("gets a rule that one field is given", () => {
    expect(d.manifest.operations.acme_create_zq_publication!.rules).toEqual([
      { rule: "anyOf", groups: [["zqname"], ["zqaddress"], ["zqmeta"]] },
    ]);
  });

  it("refuses a field given as {} alone before any request, naming it, the rule and the value", async () => {
    const { result, sent } = await call({ zqaddress: {} });
    expect(sent).toEqual([]);
    expect(result).toMatchObject({ success: false, error: { type: "validation", param: "zqaddress", rule: "anyOf" } });
    const text = JSON.stringify(result);
    expect(text).toContain('"param":"zqaddress"');
    expect(text).toContain('"rule":"anyOf"');
    expect(text).toContain("(zqaddress: {} puts nothing in the query)");
    // Nothing at any depth is nothing too.
    expect((await call({ zqaddress: { zqcity: undefined }, zqmeta: { a: {} } })).sent).toEqual([]);
  });

  it("sends a field that puts something in the query, and leaves out one given as {} beside it", async () => {
    const { result, sent } = await call({ zqaddress: { zqcity: "Zqville" }, zqmeta: {} });
    expect(result).toMatchObject({ success: true });
    expect(sent).toEqual([[["zqcustomer[zqaddress][zqcity]", "Zqville"]]]);
  });
});

describe("the suite's values and rule cases for such a parameter", () => {
  const values = new ToolValues(tool!, new OpenApiDocument(parseYamlSource(d.openapiText, "openapi.yaml")));

  it("give each object field, alone, a value that puts something in the query", () => {
    for (const name of ["zqaddress", "zqmeta"]) {
      const value = values.example(name)?.value;
      expect(Object.keys(value as object).length, `${name}: ${JSON.stringify(value)}`).toBeGreaterThan(0);
      expect(values.accepts(values.param(name), {})).toBe(false);
    }
  });

  it("check that a field given as {} is refused, naming it", () => {
    const cases = ruleKind.derive(tool!, { document: values.doc } as never);
    const names = cases.map((c) => c.name);
    expect(names).toContain("anyOf: zqaddress");
    expect(names).toContain("anyOf: zqaddress as {}, which puts nothing in the query");
    expect(names).toContain("anyOf: zqmeta as {}, which puts nothing in the query");
    expect(names).not.toContain("anyOf: zqname as {}, which puts nothing in the query");
  });
});

describe("a required object query parameter kept whole (its fields tied by a oneOf), given {}", () => {
  it("is refused before any request as required, naming it and the value", async () => {
    const whole = openapi({
      "/zqpublications": {
        get: {
          operationId: "listZqPublications",
          parameters: [
            {
              ...zqcustomer,
              schema: { ...zqcustomer.schema, oneOf: [{ required: ["zqname"] }, { required: ["zqmeta"] }] },
            },
          ],
          responses: { "200": reply({ type: "object", properties: { id: { type: "string" } } }) },
        },
      },
    });
    const [one] = await linkedTools(drafted(whole, ["listZqPublications"]));
    // The document's oneOf is not the manifest's: the object is checked by its fields' limits alone.
    const { fetch, seen } = scriptedFetch(json(200, { id: "zq1" }));
    const input = { accessToken: "zq-token-0001", zqcustomer: { zqaddress: {} } };
    const result = await executeToolDefinition(one!, input, { baseUrl: "http://127.0.0.1:9", fetch });
    expect(seen).toHaveLength(0);
    expect(result).toMatchObject({
      success: false,
      error: {
        param: "zqcustomer",
        rule: "required",
        message: 'zqcustomer: is required, got object {"zqaddress":{}}, which puts nothing in the query',
      },
    });
  });
});
