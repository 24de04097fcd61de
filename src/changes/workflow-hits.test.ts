// diff on a `json` body parameter's fields, and the workflow lines its
// changes reach: a field a block still sends that the new version no longer
// accepts (breaking), and a reference to an output that may now hold a new
// value (to look at; by value: workflow-hits-values.test.ts). The provider is
// the made-up `acme`.
import { describe, expect, it } from "vitest";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import { base, dataParam, head, output, WORKFLOW } from "./__fixtures__/acme-workflow.js";
import { diffSurfaces } from "./classify.js";
import type { Shape } from "./surface.js";
import { workflowHits } from "./workflow-hits.js";

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

  it(
    "names the line that sends a field no longer accepted, and the one reading an output that may hold a new " +
      "value",
    () => {
      const hits = workflowHits([{ path: "workflows/zq-tidy.yaml", text: WORKFLOW }], diffSurfaces(base, head));
      expect(hits.map((h) => `${h.severity} ${h.message}`)).toEqual([
        "breaking workflows/zq-tidy.yaml:10:9: block rename sends data.kind, which acme_update_task no longer " +
          "accepts some values of ([section]) (request-property-enum-value-removed)",
        "breaking workflows/zq-tidy.yaml:9:9: block rename sends data.workspace, " +
          "which acme_update_task no longer accepts (request-property-removed)",
        'non-breaking workflows/zq-tidy.yaml:16:9: reads rename.state, which may now also be "archived" ' +
          "(response-property-enum-value-added): check what it is compared against",
      ]);
    },
  );

  it(
    "names the line that sends a body field drafted as its own parameter, when the new version no longer " +
      "accepts it",
    () => {
      const sending = acmeSurface(
        {},
        {
          acme_update_task: acmeTool({
            method: "PUT",
            params: {
              zqqualified: {
                type: "boolean",
                title: "Q",
                description: "Q.",
                required: false,
                secret: false,
                visibility: "user-or-llm",
                wire: "body:/zqqualified",
              },
            },
          }),
        },
      );
      const workflow =
        "name: zq send\nblocks:\n  send:\n    type: acme\n    inputs:\n      operation: " +
        "acme_update_task\n      zqqualified: true\n";
      const hits = workflowHits(
        [{ path: "workflows/zq-send.yaml", text: workflow }],
        diffSurfaces(sending, acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT" }) })),
      );
      expect(hits.map((h) => `${h.severity} ${h.message}`)).toEqual([
        "breaking workflows/zq-send.yaml:7:7: block send sends zqqualified, which acme_update_task no longer " +
          "accepts (a request body field) (request-property-removed)",
      ]);
    },
  );

  it("a read-only field appearing in or leaving the request schema is no change (the server sets it)", () => {
    const fields = (extra: Record<string, Shape>) =>
      acmeSurface(
        {},
        {
          acme_update_task: acmeTool({
            method: "PUT",
            params: { data: dataParam({ type: "object", properties: { name: { type: "string" }, ...extra } }) },
            outputs: {},
          }),
        },
      );
    const readOnly = { assigned_by: { type: "string", readOnly: true } as Shape };
    expect(diffSurfaces(fields({}), fields(readOnly))).toEqual([]);
    expect(diffSurfaces(fields(readOnly), fields({}))).toEqual([]);
    expect(diffSurfaces(fields({}), fields({ assigned_by: { type: "string" } })).map((c) => c.kind)).toEqual([
      "new-optional-request-property",
    ]);
  });

  it("an older base without the fields recorded compares none of them", () => {
    const { shape: _shape, ...bare } = dataParam({});
    const older = acmeSurface(
      {},
      {
        acme_update_task: acmeTool({
          method: "PUT",
          params: { data: bare },
          outputs: { state: output(["open", "done"]) },
        }),
      },
    );
    expect(diffSurfaces(older, head).filter((c) => c.subject.startsWith("param"))).toEqual([]);
  });

  it("names an object sent without a field the new version requires in it, and no object that has it", () => {
    const items = (required: string[]): Shape => ({
      type: "object",
      properties: {
        zqitems: {
          type: "array",
          items: { type: "object", required, properties: { id: { type: "string" }, zqkind: { type: "string" } } },
        },
      },
    });
    const surface = (required: string[]) =>
      acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam(items(required)) } }) });
    const changes = diffSurfaces(surface([]), surface(["id"]));
    expect(changes.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
      "breaking request-property-became-required param data .zqitems[].id",
    ]);
    const workflow =
      "name: zq items\nblocks:\n  tidy:\n    type: acme\n    inputs:\n      operation: " +
      "acme_update_task\n      data:\n        zqitems:\n          - id: a1\n          - zqkind: file\n";
    expect(workflowHits([{ path: "workflows/zq-items.yaml", text: workflow }], changes).map((h) => h.message)).toEqual([
      "workflows/zq-items.yaml:10:13: block tidy sends data.zqitems.1 without id, " +
        "which acme_update_task now requires (request-property-became-required)",
    ]);
  });

  it(
    "a field only one form of a union body has is required of the calls sending that form: non-breaking, " +
      "and only a block sending that form is named",
    () => {
      // The body comes in two forms: a comment on the canvas (message, at) or a reply (message, zqparent), which the
      // newer version adds.
      const forms = (reply: boolean): Shape => ({
        type: "object",
        required: ["message", ...(reply ? ["zqparent"] : [])],
        properties: {
          message: { type: "string" },
          at: { type: "object", properties: { x: { type: "number" } } },
          ...(reply ? { zqparent: { type: "string" } } : {}),
        },
        ...(reply ? { variants: ["at,message", "message,zqparent"] } : {}),
      });
      const surface = (reply: boolean) =>
        acmeSurface(
          {},
          {
            acme_update_task: acmeTool({
              method: "PUT",
              params: { data: dataParam(reply ? { ...forms(true), required: ["message", "zqparent"] } : forms(false)) },
            }),
          },
        );
      const changes = diffSurfaces(surface(false), surface(true));
      expect(changes.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
        "non-breaking new-required-request-property param data .zqparent",
      ]);
      const block = (name: string, fields: string) =>
        `  ${name}:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      data:\n${fields}`;
      const workflow =
        `name: zq forms\nblocks:\n${block("canvas", "        message: Hi\n        at:\n          x: 1\n")}` +
        `${block("bare", "        message: Hi\n")}`;
      // Neither block sends the reply form only: the one at a place is the other form; a message alone may be either.
      expect(workflowHits([{ path: "workflows/zq-forms.yaml", text: workflow }], changes)).toEqual([]);
      const replyOnly = {
        ...changes[0],
        from: ["at,message"],
        to: ["message,zqparent,zqthread"],
      } as (typeof changes)[number];
      const thread = `name: zq forms\nblocks:\n${block("reply", "        message: Hi\n        zqthread: t1\n")}`;
      expect(
        workflowHits([{ path: "workflows/zq-thread.yaml", text: thread }], [replyOnly]).map((h) => h.message),
      ).toEqual([
        "workflows/zq-thread.yaml:7:7: block reply sends data without zqparent, " +
          "which acme_update_task now requires (new-required-request-property)",
      ]);
    },
  );
});
