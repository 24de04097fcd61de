// The typed client's credential is a text. Given none (`credential: process.env.ZQ_TOKEN` unset) or a number, the
// client was made all the same and every request went with `Authorization: Bearer undefined` (or the number's digits),
// refused upstream as a wrong key. Now making the client refuses it, naming the option and what it was given (its
// type, never its value).
import { describe, expect, it } from "vitest";
import { json, scriptedFetch } from "../../test-support/runtime/scripted-fetch.js";
import type { AuthSpec } from "../spec/auth-types.js";
import { createProviderClient } from "./client.js";

const AUTH = { type: "bearer", param: "zqToken" } as unknown as AuthSpec;
const make = (credential: unknown) => {
  const { fetch } = scriptedFetch(json(200, {}));
  return () =>
    createProviderClient(AUTH, { baseUrl: "https://api.zqnotes.test", credential: credential as string, fetch });
};

describe("the typed client's credential", () => {
  it("is refused when it is not a text, naming the option and the type given", () => {
    expect(make(undefined)).toThrow(/^credential: must be a string .*, not undefined$/);
    expect(make(12345)).toThrow(/^credential: must be a string .*, not a number$/);
    expect(make(null)).toThrow(/^credential: must be a string .*, not null$/);
    expect(make(12345)).not.toThrow(/12345/);
  });

  it("is taken when it is a text", () => {
    expect(make("zq-token-1")).not.toThrow();
  });
});
