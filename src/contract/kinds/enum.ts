// `enum`: every value of a parameter's enum accepted (and its upper case, when
// the parameter takes any case), one value outside refused before any request.
import { acceptCase, refuseCase } from "../input-cases.js";
import { paramSource } from "../sources.js";
import type { CaseKindModule, ContractCase } from "../types.js";
import { valuesOf } from "../inputs/values.js";

export const enumKind: CaseKindModule = {
  doc: {
    when: "a parameter with an `enum`",
    cases: "every enum value (and its upper case, when any case is accepted), one value outside",
  },
  applies: (tool) => tool.params.some((p) => p.wire.in !== "server" && p.enum !== undefined),
  derive(tool, { document }) {
    const values = valuesOf(tool, document);
    const cases: ContractCase[] = [];
    for (const p of tool.params) {
      if (p.wire.in === "server" || !p.enum) continue;
      const source = paramSource(tool, p.name, "enum");
      for (const v of p.enum)
        cases.push(
          acceptCase(values, "enum", `${p.name} = ${JSON.stringify(v)}`, p, () => values.with({ [p.name]: v }), source),
        );
      if (p.caseInsensitive) {
        for (const v of p.enum) {
          const upper = String(v).toUpperCase();
          if (upper !== v)
            cases.push(
              acceptCase(
                values,
                "enum",
                `${p.name} = ${JSON.stringify(upper)} (any case, sent as ${JSON.stringify(v)})`,
                p,
                () => values.with({ [p.name]: upper }),
                source,
              ),
            );
        }
      }
      // A boolean's outside is the other of the two, where its enum leaves one out.
      const outside =
        p.type === "number"
          ? Math.max(...(p.enum as number[])) + 1
          : p.type === "boolean"
            ? [true, false].find((v) => !p.enum?.includes(v))
            : "not-one-of-the-values";
      if (outside === undefined) continue;
      cases.push(
        refuseCase(
          values,
          "enum",
          `${p.name} outside its values`,
          () => ({ ...values.minimal(), [p.name]: outside }),
          { param: p.name, rule: "enum", value: outside },
          source,
        ),
      );
    }
    return cases;
  },
};
