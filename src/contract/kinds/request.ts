// `request`: every parameter at once, each value on the wire exactly where
// its placement says. Every operation has this case.
import { checkValue } from "@blockwright/runtime/internal";
import { expectAcceptedCall } from "../accepted.js";
import { expectSent } from "../request.js";
import { operationSource } from "../sources.js";
import { type CaseKindModule, contractCase } from "../types.js";
import { valuesOf } from "../values.js";

export const requestKind: CaseKindModule = {
  doc: {
    when: "always",
    cases: "every parameter at once: each value on the wire exactly where its placement says",
  },
  applies: () => true,
  derive(tool, { document: doc }) {
    const values = valuesOf(tool, doc);
    return [
      contractCase(
        tool,
        "request",
        "every parameter, placed where the spec declares it",
        async (ctx) => {
          const input = values.full();
          const { exchange } = await expectAcceptedCall(tool, doc, input, ctx);
          for (const p of tool.params) {
            if (input[p.name] === undefined || !["path", "query", "header", "body"].includes(p.wire.in)) continue;
            const checked = checkValue(p, input[p.name], tool);
            if ("value" in checked) expectSent(exchange, tool, doc, p, checked.value);
          }
        },
        operationSource(tool, "params"),
      ),
    ];
  },
};
