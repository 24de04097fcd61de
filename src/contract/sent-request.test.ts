// A retried request must be the request sent before (the rate-limit scenario
// holds it so). A multipart body is encoded afresh for each request, with a
// boundary drawn each time: two sends of the same form differ in their
// bytes, never in what they say (Zeno.FM's podcast update, a document not
// used before, failed its retry case on this alone).
import { describe, expect, it } from "vitest";
import { sentRequest } from "./exchange.js";

/** What the exchange layer records of a request, as fetch would send it. */
async function recorded(request: Request) {
  return { method: request.method, url: new URL(request.url), headers: request.headers, rawBody: await request.text() };
}

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

const address = "http://127.0.0.1:1/zq/podcasts/p1";

describe("a request as sent, for comparison", () => {
  it("is the same for two sends of the same multipart form, whose boundaries differ", async () => {
    const first = await recorded(
      new Request(address, { method: "PUT", body: form({ zqTitle: "Dune", zqLogo: "bytes" }) }),
    );
    const second = await recorded(
      new Request(address, { method: "PUT", body: form({ zqTitle: "Dune", zqLogo: "bytes" }) }),
    );
    expect(first.rawBody).not.toBe(second.rawBody);
    expect(sentRequest(second)).toBe(sentRequest(first));
    expect(sentRequest(first)).toContain('name="zqTitle"\r\n\r\nDune\r\n--<boundary>');
  });

  it("differs when a field of the form differs", async () => {
    const first = await recorded(new Request(address, { method: "PUT", body: form({ zqTitle: "Dune" }) }));
    const second = await recorded(new Request(address, { method: "PUT", body: form({ zqTitle: "Dune Messiah" }) }));
    expect(sentRequest(second)).not.toBe(sentRequest(first));
  });

  it("keeps any other body as sent, and tells method and address apart", async () => {
    const json = { headers: new Headers({ "content-type": "application/json" }), rawBody: '{"boundary":"x"}' };
    expect(sentRequest({ method: "POST", url: new URL(address), ...json })).toBe(`POST ${address} {"boundary":"x"}`);
    expect(sentRequest({ method: "PUT", url: new URL(address), ...json })).not.toBe(
      sentRequest({ method: "POST", url: new URL(address), ...json }),
    );
  });
});
