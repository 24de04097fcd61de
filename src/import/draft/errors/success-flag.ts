// A success answer that says in its own body whether the call succeeded, the failure's message beside the flag
// (`{result: {success: false, errorMessage: "…"}}`): the API answers 2xx when a call fails, which
// errors.failureWhen tells (draft-errors.ts), the message read there too. The flag is read at the body's top or in
// one object below it (an envelope), and only beside a text named as a failure's message and nothing but what tells of
// the failure (a code, reasons, details), so that a record's own `success` (a payment's outcome, a report run's status
// with its `inProgress`, `fileSize`, dates) is not taken for the call's.
import { type OpenApiDocument, type Schema, typeOf } from "../../../load/openapi-document.js";
import { safeFlatten } from "../param-schema.js";

/** A boolean member saying whether the call succeeded. */
const FLAG = /^(success|succeeded|successful|ok)$/i;
/** A text member holding the failure's message (not a record's `message`, which a success carries too). */
const FAILURE_MESSAGE = /^(error_?message|error_?description|error_?text|error_?msg|failure_?reason)$/i;

/** What else a flag's holder may carry: what tells of the failure. */
const ABOUT_FAILURE = /error|code|reason|message|detail/i;

/** Where a success answer keeps its flag and its failure's message, as runtime expressions. */
export interface SuccessFlag {
  flag: string;
  message: string;
}

/** The flag and failure message of a success answer's body, if it has them (at its top or one object below). */
export function successFlag(doc: OpenApiDocument, success: Schema | undefined): SuccessFlag | undefined {
  if (!success) return undefined;
  const members = (schema: Schema | undefined) => Object.entries((schema?.properties ?? {}) as Record<string, Schema>);
  const holders: [string[], Schema | undefined][] = [[[], success]];
  for (const [name, member] of members(success)) {
    const flat = safeFlatten(doc, member);
    if (typeOf(flat) === "object") holders.push([[name], flat]);
  }
  for (const [at, holder] of holders) {
    const typed = members(holder).map(([name, schema]) => [name, typeOf(safeFlatten(doc, schema))] as const);
    const flag = typed.find(([name, type]) => FLAG.test(name) && type === "boolean")?.[0];
    const message = typed.find(([name, type]) => FAILURE_MESSAGE.test(name) && type === "string")?.[0];
    const others = typed.filter(([name]) => name !== flag && name !== message);
    if (flag !== undefined && message !== undefined && others.every(([name]) => ABOUT_FAILURE.test(name)))
      return { flag: expression([...at, flag]), message: expression([...at, message]) };
  }
  return undefined;
}

const expression = (path: readonly string[]) =>
  `$response.body#/${path.map((name) => name.replaceAll("~", "~0").replaceAll("/", "~1")).join("/")}`;
