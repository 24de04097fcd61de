// The made-up provider `acme` before and after a change of its `json` body parameter's fields, and a workflow
// using it: what the tests of workflow-hits.ts diff and hold the workflow's lines against.
import { acmeSurface, acmeTool } from "./acme-surface.js";
import type { ParamSurface, Shape } from "../surface.js";

export const dataParam = (shape: Shape): ParamSurface => ({
  type: "json",
  jsonType: "object",
  title: "Data",
  description: "The task.",
  required: true,
  secret: false,
  visibility: "user-or-llm",
  wire: "body:/data",
  shape,
});
export const output = (values: string[]) => ({
  type: "string" as const,
  optional: false,
  description: "State.",
  shape: { type: "string" as const, enum: values },
});

export const base = acmeSurface(
  {},
  {
    acme_update_task: acmeTool({
      method: "PUT",
      params: {
        data: dataParam({
          type: "object",
          properties: {
            name: { type: "string" },
            workspace: { type: "string" },
            kind: { type: "string", enum: ["task", "section"] },
          },
        }),
      },
      outputs: { state: output(["open", "done"]) },
    }),
  },
);
export const head = acmeSurface(
  {},
  {
    acme_update_task: acmeTool({
      method: "PUT",
      params: {
        data: dataParam({
          type: "object",
          required: ["name"],
          properties: { name: { type: "string" }, kind: { type: "string", enum: ["task"] } },
        }),
      },
      outputs: { state: output(["open", "done", "archived"]) },
    }),
  },
);

export const WORKFLOW = `name: zq tidy
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
