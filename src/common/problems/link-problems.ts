// The problems of linking a manifest to its OpenAPI document, BW2xxx:
// rows of the problems' table, joined with the other areas' in src/common/problem-codes.ts.
import type { ProblemInfo } from "./problem-info.js";

export const LINK_PROBLEMS = {
  BW2001: {
    meaning: "The manifest names a parameter it does not declare.",
    example: 'unknown parameter "cursor"',
    fix: "Declare the parameter under the operation's (or the shared) `params`, or correct the name.",
  },
  BW2002: {
    meaning: "An operation the manifest names is not in the OpenAPI document.",
    example: 'operation "listItems" not found in openapi.yaml (operations: createItem, getItem)',
    fix: "Use an operationId of the document (the message lists them).",
  },
  BW2003: {
    meaning: "A parameter, body field, response field or security scheme the manifest names is not in the document.",
    example:
      'query parameter "per_page" not found in operation "listItems" of openapi.yaml (its query parameters: ' +
      "limit, page)",
    fix: "Correct the name or pointer; the message lists what is there.",
  },
  BW2004: {
    meaning: "A setting applies to another type of parameter or value.",
    example: "maxLength applies to string parameters, not number",
    fix: "Remove the setting or change the parameter's type.",
  },
  BW2005: {
    meaning: "Two settings contradict each other (a minimum above its maximum, a state both pending and terminal).",
    example: "minimum 10 is above maximum 5",
    fix: "Make the settings agree.",
  },
  BW2006: {
    meaning: "A manifest limit is looser than the OpenAPI document's, so a call could send what the upstream refuses.",
    example: 'maxLength 500 is looser than query parameter "q"\'s maxLength 100 in openapi.yaml',
    fix: "Use the document's limit, or a tighter one.",
  },
  BW2007: {
    meaning: "A parameter's type, format, pattern or values disagree with what the document declares.",
    example: 'type string disagrees with query parameter "limit", which is integer in openapi.yaml',
    fix: "Declare what the document declares (restrict further with enum or maxLength).",
  },
  BW2008: {
    meaning: "A pattern is not a usable regular expression (ECMAScript, `u` flag).",
    example:
      '"[a-z" is not a valid regular expression (Invalid regular expression: /[a-z/u: Unterminated character class)',
    fix: "Correct the pattern.",
  },
  BW2009: {
    meaning: "A value the manifest gives (a default, example, placeholder or constant) breaks the rules it must meet.",
    example: "default 500 breaks the parameter's rules: must be at most 100",
    fix: "Give a value that meets the rules, or change the rules.",
  },
  BW2010: {
    meaning: "The document requires a parameter, body or body field that nothing the manifest declares supplies.",
    example:
      'openapi.yaml requires query parameter "account" for "listItems", but no parameter or constant supplies it',
    fix:
      "Declare a parameter placed there (`wire`), or a constant, and make it required or give it a default that " +
      "is sent.",
  },
  BW2011: {
    meaning: "Something is declared twice, or two declarations collide.",
    example: 'query "limit" is already sent by parameter "pageSize"',
    fix: "Keep one of them, or rename one.",
  },
  BW2012: {
    meaning:
      "A credential, secret or OAuth 2 parameter breaks the rules that keep secrets out of LLM inputs, " +
      "addresses and requests.",
    example: "a secret parameter must be user-only",
    fix: "Set what the message asks (`visibility: user-only`, `secret: true`, `required: false`, …).",
  },
  BW2013: {
    meaning: "A value sent in the address or a header has no bound on its length.",
    example:
      '"q" is sent as a query value, so it needs maxLength (an unbounded value can make the upstream answer ' +
      "414 or 431; …)",
    fix: "Give the parameter `maxLength` (or an enum, a format or an anchored pattern).",
  },
  BW2014: {
    meaning: "A parameter's rules admit no value of the lengths it allows.",
    example: 'pattern "^[a-z]{3}$" matches values of 3 characters, never 5 to 10',
    fix: "Loosen the rules, or give an example that meets them all.",
  },
  BW2015: {
    meaning: "The operation is deprecated in the document, and the manifest does not say so.",
    example:
      'operation "listOld" is deprecated in openapi.yaml: tell the tool\'s users, with deprecated: <why, ' +
      "and what to use instead>",
    fix: "Add `deprecated: <why, and what to use instead>` to the operation.",
  },
  BW2016: {
    meaning: "An expression (`$response.body#/…`, `$response.header.…`, `$request.…`) is not valid there.",
    example: "reads a parameter; it must read the reply ($response.body#/… or $response.header.…)",
    fix: "Write an expression of the kind the message names.",
  },
  BW2017: {
    meaning: "A parameter's placement (`wire`) is missing or one the runtime cannot send.",
    example: 'parameter "id" has no "wire" placement and is neither a credential (auth) nor the address parameter',
    fix: "Give the parameter a `wire` placement the document's operation takes.",
  },
  BW2018: {
    meaning: "A server address or host rule is not usable.",
    example: '"https://evil.example" names host evil.example, which server.hosts (*.zqfoo.com) does not allow',
    fix: "Correct the address, or the hosts `server.hosts` allows.",
  },
  BW2019: {
    meaning:
      "The OpenAPI document itself holds something Blockwright cannot use (a schema construct, a server, " +
      "a security scheme).",
    example: "components.schemas.Item: a schema cycle through allOf",
    fix: "Correct the document at the position given (or cut the operation out).",
  },
  BW2020: {
    meaning: "An operation id or parameter name is reserved or clashes with generated names.",
    example: 'operation ids start with the provider id: "zqfoo_…"',
    fix: "Rename as the message says.",
  },
  BW2021: {
    meaning: "A response the manifest relies on is not in the document (no 2xx, no JSON body, an undeclared status).",
    example: 'the success response of "listItems" in openapi.yaml has no JSON body',
    fix: "Declare the response in the document, or read another one.",
  },
  BW2022: {
    meaning:
      "An output, or what it reads, is not usable (not an output of the operation, the wrong type, " +
      "a field not in the response).",
    example: '"items" is not an output of the operation (outputs: id, name)',
    fix: "Correct the output's name, source or type.",
  },
  BW2023: {
    meaning: "A value the manifest names is not one of the values the parameter or field allows.",
    example: '"fast" is not a value of "mode" (slow, normal)',
    fix: "Use one of the values listed.",
  },
  BW2024: {
    meaning: "Settings that exclude each other are given together, or one needs another that is missing.",
    example: "an operation either polls a job or pages through a list, not both",
    fix: "Keep one of them, or add what the message names.",
  },
  BW2025: {
    meaning:
      "A trigger names what is not there: its event (a webhooks entry, an operation's callback), " +
      "a field of the event, or a subscription's operation or output.",
    example:
      'triggers.zqfoo_item_created.event.callback.name: operation "createHook" declares no callback ' +
      '"itemCreated" in openapi.yaml (callbacks: itemChanged)',
    fix: "Name what the document (or the manifest) has: the message lists it.",
  },
  BW2026: {
    meaning:
      "A trigger's value is not one it can use: a subscription input its parameter refuses, " +
      "a `{{…}}` serve does not fill there, or a `match` value the event cannot hold.",
    example:
      'triggers.zqfoo_item_created.subscription.create.inputs.kind: "item.made" is not a value ' +
      'zqfoo_create_hook takes (kind: must be one of item.created, item.updated, got "item.made")',
    fix:
      "Give a value the parameter (and so the document) allows, or the event's field can hold; " +
      "use only the templates the message lists.",
  },
} as const satisfies Record<`BW2${number}`, ProblemInfo>;
