// An output read from the first of several places that holds a value (`from: [a, b]`, issue 59), as the link checks
// it and diff classifies its changes: a reply that is a bare list or a page object holding it gives its list from
// either; a place that can never hold a value of the output's kind (an object for an `array` output) is refused.
import { describe, expect, it } from "vitest";
import { shelfProblems } from "../../../test-support/generation-problems.js";
import { type Edit, linkWild } from "../../../test-support/link-wild.js";
import type { OutputSurface } from "../../model/surface-format.js";
import { outputsSurface } from "./output-changes.js";

const LIST = '              schema: { $ref: "#/components/schemas/CustomerList" }\n';
/** The list's answer made a bare list or the page object. */
const EITHER: Edit = {
  file: "openapi.yaml",
  find: LIST,
  replace:
    "              schema:\n                oneOf:\n" +
    '                  - { type: array, items: { $ref: "#/components/schemas/Customer" } }\n' +
    '                  - { $ref: "#/components/schemas/CustomerList" }\n',
};
const places = (from: string): Edit[] => [
  {
    find: '        type: array\n        from: "$response.body#/data"\n',
    replace: `        type: array\n        from: ${from}\n`,
  },
  {
    find: '        type: number\n        from: "$response.body#/data"\n        count: true\n',
    replace: `        type: number\n        from: ${from}\n        count: true\n`,
  },
];
const DATA_OR_BODY = '["$response.body#/data", "$response.body"]';

async function outputsOf(edits: Edit[]) {
  const linked = await linkWild("zqpayments", edits);
  if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
  const op = linked.ir.operations.find((o) => o.tool.id === "zqpayments_list_customers");
  return Object.fromEntries((op?.tool.outputs ?? []).map((o) => [o.path, o.source]));
}

describe("an output read from the first of several places that holds a value", () => {
  it("links each place, a list only for an array output or a count, guaranteed where each form holds one", async () => {
    const outputs = await outputsOf([EITHER, ...places(DATA_OR_BODY)]);
    const first = [
      { expression: "$response.body#/data", ref: { kind: "body", pointer: ["data"] } },
      { expression: "$response.body", ref: { kind: "body", pointer: [] } },
    ];
    expect(outputs.data).toEqual({ first, holds: "array", required: true });
    expect(outputs["metadata.count"]).toEqual({ first, holds: "array", count: true });
    // The page object's list not required: a reply may hold none, so the output is not guaranteed.
    const optional = await outputsOf([
      EITHER,
      ...places(DATA_OR_BODY),
      { file: "openapi.yaml", find: "required: [object, data, has_more, url]", replace: "required: [object, url]" },
    ]);
    expect(optional.data).toEqual({ first, holds: "array" });
  });

  it("refuses a place that never holds a value of the output's kind, and omit over several places", async () => {
    // Without the union the body is always the page object: never a list.
    const object = await linkWild("zqpayments", places(DATA_OR_BODY));
    expect("problems" in object && object.problems.join("\n")).toMatch(
      /from\.1: \$response\.body never holds a value of output type array: it is object/s,
    );
    const flag = await linkWild("zqpayments", [
      EITHER,
      ...places('["$response.body#/data", "$response.body#/has_more"]'),
    ]);
    expect("problems" in flag && flag.problems.join("\n")).toMatch(/has_more never holds a value of output type array/);
    const omit = await linkWild("zqpayments", [
      EITHER,
      ...places(DATA_OR_BODY),
      {
        find: "        description: Customers returned.\n",
        replace: "        description: Customers returned.\n        omit: [object]\n",
      },
    ]);
    expect("problems" in omit && omit.problems.join("\n")).toMatch(/omit takes one place, but from names 2/);
  });
});

describe("a poll trigger over a list output read from the first place that holds one", () => {
  it("reads its items' schema from the first place whose schema is a list's", async () => {
    const trigger: Edit = {
      find: "        description: Customers returned.\n",
      replace:
        "        description: Customers returned.\n\ntriggers:\n  zqpayments_customer_added:\n" +
        "    title: Customer added\n    description: Starts when a customer is added.\n" +
        '    eventId: ["$event#/id"]\n    outputs:\n' +
        '      email: { from: "$event#/email", description: "The customer\'s email." }\n' +
        "    poll:\n      operation: zqpayments_list_customers\n      items: data\n" +
        "      ids: { order: newestFirst }\n",
    };
    const linked = await linkWild("zqpayments", [EITHER, ...places(DATA_OR_BODY), trigger]);
    if (!("ir" in linked)) throw new Error(linked.problems.join("\n"));
    expect(linked.ir.pollTriggers?.find((t) => t.id === "zqpayments_customer_added")?.outputs).toMatchObject([
      { name: "email", source: { from: "event", pointer: ["email"] } },
    ]);
  });
});

describe("a polling job's state read from the first of two places", () => {
  const { problems } = shelfProblems();

  it("is a value of either place's enum, and a state of neither is refused", async () => {
    const edits = (terminal: string) => [
      {
        file: "openapi.yaml" as const,
        find: "failed] }",
        replace: "failed] }\n        zqphase: { type: string, enum: [queued, done] }",
      },
      {
        find: '        from: "$response.body#/state"\n        description: Processing state.\n    polling:',
        replace:
          '        from: ["$response.body#/zqphase", "$response.body#/state"]\n' +
          "        description: Processing state.\n    polling:",
      },
      { find: "terminal: [ready, failed]", replace: `terminal: [${terminal}]` },
    ];
    expect(await problems(edits("done, failed"))).toEqual([]);
    expect(await problems(edits("done, failed, zqgone"))).toEqual([
      'specs/shelf/manifest.yaml:169:7: operations.shelf_get_book.polling.terminal: state "zqgone" is not a value ' +
        'of "state" in specs/shelf/openapi.yaml (queued, done, pending, ready, failed)',
    ]);
  });
});

describe("diff of an output's places", () => {
  const surface = (from?: string[]): OutputSurface => ({
    type: "array",
    optional: false,
    description: "The list.",
    shape: { type: "array" },
    ...(from ? { from } : {}),
  });
  const kinds = (a: OutputSurface, b: OutputSurface) => {
    const found: string[] = [];
    outputsSurface.diff({ data: a }, { data: b }, (kind) => found.push(kind));
    return found;
  };
  it("is minor for places added after the old ones, breaking for any other change", () => {
    const [x, y, z] = ["$response.body#/zqa", "$response.body#/zqb", "$response.body"];
    expect(kinds(surface([x, y]), surface([x, y]))).toEqual([]);
    expect(kinds(surface([x, y]), surface([x, y, z]))).toEqual(["placesAdded"]);
    expect(kinds(surface([x, y]), surface([y, x]))).toEqual(["placesChanged"]);
    expect(kinds(surface([x, y, z]), surface([x, z]))).toEqual(["placesChanged"]);
    expect(kinds(surface([x, y]), surface([z, x, y]))).toEqual(["placesChanged"]);
    expect(kinds(surface(), surface([x, y]))).toEqual(["placesChanged"]);
    expect(kinds(surface([x, y]), surface())).toEqual(["placesChanged"]);
    expect(outputsSurface.changes.placesAdded.level).toBe("minor");
    expect(outputsSurface.changes.placesChanged.level).toBe("breaking");
  });
});
