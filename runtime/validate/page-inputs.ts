// The block inputs of list operations that ask for more than one page. They
// are options of the call, not parameters of the tool: a workflow block
// writes them beside the parameters, and they are taken out before the tool
// sees its parameters.
import { ownValue, setOwn } from "../common/own.js";
import type { Issue } from "./validate-params.js";

export const PAGE_INPUTS = ["allPages", "maxItems", "maxPages"] as const;

export interface PageInputs {
  allPages?: boolean;
  maxItems?: number;
  maxPages?: number;
}

/**
 * Split a block's inputs into the tool's parameters and the page options,
 * converting text values (`"true"`, `"50"`); a value that is not a boolean or
 * a whole number of at least 1 is an issue naming the input.
 */
export function pageInputsOf(inputs: Record<string, unknown>): {
  params: Record<string, unknown>;
  options: PageInputs;
  issues: Issue[];
} {
  const params: Record<string, unknown> = {};
  const options: PageInputs = {};
  const issues: Issue[] = [];
  for (const key of Object.keys(inputs))
    if (!(PAGE_INPUTS as readonly string[]).includes(key)) setOwn(params, key, inputs[key]);
  const allPages = ownValue(inputs, "allPages");
  if (allPages !== undefined && allPages !== null && allPages !== "") {
    if (allPages === true || allPages === "true") options.allPages = true;
    else if (allPages === false || allPages === "false") options.allPages = false;
    else
      issues.push({
        param: "allPages",
        rule: "type",
        message: `allPages: must be a boolean (true or false), got ${JSON.stringify(allPages)}`,
      });
  }
  for (const name of ["maxItems", "maxPages"] as const) {
    const raw = ownValue(inputs, name);
    if (raw === undefined || raw === null || raw === "") continue;
    const n = typeof raw === "number" ? raw : typeof raw === "string" && raw.trim() !== "" ? Number(raw.trim()) : NaN;
    const issue = pageCountIssue(name, n, raw);
    if (issue) issues.push(issue);
    else options[name] = n;
  }
  return { params, options, issues };
}

/** A page cap (`maxItems`, `maxPages`) is a whole number of at least 1; `shown` is the value as given. */
export function pageCountIssue(
  name: "maxItems" | "maxPages",
  value: unknown,
  shown: unknown = value,
): Issue | undefined {
  if (typeof value === "number" && Number.isInteger(value) && value >= 1) return undefined;
  return {
    param: name,
    rule: "minimum",
    message: `${name}: must be a whole number of at least 1, got ${JSON.stringify(shown)}`,
  };
}

/** The call asks for more than one page (any page option set). */
export function wantsPages(options: PageInputs): boolean {
  return options.allPages === true || options.maxItems !== undefined || options.maxPages !== undefined;
}
