// The history bench's workflow (history-workflow.ts) on a made-up provider:
// written from the truth's breaking entries and the older package alone, it
// holds a line for each change a workflow can feel, and what `diff
// --workflows` reports (the validator's lines and workflow-hits.ts's) names
// every one of them — and none when nothing changed.
import { describe, expect, it } from "vitest";
import { acmeSurface, acmeTool } from "../../src/changes/__fixtures__/acme-surface.js";
import { diffSurfaces } from "../../src/changes/classify.js";
import type { ParamSurface, Shape, Surface } from "../../src/changes/surface.js";
import { workflowHits } from "../../src/changes/workflow-hits.js";
import { workflowImpact } from "../../src/workflow/impact.js";
import type { TruthEntry } from "./history-score.js";
import { historyWorkflow, namedLines } from "./history-workflow.js";

const text: Shape = { type: "string" };
const param = (own: Partial<ParamSurface>): ParamSurface => ({
  type: "string",
  title: "P",
  description: "P.",
  required: false,
  secret: false,
  visibility: "user-or-llm",
  wire: "query:p",
  ...own,
});

function zqtasks(data: Shape, output: Shape, labels: string[]): Surface {
  const params = {
    task_gid: param({ required: true, wire: "path:task_gid" }),
    zqlabels: param({ type: "json", jsonType: "array", wire: "query:zqlabels", items: { enum: labels } }),
    data: param({ type: "json", jsonType: "object", wire: "body:/data", shape: data }),
    zqtitle: param({ wire: "body:/zqtitle" }),
  };
  const outputs = { data: { type: "json" as const, optional: false, description: "The task.", shape: output } };
  return {
    ...acmeSurface({}, { zqtasks_update_task: acmeTool({ method: "PUT", params, outputs }) }),
    provider: "zqtasks",
  };
}

const customField = (required: string[]): Shape => ({
  types: ["object", "string"],
  ...(required.length ? { required } : {}),
  properties: { name: text, ...(required.length ? { resource_subtype: text } : {}) },
});
const before = zqtasks(
  {
    type: "object",
    properties: {
      name: text,
      workspace: text,
      resource_subtype: { type: "string", enum: ["task", "section"] },
      custom_field: customField([]),
    },
  },
  {
    type: "object",
    required: ["state"],
    properties: {
      gid: text,
      state: { type: "string", enum: ["open", "done"] },
      assignee: { type: "object", properties: { login: text } },
    },
  },
  ["name", "notes"],
);
const after = zqtasks(
  {
    type: "object",
    properties: {
      name: text,
      resource_subtype: { type: "string", enum: ["task"] },
      custom_field: customField(["resource_subtype"]),
    },
  },
  {
    type: "object",
    required: ["state"],
    properties: {
      gid: text,
      state: { type: "string", enum: ["open", "done"], nullable: true },
      assignee: { type: "object", properties: {} },
    },
  },
  ["name"],
);
const manifest = {
  operations: {
    zqtasks_update_task: { operationId: "updateZqTask", outputs: { data: { from: "$response.body#/data" } } },
  },
};

const entry = (id: string, location: string, pointer: string, old?: unknown, now?: unknown): TruthEntry => ({
  id,
  operation: "updateZqTask",
  location,
  pointer,
  severity: "breaking",
  ...(old !== undefined ? { old } : {}),
  ...(now !== undefined ? { new: now } : {}),
});
const truth = [
  entry("request-property-removed", "request.body", "/data/workspace"),
  entry("request-property-enum-value-removed", "request.body", "/data/resource_subtype", ["section"]),
  entry("new-required-request-property", "request.body", "/data/custom_field/resource_subtype"),
  entry("request-parameter-enum-value-removed", "request.parameter.query", "zqlabels", ["notes"]),
  entry("response-property-removed", "response.200.body", "/data/assignee/login"),
  entry("response-property-became-nullable", "response.200.body", "/data/state"),
  entry("api-security-scope-added", "security", "oauth2"),
  // Refusing only "", which a call leaves out of the request: no workflow line feels it.
  entry("request-property-min-length-set", "request.body", "/zqtitle", undefined, 1),
];

/** What `diff --workflows` reports on the workflow, in process: the validator's lines, then what it cannot see. */
function reported(workflow: string, base: Surface, head: Surface) {
  const files = [{ path: "workflows/zq-history.yaml", text: workflow }];
  return [...workflowImpact(files, [base], [head]), ...workflowHits(files, diffSurfaces(base, head))];
}

describe("the history bench's workflow", () => {
  const workflow = historyWorkflow("zqtasks", before, manifest, truth);

  it("has a line for each breaking change a workflow can feel, and sets a credential's apart", () => {
    expect(workflow.expected.map((e) => `${e.entry.id} ${e.mentions} ${e.lines.length ? "at a line" : e.why}`)).toEqual(
      [
        "request-property-removed workspace at a line",
        "request-property-enum-value-removed resource_subtype at a line",
        "new-required-request-property resource_subtype at a line",
        "request-parameter-enum-value-removed zqlabels at a line",
        "response-property-removed login at a line",
        "response-property-became-nullable state at a line",
      ],
    );
    expect(workflow.apart.map((a) => a.entry.id)).toEqual([
      "api-security-scope-added",
      "request-property-min-length-set",
    ]);
    // Every block is one the older package accepts.
    expect(workflowImpact([{ path: "w.yaml", text: workflow.text }], [], [before])).toEqual([]);
  });

  it("is named line by line by what diff --workflows reports on the change", () => {
    const { named, feelable, details } = namedLines(workflow, reported(workflow.text, before, after));
    expect([named, feelable]).toEqual([6, 6]);
    expect(details).toEqual([
      "no workflow line (a credential's scheme or scope: felt by the credential, not a workflow line): " +
        "api-security-scope-added updateZqTask security oauth2",
      'no workflow line (the only value refused is "", which a call leaves out (a parameter of its own)): ' +
        "request-property-min-length-set updateZqTask request.body /zqtitle",
    ]);
  });

  it("is named nowhere when nothing changed: the count is not given away", () => {
    const { named, feelable } = namedLines(workflow, reported(workflow.text, before, before));
    expect([named, feelable]).toEqual([0, 6]);
  });
});
