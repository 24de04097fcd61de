// The workflow lines a diff of a `json` body parameter reaches, by value (the rest of workflow-hits.test.ts):
// a literal or a number the new version refuses, a reference to an output place it returns otherwise, a map's
// values of another kind; and the references the validator already names.
import { describe, expect, it } from "vitest";
import { acmeSurface, acmeTool } from "./__fixtures__/acme-surface.js";
import { dataParam } from "./__fixtures__/acme-workflow.js";
import { diffSurfaces } from "./classify.js";
import type { ParamSurface, Shape } from "./surface.js";
import { withValidatorProblems, workflowHits } from "./workflow-hits.js";

describe("diff of a json body parameter's fields, and the workflow values hit", () => {
  it(
    "names a literal the new version refuses (a value no longer listed, a limit it breaks), " +
      "not one it still takes",
    () => {
      const fields = (kind: string[], limits?: Shape["limits"]): Shape => ({
        type: "object",
        properties: {
          zqkind: { type: "string", enum: kind },
          zqtitle: { type: "string", ...(limits ? { limits } : {}) },
        },
      });
      const surface = (shape: Shape) =>
        acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam(shape) } }) });
      const changes = diffSurfaces(surface(fields(["task", "section"])), surface(fields(["task"], { minLength: 3 })));
      const block = (name: string, kind: string, title: string) =>
        `  ${name}:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      data:\n        ` +
        `zqkind: ${kind}\n        zqtitle: ${title}\n`;
      const workflow =
        `name: zq values\nblocks:\n${block("kept", "task", "Tidy")}${block("refused", "section", "ab")}` +
        `${block("unknown", '"{{kept.zqkind}}"', "Tidy")}`;
      expect(
        workflowHits([{ path: "workflows/zq-values.yaml", text: workflow }], changes).map((h) => h.message),
      ).toEqual([
        "workflows/zq-values.yaml:15:9: block refused sends data.zqkind, which acme_update_task no longer " +
          "accepts some values of ([section]) (request-property-enum-value-removed)",
        "workflows/zq-values.yaml:16:9: block refused sends data.zqtitle, which acme_update_task now limits " +
          "(minLength 3) (request-property-min-length-set)",
        "workflows/zq-values.yaml:22:9: block unknown sends data.zqkind, which acme_update_task no longer " +
          "accepts some values of ([section]) (request-property-enum-value-removed)",
      ]);
    },
  );

  it("names a number the new step refuses (multipleOf), not one that is a multiple of it", () => {
    const fields = (limits?: Shape["limits"]): Shape => ({
      type: "object",
      properties: { zqcount: { type: "integer", ...(limits ? { limits } : {}) } },
    });
    const surface = (shape: Shape) =>
      acmeSurface({}, { acme_update_task: acmeTool({ method: "PUT", params: { data: dataParam(shape) } }) });
    const changes = diffSurfaces(surface(fields()), surface(fields({ multipleOf: 20 })));
    const block = (name: string, count: number) =>
      `  ${name}:\n    type: acme\n    inputs:\n      operation: acme_update_task\n      data:\n        ` +
      `zqcount: ${count}\n`;
    const workflow = `name: zq steps\nblocks:\n${block("kept", 40)}${block("refused", 30)}`;
    expect(workflowHits([{ path: "workflows/zq-steps.yaml", text: workflow }], changes).map((h) => h.message)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`^workflows\/zq-steps\.yaml:14:9: block refused sends data\.zqcount, ` +
            String.raw`which acme_update_task now limits \(multipleOf 20\)`,
        ),
      ),
    ]);
  });

  it(
    "names a reference reading an output place, or one inside it, that the new version returns otherwise " +
      "(removed, null, another shape)",
    () => {
      const user: Shape = {
        type: "object",
        required: ["login"],
        properties: {
          login: { type: "string" },
          zqstyles: { type: "object", properties: { zqcolor: { type: "string" } } },
        },
      };
      const roles = (role: Shape): Shape => ({ type: "array", items: role });
      const surface = (role: Shape) =>
        acmeSurface(
          {},
          {
            acme_get_guild: acmeTool({
              params: {
                zqid: {
                  type: "string",
                  title: "Id",
                  description: "Id.",
                  required: true,
                  secret: false,
                  visibility: "user-or-llm",
                  wire: "path:zqid",
                },
              },
              outputs: { roles: { type: "array", optional: false, description: "Roles.", shape: roles(role) } },
            }),
          },
        );
      const before = surface({
        type: "object",
        required: ["name"],
        properties: { name: { type: "string" }, zqdescription: { type: "string" }, zquser: user },
      });
      const after = surface({
        type: "object",
        properties: {
          name: { type: "string", nullable: true },
          zquser: { ...user, properties: { login: { type: "string" } } },
        },
      });
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
      expect(
        workflowHits([{ path: "workflows/zq-roles.yaml", text: workflow }], diffSurfaces(before, after)).map(
          (h) => `${h.severity} ${h.message}`,
        ),
      ).toEqual([
        "breaking workflows/zq-roles.yaml:15:7: reads guild.roles[1].name, which acme_get_guild may now leave " +
          "out (response-property-became-optional)",
        "breaking workflows/zq-roles.yaml:15:7: reads guild.roles[1].name, which acme_get_guild may now return " +
          "as null (response-property-became-nullable)",
        "breaking workflows/zq-roles.yaml:15:7: reads guild.roles[0].zqdescription, " +
          "which acme_get_guild no longer returns (response-property-removed)",
        "breaking workflows/zq-roles.yaml:20:7: reads guild.roles[0].zquser.zqstyles.zqcolor, " +
          "which acme_get_guild no longer returns (response-property-removed)",
      ]);
    },
  );

  it(
    "names each value of a map that now declares them that is of another kind, " +
      "and no parameter a call leaves out (empty)",
    () => {
      const own = (extra: Partial<ParamSurface>): ParamSurface => ({
        type: "string",
        title: "T",
        description: "T.",
        required: false,
        secret: false,
        visibility: "user-or-llm",
        wire: "body:/zqtitle",
        ...extra,
      });
      const surface = (meta: Shape, title: Partial<ParamSurface>) =>
        acmeSurface(
          {},
          {
            acme_update_task: acmeTool({
              method: "PUT",
              params: { zqmeta: { ...dataParam(meta), required: false, wire: "body:/zqmeta" }, zqtitle: own(title) },
            }),
          },
        );
      const changes = diffSurfaces(
        surface({ type: "object" }, {}),
        surface({ type: "object", additionalProperties: { type: "string" } }, { minLength: 1 }),
      );
      expect(changes.map((c) => `${c.severity} ${c.kind} ${c.subject}`)).toEqual([
        "breaking request-property-additional-properties-restricted param zqmeta (value)",
        "breaking request-property-min-length-set param zqtitle",
      ]);
      const workflow =
        "name: zq meta\nblocks:\n  tag:\n    type: acme\n    inputs:\n      operation: " +
        'acme_update_task\n      zqtitle: ""\n      zqmeta:\n        zqcolor: red\n        zqsizes: [1, 2]\n';
      expect(workflowHits([{ path: "workflows/zq-meta.yaml", text: workflow }], changes).map((h) => h.message)).toEqual(
        [
          "workflows/zq-meta.yaml:10:9: block tag sends zqmeta.zqsizes, which acme_update_task now takes only as " +
            "string (a map that now declares its values) (request-property-additional-properties-restricted)",
        ],
      );
    },
  );
});

