// `routes`: another OpenAPI operation serves the tool when a string
// parameter's value matches a pattern (an id of another kind, an address
// instead of an id). The route's operation takes the same parameters (some
// placed otherwise, `wire`) and gives every output the main one does.
import type { ParamSpec, RouteSpec, WireSpec } from "@blockwright/runtime/internal";
import { canonical } from "../../common/canonical-json.js";
import type { ToolEntry } from "../../model/surface-entry.js";
import type { RouteSurface } from "../../model/surface-format.js";
import type { ManifestOperation } from "../../load/precompiled/manifest-types.js";
import { regexProblem, type LinkContext, type Path } from "../context.js";
import { checkCoverage } from "../params/coverage.js";
import { bodyStatusOf, linkOutput } from "../outputs/outputs.js";
import { linkParams } from "../params/params.js";
import { checkWireSlots, paramSenders, wireText } from "../wire/wire.js";

/** `linkedOutputs`: outputs valid on the main operation, checked again on each route's. */
export function linkRoutes(
  ctx: LinkContext,
  id: string,
  at: Path,
  mop: ManifestOperation,
  params: ParamSpec[],
  linkedOutputs: Set<string>,
): RouteSpec[] {
  return (mop.routes ?? []).flatMap((route, i): RouteSpec[] => {
    const where: Path = [...at, "routes", i];
    const op = ctx.doc.operations.get(route.operationId);
    if (!op) {
      ctx.fail(
        "BW2002",
        [...where, "operationId"],
        `operation "${route.operationId}" not found in ${ctx.openapiName} (operations: ` +
          `${[...ctx.doc.operations.keys()].sort().join(", ")})`,
        "value",
      );
      return [];
    }
    const compileProblem = regexProblem(route.when.pattern);
    if (compileProblem) ctx.fail("BW2008", [...where, "when", "pattern"], compileProblem, "value");
    const tested = params.find((p) => p.name === route.when.param);
    if (!tested) ctx.fail("BW2001", [...where, "when", "param"], `unknown parameter "${route.when.param}"`, "value");
    else if (tested.type !== "string")
      ctx.fail(
        "BW2004",
        [...where, "when", "param"],
        `a route tests a string parameter, and "${route.when.param}" is ${tested.type}`,
        "value",
      );
    const linked = linkParams(ctx, id, mop, op, { overrides: route.wire ?? {}, at: [...where, "wire"] });
    checkWireSlots(ctx, paramSenders(ctx, linked));
    checkCoverage(ctx, where, op, linked, []);
    const success = op.responses.map((r) => Number(r.status)).filter((s) => s >= 200 && s < 300);
    const bodyStatus = bodyStatusOf(ctx.doc, op, success);
    const byName = new Map(linked.map((p) => [p.name, p]));
    for (const path of [...linkedOutputs]) linkOutput(ctx, [...at, "outputs", path], path, mop, op, byName, bodyStatus);
    const wire: Record<string, WireSpec> = {};
    for (const name of Object.keys(route.wire ?? {}).sort()) {
      const p = linked.find((x) => x.name === name);
      if (p) wire[name] = p.wire;
    }
    return [
      {
        when: { ...route.when },
        operationId: op.operationId,
        method: op.method as RouteSpec["method"],
        path: op.path.replace(/\{\+/g, "{"),
        wire,
      },
    ];
  });
}

/**
 * Which upstream operation serves a call: like the main operation's method
 * and path, the package's business — a call accepts and returns the same
 * (every route gives every output) — so a patch change.
 */
export const routesSurface: ToolEntry<RouteSurface[], "routeAdded" | "routeRemoved"> = {
  scope: "tool",
  subject: "routes",
  changes: {
    routeAdded: { level: "patch", rule: "route added (another upstream operation serves the calls it matches)" },
    routeRemoved: { level: "patch", rule: "route removed (the main operation serves the calls it matched)" },
  },
  record: (tool) =>
    tool.routes.length
      ? {
          routes: tool.routes.map((r) => ({
            when: { ...r.when },
            request: `${r.method} ${r.path}`,
            ...(Object.keys(r.wire).length
              ? { wire: Object.fromEntries(Object.entries(r.wire).map(([name, w]) => [name, wireText(w)])) }
              : {}),
          })),
        }
      : {},
  read: (t) => t.routes,
  diff(a = [], b = [], report) {
    const keys = (list: RouteSurface[]) => list.map(canonical);
    for (const r of b) if (!keys(a).includes(canonical(r))) report("routeAdded", { to: r });
    for (const r of a) if (!keys(b).includes(canonical(r))) report("routeRemoved", { from: r });
  },
};
