// `example`: named examples become cases — the minimal input, each request
// example of the spec read back into parameters, each placeholder of the
// manifest, and each named answer of the spec, whose outputs must be what the
// output mapping makes of it. Every operation has at least the minimal input.
import { checkValue, type ParamSpec, parsePointer, type ToolSpec } from "@blockwright/runtime/internal";
import { mockWords } from "@blockwright/runtime/workflow";
import { carriesNoContent } from "../../load/media-types.js";
import type { OpenApiDocument } from "../../load/openapi-document.js";
import { servedByMock } from "../../mocks/mock-paging.js";
import { type DocumentServes, documentServes } from "../../mocks/routing/path-templates.js";
import { documentAnswerFits } from "../../mocks/mock-realistic.js";
import { expectAcceptedCall } from "../accepted.js";
import { fail, same } from "../call.js";
import { jsonPart, multipartPart, sentValue } from "../request/sent-value.js";
import { paramSource, responseSource, specSource } from "../sources.js";
import { type CaseKindModule, type ContractCase, contractCase } from "../types.js";
import { placeholderValue, type ToolValues, valuesOf } from "../inputs/values.js";

export const exampleKind: CaseKindModule = {
  doc: {
    when: "always",
    cases:
      "the minimal input; each request example of the spec read back into parameters; each manifest " +
      "`placeholder`; each named success (or outcome) answer of the spec, asked of the mock out of band " +
      "(Prism's `__code`, `__example` query keys, never a header the API may declare): the outputs must equal " +
      "what the output mapping makes of that answer and conform to the declared output types",
  },
  applies: () => true,
  derive(tool, { document: doc }) {
    const values = valuesOf(tool, doc);
    return [
      contractCase(tool, "example", "minimal input", async (ctx) => {
        await expectAcceptedCall(tool, doc, values.minimal(), ctx);
      }),
      ...requestExampleCases(tool, doc, values),
      ...placeholderCases(tool, doc, values),
      ...answerCases(tool, doc, values),
    ];
  },
};

/** Each request example of the spec read back into parameters: what the tool read goes back where it was. */
function requestExampleCases(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): ContractCase[] {
  const cases: ContractCase[] = [];
  const requestMedia = values.op.requestBody?.mediaType;
  for (const example of values.requestExamples()) {
    const source = requestMedia
      ? specSource(
          values.op,
          "requestBody",
          "content",
          requestMedia,
          ...(example.name === "example" ? ["example"] : ["examples", example.name]),
        )
      : specSource(values.op, "requestBody");
    cases.push(
      contractCase(
        tool,
        "example",
        `request example "${example.name}"`,
        async (ctx) => {
          const { exchange } = await expectAcceptedCall(tool, doc, example.input, ctx);
          // What the tool read from the example goes back on the wire where the example had it: in a multipart body,
          // as its part's text (a boolean's `true`, an object's JSON).
          const asPart = (p: ParamSpec, v: unknown, key?: string) =>
            tool.body?.encoding === "multipart" && p.wire.in === "body"
              ? multipartPart(p, v, jsonPart(tool, key ?? parsePointer(p.wire.pointer)[0]))
              : v;
          for (const { param, wire } of example.taken) {
            const p = values.param(param);
            if (p.wire.in === "body" && p.wire.pointer === "") {
              const sent = sentValue(exchange, tool, doc, p) as Record<string, unknown>;
              for (const [k, v] of Object.entries(wire as Record<string, unknown>))
                same(sent?.[k], asPart(p, v, k), `body member ${k} (from the example)`);
            } else {
              const sent = sentValue(exchange, tool, doc, p);
              same(
                sent,
                p.wire.in === "body" && p.wire.split && Array.isArray(wire)
                  ? wire.map((s) => String(s).trim())
                  : asPart(p, wire),
                `${param} as sent (from the example)`,
              );
            }
          }
        },
        source,
      ),
    );
  }
  return cases;
}

/** Each placeholder of the manifest: a value of its type, within its rules, accepted. */
function placeholderCases(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): ContractCase[] {
  const cases: ContractCase[] = [];
  for (const p of tool.params) {
    if (p.placeholder === undefined || p.wire.in === "server") continue;
    cases.push(
      contractCase(
        tool,
        "example",
        `placeholder of ${p.name}`,
        async (ctx) => {
          const value = placeholderValue(p);
          if (value === undefined)
            fail(
              `the placeholder ${JSON.stringify(p.placeholder)} of ${p.name} is not a ` +
                `${p.type}${p.type === "json" ? " (not valid JSON)" : ""}`,
            );
          const checked = checkValue(p, value, tool);
          if ("issue" in checked) fail(`the placeholder of ${p.name} breaks its own rules: ${checked.issue.message}`);
          const input = values.with({ [p.name]: value });
          if (!input) fail(`no input with the placeholder of ${p.name} satisfies the tool's rules`);
          await expectAcceptedCall(tool, doc, input, ctx);
        },
        paramSource(tool, p.name, "placeholder"),
      ),
    );
  }
  return cases;
}

/** Each named answer of the spec: the mock serves it, and the outputs are what the mapping makes of it. */
function answerCases(tool: ToolSpec, doc: OpenApiDocument, values: ToolValues): ContractCase[] {
  const cases: ContractCase[] = [];
  // Each answer the spec names for a success (or an outcome that is not a failure).
  const statuses = new Set([...tool.successStatuses, ...tool.outcomes.map((o) => o.status)]);
  for (const response of values.op.responses) {
    const status = Number(response.status);
    if (!statuses.has(status)) continue;
    const names = response.exampleNames.length ? response.exampleNames : [undefined];
    for (const name of names) {
      cases.push(
        contractCase(
          tool,
          "example",
          name ? `answer ${status} "${name}"` : `answer ${status}`,
          async (ctx) => {
            const prefer = mockWords(status, name);
            const { exchange } = await expectAcceptedCall(tool, doc, values.minimal(), ctx, { prefer });
            same(exchange.status, status, "the mock's status");
            // No content in a 204, 205 or 304 (RFC 9110), whatever example the document gives it (zoom's `""`).
            if (carriesNoContent(status)) return same(exchange.responseBody || undefined, undefined, "the mock's body");
            // A text answer's example is its text, as the document writes it (`{"a":1}` is no object): served as is.
            if (name && response.text)
              return same(exchange.responseBody, response.examples[name], `the mock's answer (example "${name}")`);
            // As the mock serves it: a next page's address on the real host moved to the mock's (mock-paging.ts).
            if (name)
              same(
                exchange.responseBody ? JSON.parse(exchange.responseBody) : undefined,
                servedByMock(
                  tool,
                  response.examples[name],
                  exchange.url,
                  exchange.headers,
                  documentAnswerFits(
                    doc.source.data as Record<string, unknown>,
                    values.op.location,
                    response.status,
                    response.mediaType ?? "application/json",
                  ),
                  servesOf(doc),
                ),
                `the mock's answer (example "${name}")`,
              );
          },
          responseSource(values.op, response.status, response.mediaType, name),
        ),
      );
    }
  }
  return cases;
}

const serving = new WeakMap<OpenApiDocument, DocumentServes>();
/** Which paths the document's mock serves (a next address naming none moves onto the list's own), once a document. */
function servesOf(doc: OpenApiDocument): DocumentServes {
  let serves = serving.get(doc);
  if (!serves) serving.set(doc, (serves = documentServes(doc.operations.values(), doc.source.data)));
  return serves;
}
