// OperationIds a web framework made from each function's name, its path and its method (FastAPI's default unique id:
// the name, the path with every character other than a letter, digit or `_` written `_`, then `_<method>`):
// `list_applications_api_v1_app__get` for `list_applications` at `GET /api/v1/app/`. The path and method repeat what
// the operation already says, and a tool id made of them reads `list_applications_api_v1_app_get`.

interface Named {
  operationId?: string | undefined;
  method: string;
  path: string;
}

/** The name before the operation's own path and method so written, or undefined where it does not end with them. */
function nameBeforeSuffix({ operationId, method, path }: Named): string | undefined {
  if (operationId === undefined) return undefined;
  const suffix = `${path.replace(/\W/g, "_")}_${method.toLowerCase()}`;
  if (!operationId.endsWith(suffix)) return undefined;
  const name = operationId.slice(0, -suffix.length);
  return /[A-Za-z0-9]/.test(name) ? name : undefined;
}

/**
 * The names the operationIds were generated from, by operation, where the document's are so made: every operationId
 * of two or more ends with its own path and method (one alone, `search_users_get` at `GET /users`, may be written so
 * by hand). Empty where they are not.
 */
export function operationIdNames<T extends Named>(operations: readonly T[]): Map<T, string> {
  const withIds = operations.filter((op) => op.operationId !== undefined);
  const names = new Map<T, string>();
  if (withIds.length < 2) return names;
  for (const op of withIds) {
    const name = nameBeforeSuffix(op);
    if (name === undefined) return new Map();
    names.set(op, name);
  }
  return names;
}
