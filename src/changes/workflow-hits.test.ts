// diff on a `json` body parameter's fields, and the workflow lines its
// changes reach: a field a block still sends that the new version no longer
// accepts (breaking), and a reference to an output that may now hold a new
// value (to look at). The provider is the made-up `acme`.
import { describe, expect, it } from "vitest";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import { diffSurfaces } from "./classify.js";
import type { ParamSurface, Shape } from "./surface.js";
import { withValidatorProblems, workflowHits } from "./workflow-hits.js";

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

  it("names an object sent without a field the new version requires in it, and no object that has it", () => {
    const items = (required: string[]): Shape => ({ type: "object", properties: { zqitems: { type: "array", items: { type: "object", required, properties: { id: { type: "string" }, zqkind: { type: "string" } } } } } });
    const surface = (required: string[]) => acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam(items(required)) } }) });
    const changes = diffSurfaces(surface([]), surface(["id"]));
    expect(changes.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual(["breaking request-property-became-required param data .zqitems[].id"]);
    const workflow = "name: zq items\nblocks:\n  tidy:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      data:\n        zqitems:\n          - id: a1\n          - zqkind: file\n";
    expect(workflowHits([{ path: "workflows/zq-items.yaml", text: workflow }], changes).map((h) => h.message)).toEqual([
      "workflows/zq-items.yaml:10:13: block tidy sends data.zqitems.1 without id, which acme_update_task now requires (request-property-became-required)",
    ]);
  });

  it("a field only one form of a union body has is required of the calls sending that form: non-breaking, and only a block sending that form is named", () => {
    // The body comes in two forms: a comment on the canvas (message, at) or a reply (message, zqparent), which the newer version adds.
    const forms = (reply: boolean): Shape => ({
      type: "object",
      required: ["message", ...(reply ? ["zqparent"] : [])],
      properties: { message: { type: "string" }, at: { type: "object", properties: { x: { type: "number" } } }, ...(reply ? { zqparent: { type: "string" } } : {}) },
      ...(reply ? { variants: ["at,message", "message,zqparent"] } : {}),
    });
    const surface = (reply: boolean) => acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam(reply ? { ...forms(true), required: ["message", "zqparent"] } : forms(false)) } }) });
    const changes = diffSurfaces(surface(false), surface(true));
    expect(changes.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual(["non-breaking new-required-request-property param data .zqparent"]);
    const block = (name: string, fields: string) => `  ${name}:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      data:\n${fields}`;
    const workflow = `name: zq forms\nblocks:\n${block("canvas", "        message: Hi\n        at:\n          x: 1\n")}${block("bare", "        message: Hi\n")}`;
    // Neither block sends the reply form only: the one at a place is the other form; a message alone may be either.
    expect(workflowHits([{ path: "workflows/zq-forms.yaml", text: workflow }], changes)).toEqual([]);
    const replyOnly = { ...changes[0], from: ["at,message"], to: ["message,zqparent,zqthread"] } as (typeof changes)[number];
    const thread = `name: zq forms\nblocks:\n${block("reply", "        message: Hi\n        zqthread: t1\n")}`;
    expect(workflowHits([{ path: "workflows/zq-thread.yaml", text: thread }], [replyOnly]).map((h) => h.message)).toEqual([
      "workflows/zq-thread.yaml:7:7: block reply sends data without zqparent, which acme_update_task now requires (new-required-request-property)",
    ]);
  });

  it("names a literal the new version refuses (a value no longer listed, a limit it breaks), not one it still takes", () => {
    const fields = (kind: string[], limits?: Shape["limits"]): Shape => ({ type: "object", properties: { zqkind: { type: "string", enum: kind }, zqtitle: { type: "string", ...(limits ? { limits } : {}) } } });
    const surface = (shape: Shape) => acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam(shape) } }) });
    const changes = diffSurfaces(surface(fields(["task", "section"])), surface(fields(["task"], { minLength: 3 })));
    const block = (name: string, kind: string, title: string) => `  ${name}:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      data:\n        zqkind: ${kind}\n        zqtitle: ${title}\n`;
    const workflow = `name: zq values\nblocks:\n${block("kept", "task", "Tidy")}${block("refused", "section", "ab")}${block("unknown", '"{{kept.zqkind}}"', "Tidy")}`;
    expect(workflowHits([{ path: "workflows/zq-values.yaml", text: workflow }], changes).map((h) => h.message)).toEqual([
      "workflows/zq-values.yaml:15:9: block refused sends data.zqkind, which acme_update_task no longer accepts some values of ([section]) (request-property-enum-value-removed)",
      "workflows/zq-values.yaml:16:9: block refused sends data.zqtitle, which acme_update_task now limits (minLength 3) (request-property-min-length-set)",
      "workflows/zq-values.yaml:22:9: block unknown sends data.zqkind, which acme_update_task no longer accepts some values of ([section]) (request-property-enum-value-removed)",
    ]);
  });

  it("names a number the new step refuses (multipleOf), not one that is a multiple of it", () => {
    const fields = (limits?: Shape["limits"]): Shape => ({ type: "object", properties: { zqcount: { type: "integer", ...(limits ? { limits } : {}) } } });
    const surface = (shape: Shape) => acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam(shape) } }) });
    const changes = diffSurfaces(surface(fields()), surface(fields({ multipleOf: 20 })));
    const block = (name: string, count: number) => `  ${name}:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      data:\n        zqcount: ${count}\n`;
    const workflow = `name: zq steps\nblocks:\n${block("kept", 40)}${block("refused", 30)}`;
    expect(workflowHits([{ path: "workflows/zq-steps.yaml", text: workflow }], changes).map((h) => h.message)).toEqual([
      expect.stringMatching(/^workflows\/zq-steps\.yaml:14:9: block refused sends data\.zqcount, which acme_update_task now limits \(multipleOf 20\)/),
    ]);
  });

  it("names a reference reading an output place, or one inside it, that the new version returns otherwise (removed, null, another shape)", () => {
    const user: Shape = { type: "object", required: ["login"], properties: { login: { type: "string" }, zqstyles: { type: "object", properties: { zqcolor: { type: "string" } } } } };
    const roles = (role: Shape): Shape => ({ type: "array", items: role });
    const surface = (role: Shape) =>
      acmeSurface(
        {},
        {
          acme_get_guild: acmeTool({
            params: { zqid: { type: "string", title: "Id", description: "Id.", required: true, secret: false, visibility: "user-or-llm", wire: "path:zqid" } },
            outputs: { roles: { type: "array", optional: false, description: "Roles.", shape: roles(role) } },
          }),
        },
      );
    const before = surface({ type: "object", required: ["name"], properties: { name: { type: "string" }, zqdescription: { type: "string" }, zquser: user } });
    const after = surface({ type: "object", properties: { name: { type: "string", nullable: true }, zquser: { ...user, properties: { login: { type: "string" } } } } });
    const workflow = [
      "name: zq roles",
      "blocks:",
      "  guild:",
      "    type: acme",
      "    inputs:",
      "      operation: acme_get_guild",
      "      zqid: g1",
      "    connections:",
      "      outgoing:",
      "        - target: echo",
      "  echo:",
      "    type: acme",
      "    inputs:",
      "      operation: acme_get_guild",
      '      zqid: "{{guild.roles[0].zqdescription}} {{guild.roles[1].name}}"',
      "  again:",
      "    type: acme",
      "    inputs:",
      "      operation: acme_get_guild",
      '      zqid: "{{guild.roles[0].zquser.zqstyles.zqcolor}} {{guild.roles[0].zquser.login}}"',
      "",
    ].join("\n");
    expect(workflowHits([{ path: "workflows/zq-roles.yaml", text: workflow }], diffSurfaces(before, after)).map((h) => `${h.severity} ${h.message}`)).toEqual([
      "breaking workflows/zq-roles.yaml:15:7: reads guild.roles[1].name, which acme_get_guild may now leave out (response-property-became-optional)",
      "breaking workflows/zq-roles.yaml:15:7: reads guild.roles[1].name, which acme_get_guild may now return as null (response-property-became-nullable)",
      "breaking workflows/zq-roles.yaml:15:7: reads guild.roles[0].zqdescription, which acme_get_guild no longer returns (response-property-removed)",
      "breaking workflows/zq-roles.yaml:20:7: reads guild.roles[0].zquser.zqstyles.zqcolor, which acme_get_guild no longer returns (response-property-removed)",
    ]);
  });

  it("names each value of a map that now declares them that is of another kind, and no parameter a call leaves out (empty)", () => {
    const own = (extra: Partial<ParamSurface>): ParamSurface => ({ type: "string", title: "T", description: "T.", required: false, secret: false, visibility: "user-or-llm", wire: "body:/zqtitle", ...extra });
    const surface = (meta: Shape, title: Partial<ParamSurface>) => acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { zqmeta: { ...dataParam(meta), required: false, wire: "body:/zqmeta" }, zqtitle: own(title) } }) });
    const changes = diffSurfaces(surface({ type: "object" }, {}), surface({ type: "object", additionalProperties: { type: "string" } }, { minLength: 1 }));
    expect(changes.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual(["breaking request-property-additional-properties-restricted param zqmeta (value)", "breaking request-property-min-length-set param zqtitle"]);
    const workflow = 'name: zq meta\nblocks:\n  tag:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      zqtitle: ""\n      zqmeta:\n        zqcolor: red\n        zqsizes: [1, 2]\n';
    expect(workflowHits([{ path: "workflows/zq-meta.yaml", text: workflow }], changes).map((h) => h.message)).toEqual([
      "workflows/zq-meta.yaml:10:9: block tag sends zqmeta.zqsizes, which acme_update_task now takes only as string (a map that now declares its values) (request-property-additional-properties-restricted)",
    ]);
  });
});

describe("withValidatorProblems", () => {
  const problem = (line: number, col: number, message: string, kind?: string, subject?: string) => ({ file: "zq.yaml", line, col, message: `zq.yaml:${line}:${col}: ${message}`, ...(kind ? { kind, subject } : {}) });

  it("keeps every broken reference of a line the validator already names, but the one it names for the same reason", () => {
    const refused = [problem(9, 13, 'text: {{ b.data.gone }} and {{b.data.owner}}: in output "data", it has no field "gone"')];
    const hits = [
      problem(9, 7, "reads b.data.gone, which acme_get no longer returns (response-property-removed)", "response-property-removed", "b.data.gone"),
      problem(9, 7, "reads b.data.owner, which acme_get may now return as null (response-property-became-nullable)", "response-property-became-nullable", "b.data.owner"),
      problem(9, 7, "reads b.data.kind, which acme_get no longer returns (response-property-removed)", "response-property-removed", "b.data.kind"),
    ];
    expect(withValidatorProblems(refused, hits).map((w) => w.message)).toEqual([refused[0]?.message, hits[1]?.message, hits[2]?.message]);
  });
});
