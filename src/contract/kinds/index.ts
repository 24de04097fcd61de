// Every kind of case, one module each: first the kinds the suite derives from
// the specs, in the order of a tool's cases (and of the reports and
// docs/reference/case-kinds.md), then the live kinds that verify and replay
// make. A kind of CaseKind or LiveKind missing here, or a key that is
// neither, does not compile.
import type { CaseKind, CaseKindModule, LiveKind, LiveKindModule, ResultKind } from "../types.js";
import { authKind } from "./auth.js";
import { enumKind } from "./enum.js";
import { errorKind } from "./error.js";
import { exampleKind } from "./example.js";
import { limitKind } from "./limit.js";
import { liveKind, replayKind } from "./live.js";
import { propertyKind } from "./property.js";
import { requestKind } from "./request.js";
import { routeKind } from "./route.js";
import { ruleKind } from "./rule.js";
import { scenarioKind } from "./scenario.js";
import { pollKind } from "./poll.js";
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
  poll: pollKind,
  live: liveKind,
  replay: replayKind,
} as const satisfies { [K in CaseKind]: CaseKindModule } & { [K in LiveKind]: LiveKindModule };

/** Every kind, in the table's order: the derived kinds, then the live ones. */
export const RESULT_KINDS = Object.keys(CASE_KINDS) as ResultKind[];

/** Whether a kind is derived from the specs (has a deriver), not made from a live service. */
export const isDerivedKind = (kind: ResultKind): kind is CaseKind => "derive" in CASE_KINDS[kind];

/** The derived kinds in the table's order. */
export const KIND_ORDER: readonly CaseKind[] = RESULT_KINDS.filter(isDerivedKind);
