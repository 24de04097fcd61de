// The environment variable a provider's parameter is read from: a module of its own, which the generator (that prints
// the names in READMEs and repro lines) imports without the client, its errors and its transport.

/**
 * The environment variable a provider's parameter is read from by default (a client's credential here, MCP
 * connections) and in every printed example (README, repro lines): `<PROVIDER>_<PARAM>` in upper snake case,
 * `acme` + `apiKey` → `ACME_API_KEY`.
 */
export function envVariableName(provider: string, param: string): string {
  return `${provider}_${param}`
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .toUpperCase();
}
