// A parameter several operations declare alike (a provider's shared parameter, a document's component parameter) is
// one interface of index.d.ts, which each operation's `Params` extends, instead of its documented member printed
// again in every one: the same member (name, whether optional, type, and the comment an editor shows) is one record.
// Named after the parameter (`<Provider>Shared<Name>`, a number after a name taken), in the operations' order:
// the same IR prints the same text. Only where it makes the file smaller.
import type { OperationIR, ProviderIR } from "../model/ir.js";
import { pascalCase } from "../model/naming.js";

/** A parameter's member of an operation's `Params`, as index.d.ts prints it. */
export interface ParamMember {
  name: string;
  optional: boolean;
  type: string;
  doc: string;
}

/** A member several operations share: the interface holding it. */
export interface SharedParamType extends ParamMember {
  /** The interface's name. */
  typeName: string;
  count: number;
}

/** The members printed once, by their text, and what each operation's `Params` extends. */
export interface SharedParams {
  types: SharedParamType[];
  /** The interface holding a member, by the member's text; undefined when printed in its operation. */
  holder(member: ParamMember): string | undefined;
}

const memberText = (m: ParamMember) => `  /** ${m.doc} */\n  ${m.name}${m.optional ? "?" : ""}: ${m.type};\n`;

/**
 * The shared members of a provider's operations (`members`: an operation's, as printed); `taken`: the names index.d.ts
 * declares besides.
 */
export function sharedParams(
  ir: ProviderIR,
  members: (op: OperationIR) => ParamMember[],
  taken: ReadonlySet<string>,
): SharedParams {
  const counts = new Map<string, { member: ParamMember; count: number }>();
  for (const op of ir.operations)
    for (const member of members(op)) {
      const text = memberText(member);
      const seen = counts.get(text);
      if (seen) seen.count++;
      else counts.set(text, { member, count: 1 });
    }
  const names = new Set(taken);
  const byText = new Map<string, string>();
  const types: SharedParamType[] = [];
  for (const [text, { member, count }] of counts) {
    if (count < 2) continue;
    const base = `${ir.names.pascal}Shared${pascalCase(member.name)}`;
    let typeName = base;
    for (let i = 2; names.has(typeName); i++) typeName = `${base}${i}`;
    // Printed once (its interface and comment) and named in each `extends` (`, Name`), against the member each time.
    const once =
      `\n/** Parameter \`${member.name}\`, shared by ${count} operations. */\n` +
      `export interface ${typeName} {\n${text}}\n`;
    if (once.length + count * (typeName.length + 2) >= count * text.length) continue;
    names.add(typeName);
    byText.set(text, typeName);
    types.push({ ...member, typeName, count });
  }
  return { types, holder: (member) => byText.get(memberText(member)) };
}
