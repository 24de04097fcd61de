// A server whose host is one variable (`{endpoint}/formrecognizer/v2.0-preview`, Azure's cognitive services) with a
// default that is no address (`none`, or a host without its scheme): the default was filled in as the first segment
// of the path, and every request went to `<instance>/none/formrecognizer/…` (seen on a loopback recorder), which the
// mocks served there too, so every case passed. The variable is where the API is installed: the path is what follows.
import { describe, expect, it } from "vitest";
import { documentServer } from "./server.js";

const server = (url: string, defaults: Record<string, string> = {}) =>
  documentServer({
    servers: [{ url, variables: Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, { default: v }])) }],
  });

describe("a server whose host is one variable", () => {
  it("has the path after the variable, whatever its default that is no address", () => {
    expect(server("{endpoint}/zqrecognizer/v2.0-preview", { endpoint: "none" })).toEqual({
      url: "{endpoint}/zqrecognizer/v2.0-preview",
      path: "/zqrecognizer/v2.0-preview",
    });
    expect(server("{zqhost}/zqapi", { zqhost: "westus.zq.example.test" })).toMatchObject({ path: "/zqapi" });
    expect(server("{zqhost}", { zqhost: "none" })).toMatchObject({ path: "" });
  });

  it("is an address where its default is one, and a path segment where a path comes before it", () => {
    expect(server("{zqbase}/v1", { zqbase: "https://api.zq.test" })).toMatchObject({
      origin: "https://api.zq.test",
      path: "/v1",
    });
    expect(server("/zq/{zqversion}", { zqversion: "v3" })).toMatchObject({ path: "/zq/v3" });
    expect(server("https://{zqregion}.zq.test/{zqstage}", { zqregion: "eu", zqstage: "live" })).toMatchObject({
      origin: "https://eu.zq.test",
      path: "/live",
    });
  });
});
