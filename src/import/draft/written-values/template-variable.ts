// A default or an example that is a variable of the tool the document was written with (Postman's `{{acronym}}`,
// `{{NOTION_VERSION}}`), not a value: drafted, it stood as the parameter's example, and `{{NAME}}` is how a call, a
// workflow and the suite's reproduce line name an environment variable, so that the example itself could not be
// given ("environment variable acronym is not set"), and models were shown it as a value.

/** The whole text one `{{name}}`, as such tools write a variable. */
const TEMPLATE_VARIABLE = /^\{\{\s*[\w$.-]+(?:\s[\w$.-]+)*\s*\}\}$/;

/** The value, or undefined where it is a template variable (with a review note saying so). */
export function notTemplateVariable(
  value: unknown,
  what: "default" | "example",
  note: (text: string) => void,
): unknown {
  if (typeof value !== "string" || !TEMPLATE_VARIABLE.test(value.trim())) return value;
  note(
    `the spec's ${what} ${JSON.stringify(value)} is a variable of the tool the document was written with, not a ` +
      "value: left out",
  );
  return undefined;
}
