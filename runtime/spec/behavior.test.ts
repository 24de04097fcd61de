// An operation's effects as MCP annotations say them (readOnlyHint,
// destructiveHint, idempotentHint, openWorldHint): from the HTTP method of the
// operation and of its routes, unless the manifest's behavior says otherwise.
import { describe, expect, it } from "vitest";
import { tools as repoTools } from "../../test-support/runtime/packages.js";
import { toolBehavior } from "./behavior.js";
import { toLlmTools } from "../llm/llm-tools.js";
import type { ToolSpec } from "./tool-types.js";

const repo = Object.values(repoTools);

describe("behaviour, from the method and the manifest", () => {
  const synthetic = (method: ToolSpec["method"], extra: Partial<ToolSpec> = {}) =>
    ({ method, routes: [], ...extra }) as Pick<ToolSpec, "method" | "routes" | "behavior">;

  it.each([
    ["GET", { readOnly: true, destructive: false, idempotent: true, openWorld: true }],
    ["POST", { readOnly: false, destructive: false, idempotent: false, openWorld: true }],
    ["PUT", { readOnly: false, destructive: true, idempotent: true, openWorld: true }],
    ["PATCH", { readOnly: false, destructive: true, idempotent: false, openWorld: true }],
    ["DELETE", { readOnly: false, destructive: true, idempotent: true, openWorld: true }],
    // The safe methods an OpenAPI operation may name besides GET (a HEAD operation threw in every reader of this).
    ["HEAD", { readOnly: true, destructive: false, idempotent: true, openWorld: true }],
    ["OPTIONS", { readOnly: true, destructive: false, idempotent: true, openWorld: true }],
    ["TRACE", { readOnly: true, destructive: false, idempotent: true, openWorld: true }],
  ] as const)("%s", (method, expected) => {
    expect(toolBehavior(synthetic(method))).toEqual(expected);
  });

  it("a route with another method counts: read-only only if every method reads", () => {
    const route = {
      when: { param: "x", pattern: "^" },
      operationId: "o",
      method: "DELETE" as const,
      path: "/",
      wire: {},
    };
    expect(toolBehavior(synthetic("GET", { routes: [route] }))).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: true,
      openWorld: true,
    });
  });

  it("the manifest overrides: a read-only POST is neither destructive nor repeated with effect", () => {
    expect(toolBehavior(synthetic("POST", { behavior: { readOnly: true } }))).toEqual({
      readOnly: true,
      destructive: false,
      idempotent: true,
      openWorld: true,
    });
    expect(toolBehavior(synthetic("PATCH", { behavior: { idempotent: true } }))).toEqual({
      readOnly: false,
      destructive: true,
      idempotent: true,
      openWorld: true,
    });
    expect(toolBehavior(synthetic("GET", { behavior: { openWorld: false } })).openWorld).toBe(false);
  });

  // The decisions about the providers this table names (a provider added to
  // specs/ adds tools it does not name); the read-only set is every tool's.
  it(
    "the repository's tools: the hints decided for the providers named, and --read-only keeps exactly the " +
      "read-only ones",
    () => {
      const hints = Object.fromEntries(
        toLlmTools(repo, "mcp").map((d) => [
          d.name,
          [
            d.annotations.readOnlyHint,
            d.annotations.destructiveHint,
            d.annotations.idempotentHint,
            d.annotations.openWorldHint,
          ]
            .map((b) => (b ? 1 : 0))
            .join(""),
        ]),
      );
      expect(hints).toMatchObject({
        books_get_volume: "1011",
        books_search_volumes: "1011",
        crm_create_record: "0001",
        crm_get_record: "1011",
        crm_query: "1011",
        crm_update_record: "0101",
        directory_create_user: "0001",
        directory_get_user: "1011",
        directory_list_groups: "1011",
        directory_list_users: "1011",
        docgen_check_status: "1011",
        docgen_generate: "0001",
        docgen_generate_from_template: "0001",
        docgen_list_folders: "1011",
        docgen_list_themes: "1011",
        persondata_company_enrich: "1011",
        persondata_person_enrich: "1011",
        // A POST search: read-only by the manifest's behavior.
        persondata_person_search: "1011",
      });
      const readOnly = Object.keys(hints).filter((name) => hints[name]!.startsWith("1"));
      expect(readOnly.length).toBeGreaterThan(0);
      expect(toLlmTools(repo, "mcp", { readOnly: true }).map((d) => d.name)).toEqual(readOnly);
    },
  );
});
