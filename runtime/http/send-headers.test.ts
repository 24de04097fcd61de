// A request's headers as `send` puts them on its Request: without a body, appended to the Request's own after it
// is made (undici's reading of a headers object as a record cost 130 ns a header, Node 24); with one, given with it.
// Either way the Request is the one a headers object given to its constructor makes: the same list, the same refusals.
import { describe, expect, it } from "vitest";
import { send, type HttpRequest } from "./transport.js";

/** The Request `send` hands to fetch. */
async function sent(request: HttpRequest): Promise<Request> {
  let seen: Request | undefined;
  await send(
    async (r) => {
      seen = r;
      return new Response("{}");
    },
    request,
    undefined,
  );
  return seen as Request;
}

/** The Request made with the headers object given to its constructor, as `send` made every one before. */
const direct = (request: HttpRequest) =>
  new Request(request.url, {
    method: request.method,
    redirect: "manual",
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });

const URL_ = "https://api.zqexample.test/v1/zqitems?q=a";

describe("send's headers", () => {
  it.each<[string, HttpRequest]>([
    ["none", { method: "GET", url: URL_, headers: {} }],
    ["a credential's", { method: "GET", url: URL_, headers: { "X-Zq-Key": "zq-key-0001" } }],
    [
      "several, two of one name in two cases (combined)",
      { method: "DELETE", url: URL_, headers: { Accept: "application/json", "X-Zq": "a", "x-zq": "b" } },
    ],
    ["a text body's, no type given (the Request types it)", { method: "POST", url: URL_, headers: {}, body: "zq" }],
    [
      "a JSON body's, its type given (not combined with the Request's own)",
      { method: "PUT", url: URL_, headers: { "Content-Type": "application/json", "X-Zq": "a" }, body: "{}" },
    ],
  ])("are those of a Request made with them (%s)", async (_, request) => {
    const ours = await sent(request);
    const theirs = direct(request);
    expect([...ours.headers]).toEqual([...theirs.headers]);
    expect([ours.method, ours.url, ours.redirect]).toEqual([theirs.method, theirs.url, "manual"]);
    if (request.body !== undefined) expect(await ours.text()).toBe(request.body);
  });

  it("refuses a value a Request refuses, as a TypeError, with or without a body", async () => {
    for (const body of [{}, { body: "zq" }]) {
      const request: HttpRequest = { method: "POST", url: URL_, headers: { "X-Zq": "a\nb" }, ...body };
      expect(() => direct(request)).toThrow(TypeError);
      await expect(sent(request)).rejects.toThrow(TypeError);
    }
  });
});
