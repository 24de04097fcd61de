// Every kind of derived case, one module each. The order is the order of a
// tool's cases in the suite (and of docs/reference/case-kinds.md); a CaseKind
// missing here, or a key that is not one, does not compile.
import type { CaseKind, CaseKindModule } from "../types.js";
import { authKind } from "./auth.js";
import { enumKind } from "./enum.js";
import { errorKind } from "./error.js";
import { exampleKind } from "./example.js";
import { limitKind } from "./limit.js";
import { propertyKind } from "./property.js";
import { requestKind } from "./request.js";
import { routeKind } from "./route.js";
import { ruleKind } from "./rule.js";
import { scenarioKind } from "./scenario.js";
import { triggerKind } from "./trigger.js";

export const CASE_KINDS = {
  example: exampleKind,
  request: requestKind,
  limit: limitKind,
  enum: enumKind,
  rule: ruleKind,
  route: routeKind,
  error: errorKind,
  auth: authKind,
  scenario: scenarioKind,
  property: propertyKind,
  trigger: triggerKind,
} as const satisfies Record<CaseKind, CaseKindModule>;

/** The kinds in the table's order. */
export const KIND_ORDER = Object.keys(CASE_KINDS) as CaseKind[];
