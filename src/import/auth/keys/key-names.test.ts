// An API key scheme whose published name no request carries (key-names.ts):
// read as the scheme's key when its description names that key, else left out
// of the choice (another scheme taken, or add refuses naming why), and the
// drafted tool sends the key under the name read.
import { rmSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import {
  draftWorkFolder,
  drafted,
  sentHeaders,
  linkProblems,
  notesAt,
  openapi,
  reply,
} from "../../__fixtures__/draft-kit.js";
import { keyNamesFromSchemes } from "./key-names.js";

afterAll(() => rmSync(draftWorkFolder, { recursive: true, force: true }));

const paths = {
  "/zqreports": {
    get: {
      operationId: "listZqReports",
      responses: { "200": reply({ type: "object", properties: { count: { type: "integer" } } }) },
    },
  },
};
const withSchemes = (schemes: Record<string, unknown>, security: Record<string, unknown>[]) =>
  openapi(paths, { securitySchemes: schemes }, { security });
const prose = (key: string, description?: string) => ({
  type: "apiKey",
  in: "header",
  name: "Zq Reports API Key",
  ...(description ? { description: description.replace("KEY", key) } : {}),
});

describe("keyNamesFromSchemes", () => {
  it("reads a prose header name as the scheme's key its description names", () => {
    const doc = withSchemes(
      { "Zq-Report-Token": prose("Zq-Report-Token", "The KEY header is made on the dashboard.") },
      [],
    );
    expect(keyNamesFromSchemes(doc)).toEqual(
      new Map([["Zq-Report-Token", { written: "Zq Reports API Key", read: "Zq-Report-Token" }]]),
    );
  });

  it.each([
    ["no description", "Zq-Report-Token", prose("Zq-Report-Token")],
    ["a description not naming the key", "Zq-Report-Token", prose("Zq-Report-Token", "Made on the dashboard.")],
    ["the key only inside a longer name", "Zq-Report-Token", prose("Zq-Report-Token", "The X-KEY-2 header.")],
    ["a key that is no header name either", "zq report token", prose("zq report token", "The KEY header.")],
    [
      "a name a request carries",
      "Zq-Report-Token",
      { type: "apiKey", in: "header", name: "X-Zq", description: "Zq-Report-Token." },
    ],
  ])("reads nothing with %s", (_, key, scheme) => {
    expect(keyNamesFromSchemes(withSchemes({ [key]: scheme }, []))).toEqual(new Map());
  });
});

describe("a drafted key scheme whose published name no request carries", () => {
  it("is drafted under the key its description names, said in the cut and a note, and sent so", async () => {
    const key = "Zq-Report-Token";
    const d = drafted(
      withSchemes({ [key]: prose(key, "The KEY header parameter is made on the dashboard.") }, [{ [key]: [] }]),
      ["listZqReports"],
    );
    expect(d.manifest.auth).toEqual({ scheme: key, param: "apiKey" });
    expect(d.openapiText).toContain(
      `Changed by blockwright add: components.securitySchemes.${key}.name "Zq Reports API Key" written "${key}"`,
    );
    expect(notesAt(d, "auth").join("\n")).toContain(
      `"Zq Reports API Key" written "${key}": the published name is none`,
    );
    // The published document stays as published.
    expect(
      (d.published as { components: { securitySchemes: Record<string, { name: string }> } }).components.securitySchemes[
        key
      ]?.name,
    ).toBe("Zq Reports API Key");
    expect(await linkProblems(d)).toEqual([]);
    expect((await sentHeaders(d)).get(key)).toBe("zq-key-0000000001");
  });

  it("without that evidence, gives way to a scheme a request can carry", () => {
    const d = drafted(
      withSchemes({ zqProse: prose("zqProse"), zqKey: { type: "apiKey", in: "query", name: "zq_key" } }, [
        { zqProse: [] },
        { zqKey: [] },
      ]),
      ["listZqReports"],
    );
    expect(d.manifest.auth).toEqual({ scheme: "zqKey", param: "apiKey" });
  });

  it("without that evidence and no other scheme, is refused naming the scheme, the rule and the name", () => {
    expect(() => drafted(withSchemes({ zqProse: prose("zqProse") }, [{ zqProse: [] }]), ["listZqReports"])).toThrow(
      "zqProse: apiKey in header, whose name is none a request carries: a header name is a token (letters, digits " +
        'and !#$%&\'*+-.^_`|~), got "Zq Reports API Key"',
    );
  });
});

describe("a key header's published name that holds its value's start", () => {
  const headed = (name: string) => ({ type: "apiKey", in: "header", name });

  it.each([
    ["Authorization: Bearer", "Bearer "],
    ["Authorization:Token token=", "Token token="],
    ["Authorization: Bearer <token>", "Bearer "],
  ])("reads %j as the header and the prefix %j", (name, prefix) => {
    expect(keyNamesFromSchemes(withSchemes({ zqJwt: headed(name) }, []))).toEqual(
      new Map([["zqJwt", { written: name, read: "Authorization", prefix }]]),
    );
  });

  it.each([
    ["no header name before the colon", "Zq Auth: Bearer"],
    ["a sentence after it", "Authorization: send the key in this header"],
    ["nothing after it", "Authorization:"],
  ])("reads nothing with %s", (_, name) => {
    expect(keyNamesFromSchemes(withSchemes({ zqJwt: headed(name) }, []))).toEqual(new Map());
  });

  it("is drafted in that header after the prefix, said in the cut and a note, and sent so", async () => {
    const d = drafted(withSchemes({ zqJwt: headed("Authorization: Bearer") }, [{ zqJwt: [] }]), ["listZqReports"]);
    expect(d.manifest.auth).toEqual({ scheme: "zqJwt", param: "apiKey", prefix: "Bearer " });
    expect(d.openapiText).toContain(
      'components.securitySchemes.zqJwt.name "Authorization: Bearer" written "Authorization", the key sent after ' +
        '"Bearer " (the published name holds the header\'s name',
    );
    expect(notesAt(d, "auth").join("\n")).toContain('as its published name, "Authorization: Bearer" shows');
    expect(await linkProblems(d)).toEqual([]);
    expect((await sentHeaders(d)).get("authorization")).toBe("Bearer zq-key-0000000001");
  });
});
