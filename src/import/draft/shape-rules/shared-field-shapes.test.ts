// A body of several object shapes that share fields (each names its table): before, no rule was drafted over them,
// so a call of the shared fields alone (the contract suite's minimal input among them) was sent, meeting no shape,
// and the request judge refused it. Now the fields each shape requires beyond the shared ones are groups of the rule
// anyOf (and atMostOne too for a oneOf whose groups no other shape lists), checked before any request.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  judgedCut,
  linkedTools,
  linkProblems,
  notesAt,
  openapi,
  sentOrRefused,
  type Json,
} from "../../__fixtures__/draft-kit.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const zqScan = {
  type: "object",
  required: ["zq-table", "zq-filter", "zq-fields"],
  properties: {
    "zq-table": { type: "string", maxLength: 40 },
    "zq-filter": { type: "string", maxLength: 40 },
    "zq-fields": { type: "array", items: { type: "integer" } },
    "zq-notes": { type: "string", maxLength: 40 },
  },
};
const zqCommit = {
  type: "object",
  required: ["zq-table", "zq-sequence", "zq-operation"],
  properties: {
    "zq-table": { type: "string", maxLength: 40 },
    "zq-sequence": { type: "integer" },
    "zq-operation": { type: "string", maxLength: 40 },
    "zq-notes": { type: "string", maxLength: 40 },
  },
};

const reports = (key: "anyOf" | "oneOf", shapes: Json[] = [zqScan, zqCommit]) =>
  openapi({
    "/zq-reports": {
      post: {
        operationId: "sendZqReport",
        requestBody: {
          required: true,
          content: {
            "application/json": {
              schema: {
                [key]: shapes,
                required: ["zq-kind"],
                properties: { "zq-kind": { type: "string", maxLength: 20 } },
              },
            },
          },
        },
        responses: { "204": { description: "Taken." } },
      },
    },
  });

const shared = { zqKind: "scan", zqTable: "zqt" };
const commit = { ...shared, zqSequence: 3, zqOperation: "append" };
const scan = { ...shared, zqFilter: "x", zqFields: [1, 2] };

describe("a body of anyOf object shapes sharing fields", () => {
  const d = drafted(reports("anyOf"), ["sendZqReport"]);
  const op = d.manifest.operations.acme_send_zq_report!;

  it("drafts the rule anyOf over each shape's own required fields, with a note, and links", async () => {
    expect(op.rules).toEqual([
      {
        rule: "anyOf",
        groups: [
          ["zqFilter", "zqFields"],
          ["zqSequence", "zqOperation"],
        ],
      },
    ]);
    expect(notesAt(d, "operations.acme_send_zq_report.rules")).toEqual([
      "the request body is one of 2 shapes (anyOf) sharing fields: a body meeting one holds the fields it requires " +
        "beyond the shared ones, zqFilter with zqFields, or zqSequence with zqOperation; drafted as the rule anyOf " +
        "(one of them whole), checked before any request",
    ]);
    expect(await linkProblems(d)).toEqual([]);
  });

  it("refuses the shared fields alone before any request, and sends a body of a shape the judge takes", async () => {
    const [tool] = await linkedTools(d);
    const alone = await sentOrRefused(tool!, shared, {});
    expect(alone.sent).toBe(0);
    expect(alone.message).toMatch(/zqFilter/);
    expect((await sentOrRefused(tool!, commit, {})).message).toBe("sent");
    expect((await sentOrRefused(tool!, { ...scan, zqSequence: 1, zqOperation: "a" }, {})).message).toBe("sent");
    const { refusals } = judgedCut(d, "/zq-reports");
    expect(refusals({ "zq-kind": "c", "zq-table": "t" })).not.toEqual([]);
    expect(refusals({ "zq-kind": "c", "zq-table": "t", "zq-sequence": 3, "zq-operation": "append" })).toEqual([]);
  });
});

describe("a body of oneOf object shapes sharing fields", () => {
  it("drafts atMostOne and anyOf over the shapes' own fields: one shape whole, never two", async () => {
    const d = drafted(reports("oneOf"), ["sendZqReport"]);
    const groups = [
      ["zqFilter", "zqFields"],
      ["zqSequence", "zqOperation"],
    ];
    expect(d.manifest.operations.acme_send_zq_report!.rules).toEqual([
      { rule: "atMostOne", groups },
      { rule: "anyOf", groups },
    ]);
    expect(await linkProblems(d)).toEqual([]);
    const [tool] = await linkedTools(d);
    expect((await sentOrRefused(tool!, scan, {})).message).toBe("sent");
    for (const input of [shared, { ...scan, zqSequence: 1, zqOperation: "a" }])
      expect((await sentOrRefused(tool!, input, {})).sent).toBe(0);
  });

  it("drafts anyOf alone where a shape's own field is listed by another, and no rule where a shape adds none", () => {
    const listed = { ...zqCommit, properties: { ...zqCommit.properties, "zq-filter": { type: "string" } } };
    expect(
      drafted(reports("oneOf", [zqScan, listed]), ["sendZqReport"]).manifest.operations.acme_send_zq_report!.rules,
    ).toEqual([
      {
        rule: "anyOf",
        groups: [
          ["zqFilter", "zqFields"],
          ["zqSequence", "zqOperation"],
        ],
      },
    ]);
    const bare = { ...zqCommit, required: ["zq-table"] };
    expect(
      drafted(reports("anyOf", [zqScan, bare]), ["sendZqReport"]).manifest.operations.acme_send_zq_report!.rules,
    ).toBeUndefined();
  });
});