describe("withValidatorProblems", () => {
  const problem = (line: number, col: number, message: string, kind?: string, subject?: string) => ({
    file: "zq.yaml",
    line,
    col,
    message: `zq.yaml:${line}:${col}: ${message}`,
    ...(kind ? { kind, subject } : {}),
  });

  it(
    "keeps every broken reference of a line the validator already names, but the one it names for the same " + "reason",
    () => {
      const refused = [
        problem(9, 13, 'text: {{ b.data.gone }} and {{b.data.owner}}: in output "data", it has no field "gone"'),
      ];
      const hits = [
        problem(
          9,
          7,
          "reads b.data.gone, which acme_get no longer returns (response-property-removed)",
          "response-property-removed",
          "b.data.gone",
        ),
        problem(
          9,
          7,
          "reads b.data.owner, which acme_get may now return as null (response-property-became-nullable)",
          "response-property-became-nullable",
          "b.data.owner",
        ),
        problem(
          9,
          7,
          "reads b.data.kind, which acme_get no longer returns (response-property-removed)",
          "response-property-removed",
          "b.data.kind",
        ),
      ];
      expect(withValidatorProblems(refused, hits).map((w) => w.message)).toEqual([
        refused[0]?.message,
        hits[1]?.message,
        hits[2]?.message,
      ]);
    },
  );

  it("names a parameter the validator refuses at its value once, and lists every line in file order", () => {
    const refused = [
      problem(38, 5, "read: zqid: needs a value"),
      problem(32, 17, 'send: zqpriority: must be one of zqfast, zqregular, got "zqwire"'),
    ];
    const hits = [
      problem(
        32,
        7,
        "block send sends zqpriority, which acme_send no longer accepts some values of (zqwire) " +
          "(a request body field) (request-property-enum-value-removed)",
        "request-property-enum-value-removed",
        "zqpriority",
      ),
      problem(
        33,
        9,
        "block send sends data.zqpriority, which acme_send no longer accepts some values of (zqwire) " +
          "(request-property-enum-value-removed)",
        "request-property-enum-value-removed",
        "data.zqpriority",
      ),
    ];
    expect(withValidatorProblems(refused, hits).map((w) => `${w.line}:${w.col}`)).toEqual(["32:17", "33:9", "38:5"]);
  });
});
