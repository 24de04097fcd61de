/** One problem with a tool's input: the parameter, the rule it breaks, and a message naming both and the value. */
export interface Issue {
  param?: string;
  rule: string;
  message: string;
  /** The whole of a rule the message words or cuts (a pattern): for programs and models. */
  expected?: string;
}
