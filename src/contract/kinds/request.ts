// `request`: every parameter at once, each value on the wire exactly where
// its placement says, and read back by the request judge (src/judge/) as the
// service reads it, by the document's rules, equal to what was given. Every
// operation has this case (a body of several shapes, one per shape: their
// fields together meet none).
import { checkValue, type ParamSpec, type ToolSpec } from "@blockwright/runtime/internal";
import type { OpenApiDocument } from "../../load/openapi-document.js";
import { documentJudge, misReadings, type ReadBackParam } from "../../judge/read-back.js";
import { sharedXmlItems } from "../../judge/body/xml-shared-items.js";
import { credentialCoversOf } from "../../mocks/credential-covers.js";
import { expectAcceptedCall } from "../accepted.js";
import { fail, same } from "../call.js";
import { operationOf } from "../request/request.js";
import { expectedWire, expectSent, sentValue, withCredentialAsSent } from "../request/sent-value.js";
import { operationSource } from "../sources.js";
import { type CaseContext, type CaseKindModule, type ContractCase, contractCase } from "../types.js";
import { inHeadParts } from "../inputs/head-bytes.js";
import { type Input, type ToolValues, valuesOf } from "../inputs/values.js";

export const requestKind: CaseKindModule = {
  doc: {
    when: "always",
    cases:
      "every parameter at once: each value on the wire exactly where its placement says, and read back by the " +
      "document's serialization rules (style, explode, `content`, `encoding`) as what the tool was given; a body " +
      "of several shapes (`oneOf`, `anyOf`) whose fields are parameters: each shape's, a case apiece; more " +
      "parameters than a request head holds (a server answers 431): sent in parts it holds, each checked; the " +
      "parameters a call may give as null (`nullable`), given null: sent as JSON null, not left out (in a query, as " +
      "nothing: OpenAPI writes no pair for null), and taken by the mock",
  },
  applies: () => true,
  derive(tool, { document: doc, manifest }) {
    const values = valuesOf(tool, doc);
    const covered = credentialCoversOf(
      (manifest?.data as { auth?: unknown } | undefined)?.auth,
      doc.source.data as object,
    );
    // A body of several shapes: every parameter of each shape, a case apiece (their fields together meet none).
    const shapes = values.bodyShapes?.branches.flatMap((_, i) => (fullOf(values, i) ? [i] : [])) ?? [];
    const count = values.bodyShapes?.branches.length ?? 0;
    const cases = shapes.length ? shapes : [undefined];
    return [
      ...cases.map((shape) =>
        contractCase(
          tool,
          "request",
          shape === undefined
            ? "every parameter, placed where the spec declares it"
            : `every parameter of the body's shape ${shape + 1} of ${count}, placed where the spec declares it`,
          async (ctx) => {
            // More parameters than a request head holds (a server answers 431): sent in parts it holds, each checked.
            for (const input of inHeadParts(tool, values.full(shape))) await sentAsDeclared(input, ctx);
          },
          operationSource(tool, "params"),
        ),
      ),
      ...nullCases(tool, values, doc),
    ];

    async function sentAsDeclared(input: Input, ctx: CaseContext): Promise<void> {
      const { exchange } = await expectAcceptedCall(tool, doc, input, ctx);
      const { op, wire: routeWire } = operationOf(exchange, tool, doc);
      const sent: ReadBackParam[] = [];
      for (const p of tool.params) {
        if (input[p.name] === undefined || !["path", "query", "header", "body"].includes(p.wire.in)) continue;
        const checked = checkValue(p, input[p.name], tool);
        if (!("value" in checked)) continue;
        expectSent(exchange, tool, doc, p, checked.value);
        const wire = routeWire[p.name] ?? p.wire;
        const structured = checked.value !== null && typeof checked.value === "object";
        const given = withCredentialAsSent(exchange, tool, wire, p, checked.value);
        sent.push({
          spec: p,
          wire,
          want: structured && wire.in !== "body" ? given : expectedWire(wire, given),
          ...(wire.in === "body" && sharedXmlItems(tool, wire.pointer) ? { sharedXmlItems: true } : {}),
        });
      }
      const judge = documentJudge(doc, { basePath: tool.server.basePath ?? "", credential: "form", covered });
      const request = {
        method: exchange.method,
        url: exchange.url.href,
        headers: exchange.headers,
        ...(exchange.rawBody ? { body: new TextEncoder().encode(exchange.rawBody) } : {}),
      };
      const misread = misReadings(judge, request, doc, op.operationId, sent);
      if (misread.length)
        fail(
          `the request reads, by the document's serialization rules, as other values than the tool was ` +
            `given:\n${misread.map((m) => `  - ${m.message}`).join("\n")}`,
        );
    }
  },
};

/**
 * The parameters a call may give as null (`nullable`): each given null, beside the fewest others, is sent as JSON null
 * where its placement says (not left out), and the mock, judging the request by the document, takes it.
 */
function nullCases(tool: ToolSpec, values: ToolValues, doc: OpenApiDocument): ContractCase[] {
  // In a query null is sent as nothing (OpenAPI writes no pair for it): an optional one given null, no pair sent.
  const query = tool.params.filter((p) => p.nullable && p.wire.in === "query");
  const nullable = tool.params.filter((p) => p.nullable && p.wire.in !== "query");
  return [...bodyNullCases(tool, values, doc, nullable), ...queryNullCases(tool, values, doc, query)];
}

/** An optional query parameter that may be null, given null: no pair sent, and the mock takes the request. */
function queryNullCases(
  tool: ToolSpec,
  values: ToolValues,
  doc: OpenApiDocument,
  nullable: ParamSpec[],
): ContractCase[] {
  const optional = nullable.filter((p) => !p.required);
  const input = optional.length ? values.with(Object.fromEntries(optional.map((p) => [p.name, null]))) : undefined;
  if (!input) return [];
  const names = optional.map((p) => p.name).join(", ");
  return [
    contractCase(
      tool,
      "request",
      `null given to ${names}: sent as nothing in the query, as OpenAPI serialises null`,
      async (ctx) => {
        const { exchange } = await expectAcceptedCall(tool, doc, input, ctx);
        for (const p of optional) same(sentValue(exchange, tool, doc, p), undefined, `${p.name} as sent (no pair)`);
      },
      operationSource(tool, "params"),
    ),
  ];
}

/** The body's parameters that may be null, given null (nullCases). */
function bodyNullCases(
  tool: ToolSpec,
  values: ToolValues,
  doc: OpenApiDocument,
  nullable: ParamSpec[],
): ContractCase[] {
  const input = nullable.length ? values.with(Object.fromEntries(nullable.map((p) => [p.name, null]))) : undefined;
  if (!input) return [];
  const names = nullable.map((p) => p.name).join(", ");
  return [
    contractCase(
      tool,
      "request",
      `null given to ${names}: sent as JSON null, where the document admits it`,
      async (ctx) => {
        const { exchange } = await expectAcceptedCall(tool, doc, input, ctx);
        for (const p of nullable) same(sentValue(exchange, tool, doc, p), null, `${p.name} as sent (null)`);
      },
      operationSource(tool, "params"),
    ),
  ];
}

/** Whether every parameter of the body's shape `shape` makes an input (the shape's required fields have values). */
function fullOf(values: ToolValues, shape: number): boolean {
  try {
    values.full(shape);
    return true;
  } catch {
    return false;
  }
}
