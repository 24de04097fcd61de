// Every concept of the manifest language, as one record (concept-record.ts),
// each in its concept's folder (src/link/<concept>/record.ts, beside its rule,
// schema fragment and tests): its wording for provider authors, its schema
// fragments, the tool fields it fills, its surface entries, its link part, its
// contract case and its place in the shelf fixture. Listed here in the order
// diff reports the concepts' changes (and the link adds their parts); the docs
// list them in this order too. A folder's record.ts that is not listed here
// fails concept-records.test.ts, naming the folder.
import type { ConceptRecord } from "./concept-record.js";
import { answerTypes } from "./answer-types/record.js";
import { auth } from "./auth/record.js";
import { authFlows } from "./auth-flows/record.js";
import { authVariable } from "./auth-variable/record.js";
import { authSignedJwt } from "./auth-signed-jwt/record.js";
import { authSigv4 } from "./auth-sigv4/record.js";
import { behavior } from "./behavior/record.js";
import { constants } from "./constants/record.js";
import { deprecated } from "./deprecated/record.js";
import { errors } from "./errors/record.js";
import { files } from "./files/record.js";
import { idempotency } from "./idempotency/record.js";
import { limits } from "./limits/record.js";
import { names } from "./names/record.js";
import { operation } from "./operation/record.js";
import { outputs } from "./outputs/record.js";
import { pagination } from "./pagination/record.js";
import { paramBranches } from "./param-branches/record.js";
import { paramLimits } from "./param-limits/record.js";
import { nullValues } from "./null-values/record.js";
import { params } from "./params/record.js";
import { partHeaders } from "./part-headers/record.js";
import { platforms } from "./platforms/record.js";
import { pollTriggers } from "./poll-triggers/record.js";
import { polling } from "./polling/record.js";
import { rateLimits } from "./rate-limits/record.js";
import { routes } from "./routes/record.js";
import { rules } from "./rules/record.js";
import { server } from "./server/record.js";
import { stream } from "./stream/record.js";
import { timeout } from "./timeout/record.js";
import { triggers } from "./triggers/record.js";
import { wire } from "./wire/record.js";

export const CONCEPTS = {
  // What holds for a whole provider: how a call authenticates, how the upstream throttles, where calls go, how much
  // they may send and read, how its errors read.
  auth,
  authVariable,
  authSigv4,
  authSignedJwt,
  authFlows,
  rateLimits,
  server,
  limits,
  errors,
  // A tool's inputs: the operation it calls, its parameters and their limits, where each goes on the wire, the
  // constants sent with them, the rules across them.
  operation,
  params,
  paramLimits,
  paramBranches,
  nullValues,
  wire,
  constants,
  partHeaders,
  rules,
  // What a call does and gives.
  outputs,
  polling,
  pagination,
  routes,
  idempotency,
  behavior,
  deprecated,
  timeout,
  stream,
  files,
  answerTypes,
  names,
  // Events that start a workflow.
  triggers,
  pollTriggers,
  // What the workflow platforms make of the tools.
  platforms,
} as const satisfies Record<string, ConceptRecord>;
