// The runtime's version, as its package.json says it (environment.test.ts holds them
// together): the first word of a client's User-Agent, `blockwright/<version>`.
export const RUNTIME_VERSION = "0.2.0";
