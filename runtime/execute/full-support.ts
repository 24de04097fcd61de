// Every part of the runtime's support (call/support.ts): what the workflow
// runner, the command line, the registry and `executeToolDefinition` run
// tools with, whatever the provider declares. A generated package passes only
// the parts its provider uses.
import type { Support } from "../call/support.js";
import { eventFileSupport } from "../call/files/event-file-support.js";
import { formEncoding } from "../call/form-body.js";
import { RateLimiter } from "../http/rate-limiter.js";
import { requestSizeIssue } from "../http/request-size.js";
import { rateLimitWait } from "../http/rate-waits.js";
import { problemMessage } from "../http/problem-details.js";
import { credentialKinds } from "../call/credential.js";
import { requestSigning } from "../call/request-signing.js";
import { pageLinks } from "../call/next-address.js";
import { pageCursors } from "../call/page-cursors.js";
import { oauthFlows } from "../call/oauth-support.js";
import { instanceAddresses } from "../call/instance-address.js";
import { chooseRoute } from "../call/routes.js";
import { placeConstants } from "../call/build-request.js";
import { replyOutcomes } from "../call/outcomes.js";
import { xmlBodies } from "../call/xml/xml-body.js";
import { writeSafety } from "../call/write-safety.js";
import { formatProblem } from "../spec/formats.js";
import { checkRules } from "../validate/cross-field-rules.js";
import { checkJson } from "../validate/json-params.js";
import { booleanValue } from "../validate/validate-params.js";
import { stringRules } from "../validate/string-rules.js";
import { linearPatterns } from "../validate/linear-patterns.js";
import { numberRules } from "../validate/number-rules.js";
import { paramUnions } from "../validate/param-unions.js";
import { secretTexts } from "../common/secret-texts.js";
import { nestedSecretTexts } from "../validate/nested-secrets.js";
import { csvRecords } from "../common/csv-rows.js";

export const fullSupport: Required<Support> = {
  oauth: oauthFlows,
  rules: checkRules,
  json: checkJson,
  boolean: booleanValue,
  formats: formatProblem,
  form: formEncoding,
  links: pageLinks,
  cursors: pageCursors,
  rateLimits: RateLimiter,
  // The files support that reads server-sent events too (a generated package is given it only when a tool needs it).
  files: eventFileSupport,
  requestSize: requestSizeIssue,
  // The request bodies with XML written too (a generated package is given them only when a tool sends XML).
  bodies: xmlBodies,
  strings: stringRules,
  numbers: numberRules,
  unions: paramUnions,
  writes: writeSafety,
  credentials: credentialKinds,
  signing: requestSigning,
  waits: rateLimitWait,
  problems: problemMessage,
  addresses: instanceAddresses,
  routes: chooseRoute,
  constants: placeConstants,
  outcomes: replyOutcomes,
  patterns: linearPatterns,
  secretLists: secretTexts,
  nestedSecrets: nestedSecretTexts,
  csv: csvRecords,
};
