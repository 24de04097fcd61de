// A whole API's tools in parts: the path prefix that selects a part, by whole
// segments, and the groups a list falls into.
import { describe, expect, it } from "vitest";
import { pathGroup, toolGroups, underPathPrefix } from "./tool-groups.js";

describe("tool groups", () => {
  it("select by whole path segments, a trailing slash aside; / holds every path", () => {
    expect(underPathPrefix("/zqrepos/{owner}/issues", "/zqrepos")).toBe(true);
    expect(underPathPrefix("/zqrepos", "/zqrepos/")).toBe(true);
    expect(underPathPrefix("/zqreposettings", "/zqrepos")).toBe(false);
    expect(underPathPrefix("/anything", "/")).toBe(true);
  });

  it("name a path's group by its path up to its second fixed segment, templated ones kept", () => {
    expect(pathGroup("/zqrepos/{owner}/{repo}/issues/{n}/comments")).toBe("/zqrepos/{owner}/{repo}/issues");
    expect(pathGroup("/zquser/keys/{id}")).toBe("/zquser/keys");
    expect(pathGroup("/zqmeta")).toBe("/zqmeta");
    expect(pathGroup("/")).toBe("/");
  });

  it("count each group's tools and read-only tools, in the prefixes' order; each group selects its own tools", () => {
    const tools = [
      { path: "/zqb/{id}/items", readOnly: true },
      { path: "/zqa/x/{id}", readOnly: false },
      { path: "/zqb/{id}/items/{item}", readOnly: true },
      { path: "/zqa/x", readOnly: true },
    ];
    const groups = toolGroups(tools, (t) => t.readOnly);
    expect(groups).toEqual([
      { pathPrefix: "/zqa/x", tools: 2, readOnly: 1 },
      { pathPrefix: "/zqb/{id}/items", tools: 2, readOnly: 2 },
    ]);
    for (const g of groups) expect(tools.filter((t) => underPathPrefix(t.path, g.pathPrefix))).toHaveLength(g.tools);
  });
});
