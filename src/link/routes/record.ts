// The record of the `routes` concept (link/concept-record.ts): another operation serving a tool by a parameter's value.
// link/concept-records.ts lists it among the others, in the records' order.
import { type ConceptRecord, decided } from "../concept-record.js";
import { routesSurface } from "./routes.js";

export const routes = {
  wording: "**`routes`:** another OpenAPI operation serves the tool when a parameter's value matches a pattern.",
  schema: ["routes"],
  tool: ["routes"],
  surface: { routes: routesSurface },
  link: null,
  contract: { kind: "route" },
  shelf: { field: "operation.routes" },
  fields: {
    ...decided({ surface: "routes" }, [
      "operation.routes",
      "route.when",
      "route.when.param",
      "route.when.pattern",
      "route.operationId",
      "route.wire",
    ]),
  },
} as const satisfies ConceptRecord;
