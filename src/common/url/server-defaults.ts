// A server's address as a client without a choice of its own calls it: each `{variable}` at the server's default for
// it (add's drafted `server.default`, upstream's comparison of where an operation is served).

type Json = Record<string, unknown>;

/**
 * `text` (a server's address or a part of it) with each `{variable}` at the server's default for it; one without a
 * default as `missing` writes it.
 */
export function withServerDefaults(text: string, server: Json | undefined, missing: (name: string) => string): string {
  const variables = (server?.variables ?? {}) as Record<string, Json | undefined>;
  return text.replace(/\{([^}]+)\}/g, (_, name: string) =>
    variables[name]?.default != null ? String(variables[name].default) : missing(name),
  );
}
