// `error`: every error status the operation declares that the manifest does
// not map to an outcome (its `default` response included, asked for as a
// status it does not declare), each named example of it, becomes the structured
// error — with the upstream's code and message read from that example by the
// manifest's error expressions.
import type { ToolSpec } from "@blockwright/runtime/internal";
import { defaultStandIn, mockPrefer, mockWords } from "@blockwright/runtime/workflow";
import type { OpenApiDocument, OpenApiOperation, Schema } from "../../load/openapi-document.js";
import { callTool, expectAccepted, expectFailure, onlyExchange, same } from "../call.js";
import { parseBody } from "../json-path.js";
import { MESSAGE_KEY } from "../../model/message-fields.js";
import { checkRequest } from "../request/request.js";
import { responseSource } from "../sources.js";
import { expectStructuredError } from "../structured-error.js";
import { type CaseKindModule, contractCase } from "../types.js";
import { valuesOf } from "../inputs/values.js";

export const errorKind: CaseKindModule = {
  doc: {
    when: "an error status the manifest does not map to an outcome",
    cases:
      "every such status, each named example (the spec's `default` response too, asked for as the first status " +
      "from 400 the operation does not declare, 407 aside, which fetch never hands over): the structured error " +
      "with the upstream's code and message, `retryable` and `mayHaveBeenApplied` as the transport policy says",
  },
  applies: (tool, { document }) => errorResponses(tool, valuesOf(tool, document).op).length > 0,
  derive(tool, { document: doc }) {
    const values = valuesOf(tool, doc);
    return errorResponses(tool, values.op).flatMap((response) => {
      // The `default` response: the mock serves it for a status the operation does not declare (mock-answer.ts).
      const isDefault = response.status === "default";
      const status = isDefault ? defaultStandIn(tool) : Number(response.status);
      const label = isDefault ? `default (as ${status})` : String(status);
      const names = response.exampleNames.length ? response.exampleNames : [undefined];
      return names.map((name) =>
        contractCase(
          tool,
          "error",
          name ? `${label} "${name}" becomes the structured error` : `${label} becomes the structured error`,
          async (ctx) => {
            const prefer = isDefault
              ? mockPrefer(tool, { code: "default", ...(name ? { example: name } : {}) })
              : mockWords(status, name);
            const called = await callTool(tool, values.minimal(), ctx, { prefer, retries: 0 });
            expectAccepted(called.exchanges);
            const ex = onlyExchange(called);
            same(ex.status, status, "the mock's status");
            checkRequest(ex, tool, doc, called.input);
            // No answer to HEAD has a body (RFC 9110 §9.3.2), whatever example a document gives: the mock serves none.
            if (values.op.method === "HEAD") same(ex.responseBody || undefined, undefined, "the mock's body");
            // A text answer's example is its text, as the document writes it (the empty text, `{"a":1}`, `404`): served
            // as is, as the example kind reads it.
            else if (name && response.examples[name] !== undefined)
              same(
                response.text ? ex.responseBody : parseBody(ex.responseBody),
                response.examples[name],
                `the mock's answer (example "${name}")`,
              );
            expectStructuredError(tool, ex, expectFailure(called), {
              successShaped: declaredAsSuccess(doc, values.op, response),
            });
          },
          responseSource(values.op, response.status, response.mediaType, name),
        ),
      );
    });
  },
};

/** The error answers the operation declares (4xx, 5xx, and `default`) that are not one of the tool's outcomes. */
function errorResponses(tool: ToolSpec, op: OpenApiOperation): OpenApiOperation["responses"] {
  const outcomes = new Set(tool.outcomes.map((o) => o.status));
  return op.responses.filter(
    (r) =>
      (r.status === "default" && !outcomes.has(defaultStandIn(tool))) ||
      (Number(r.status) >= 400 && !outcomes.has(Number(r.status))),
  );
}

/**
 * Whether an error answer is declared with the schema of one of the operation's success answers, or of one branch of
 * such an answer's union (`oneOf: [Transcript, Accepted]`), that schema naming no field as a message at its top (a
 * document that copied the transcript's schema onto its 400): the resource itself, with no message to miss. A shared
 * envelope that names one (`{code, message, data}`) keeps the check.
 */
export function declaredAsSuccess(
  doc: OpenApiDocument,
  op: OpenApiOperation,
  response: OpenApiOperation["responses"][number],
): boolean {
  const schema = response.schema;
  if (!schema) return false;
  const successes = op.responses.filter((r) => /^2\d\d$/.test(r.status) && r.schema).map((r) => r.schema as Schema);
  const shapes = successes.flatMap((s) => [s, ...((s.oneOf ?? s.anyOf ?? []) as Schema[]).map((b) => doc.resolve(b))]);
  if (!shapes.includes(schema)) return false;
  const fields = schema.properties && typeof schema.properties === "object" ? Object.keys(schema.properties) : [];
  return fields.length > 0 && !fields.some((name) => MESSAGE_KEY.test(name));
}
