// `{{NAME}}` references to environment variables on the command line, and the
// rule that secrets are given only that way.
import { envReferenceName } from "../../runtime/workflow/references.js";

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Resolve `{{NAME}}` parameter values from `env`. A secret parameter must be
 * such a reference: a literal is refused without being echoed.
 */
export function resolveParamReferences(
  params: Record<string, unknown>,
  secretNames: ReadonlySet<string>,
  env: Record<string, string | undefined>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(params)) {
    const variable = envReferenceName(value);
    if (variable === undefined) {
      if (secretNames.has(name) && value !== undefined) {
        throw new UsageError(`${name} is a secret: pass it as a reference to an environment variable, e.g. ${name}={{MY_${name.replace(/[A-Z]/g, (c) => "_" + c).toUpperCase()}}}; the literal value given was not used`);
      }
      out[name] = value;
      continue;
    }
    const resolved = env[variable];
    if (resolved === undefined || resolved === "") throw new UsageError(`${name}: environment variable ${variable} is not set`);
    out[name] = resolved;
  }
  return out;
}
