// diff on a `json` body parameter's fields, and the workflow lines its
// changes reach: a field a block still sends that the new version no longer
// accepts (breaking), and a reference to an output that may now hold a new
// value (to look at). The provider is the made-up `acme`.
import { describe, expect, it } from "vitest";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import { diffSurfaces } from "./classify.js";
import type { ParamSurface, Shape } from "./surface.js";
import { workflowHits } from "./workflow-hits.js";

const dataParam = (shape: Shape): ParamSurface => ({ type: "json", jsonType: "object", title: "Data", description: "The task.", required: true, secret: false, visibility: "user-or-llm", wire: "body:/data", shape });
const output = (values: string[]) => ({ type: "string" as const, optional: false, description: "State.", shape: { type: "string" as const, enum: values } });

const base = acmeSurface(
  {},
  {
    acme_update_task: acmeTool({
      method: "PUT",
      params: { data: dataParam({ type: "object", properties: { name: { type: "string" }, workspace: { type: "string" }, kind: { type: "string", enum: ["task", "section"] } } }) },
      outputs: { state: output(["open", "done"]) },
    }),
  },
);
const head = acmeSurface(
  {},
  {
    acme_update_task: acmeTool({
      method: "PUT",
      params: { data: dataParam({ type: "object", required: ["name"], properties: { name: { type: "string" }, kind: { type: "string", enum: ["task"] } } }) },
      outputs: { state: output(["open", "done", "archived"]) },
    }),
  },
);

const WORKFLOW = `name: zq tidy
blocks:
  rename:
    type: acme
    inputs:
      operation: acme_update_task
      data:
        name: Tidy
        workspace: "1331"
        kind: section
  report:
    type: acme
    inputs:
      operation: acme_update_task
      data:
        name: "{{rename.state}}"
`;

describe("diff of a json body parameter's fields, and the workflow lines hit", () => {
  it("each field is its own change, with the kind ids upstream gives", () => {
    const changes = diffSurfaces(base, head);
    expect(changes.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
      "breaking request-property-enum-value-removed param data .kind",
      "breaking request-property-became-required param data .name",
      "breaking request-property-removed param data .workspace",
      "non-breaking response-property-enum-value-added output state",
    ]);
  });

  it("names the line that sends a field no longer accepted, and the one reading an output that may hold a new value", () => {
    const hits = workflowHits([{ path: "workflows/zq-tidy.yaml", text: WORKFLOW }], diffSurfaces(base, head));
    expect(hits.map((h) => `${h.severity} ${h.message}`)).toEqual([
      "breaking workflows/zq-tidy.yaml:10:9: block rename sends data.kind, which acme_update_task no longer accepts some values of ([section]) (request-property-enum-value-removed)",
      "breaking workflows/zq-tidy.yaml:9:9: block rename sends data.workspace, which acme_update_task no longer accepts (request-property-removed)",
      'non-breaking workflows/zq-tidy.yaml:16:9: reads rename.state, which may now also be "archived" (response-property-enum-value-added): check what it is compared against',
    ]);
  });

  it("names the line that sends a body field drafted as its own parameter, when the new version no longer accepts it", () => {
    const sending = acmeSurface(
      {},
      { acme_update_task: acmeTool({ method: "PUT", params: { zqqualified: { type: "boolean", title: "Q", description: "Q.", required: false, secret: false, visibility: "user-or-llm", wire: "body:/zqqualified" } } }) },
    );
    const workflow = "name: zq send\nblocks:\n  send:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      zqqualified: true\n";
    const hits = workflowHits([{ path: "workflows/zq-send.yaml", text: workflow }], diffSurfaces(sending, acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT" }) })));
    expect(hits.map((h) => `${h.severity} ${h.message}`)).toEqual(["breaking workflows/zq-send.yaml:7:7: block send sends zqqualified, which acme_update_task no longer accepts (a request body field) (request-property-removed)"]);
  });

  it("a read-only field appearing in or leaving the request schema is no change (the server sets it)", () => {
    const fields = (extra: Record<string, Shape>) => acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam({ type: "object", properties: { name: { type: "string" }, ...extra } }) }, outputs: {} }) });
    const readOnly = { assigned_by: { type: "string", readOnly: true } as Shape };
    expect(diffSurfaces(fields({}), fields(readOnly))).toEqual([]);
    expect(diffSurfaces(fields(readOnly), fields({}))).toEqual([]);
    expect(diffSurfaces(fields({}), fields({ assigned_by: { type: "string" } })).map((c) => c.kind)).toEqual(["new-optional-request-property"]);
  });

  it("an older base without the fields recorded compares none of them", () => {
    const { shape: _shape, ...bare } = dataParam({});
    const older = acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: bare }, outputs: { state: output(["open", "done"]) } }) });
    expect(diffSurfaces(older, head).filter((c) => c.subject.startsWith("param"))).toEqual([]);
  });
});
