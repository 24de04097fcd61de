// Examples checked against their schemas at generation time: each kind of
// mismatch in words at the example's own file:line:col, OpenAPI 3.0's
// differences from JSON Schema honoured, and example data that looks like
// schema keywords (`id`, `$id`) taken for data.
import { describe, expect, it } from "vitest";
import { parseYamlSource } from "./yaml-source.js";
import { validateExamples } from "./examples/openapi-examples.js";

const FILE = "/specs/pets/openapi.yaml";

/** The problems of a one-file document whose 200 answer has the `content` given (YAML, indented as it stands). */
function contentProblems(content: string, components = "", openapi = "3.0.3"): string[] {
  const text = `openapi: ${openapi}
info: { title: pets, version: "1" }
paths:
  /pets/{id}:
    get:
      operationId: getPet
      parameters:
        - { name: id, in: path, required: true, schema: { type: string }, example: p-1 }
      responses:
        "200":
          description: a pet
          content:
${content}${components}`;
  return validateExamples(new Map([[FILE, parseYamlSource(text, "pets.yaml")]]), FILE).map((e) => e.message);
}

/** The problems of a one-file document whose Pet schema and 200 example are given. */
function problems(pet: string, example: string, openapi = "3.0.3"): string[] {
  const content = `            application/json:
              schema: { $ref: "#/components/schemas/Pet" }
              examples:
                one:
                  value: ${example}
`;
  return contentProblems(content, `components:\n  schemas:\n    Pet: ${pet}\n`, openapi);
}

const PET =
  `{ type: object, required: [id], additionalProperties: false, properties: { id: { type: string }, kind: ` +
  `{ type: string, enum: [cat, dog] }, age: { type: integer, minimum: 0, exclusiveMinimum: true }, born: { type: ` +
  `string, format: date-time }, owner: { type: string, nullable: true } } }`;

describe("examples checked against their schemas", () => {
  it("accepts examples that match, with data keys that look like schema keywords", () => {
    expect(problems(PET, `{ id: "$id", kind: cat, age: 3 }`)).toEqual([]);
  });

  it("names a wrong type, a missing field, an extra field and a value outside an enum, at the value", () => {
    expect(problems(PET, `{ id: 7 }`)).toEqual([
      'pets.yaml:17:32: example "one" of the 200 response of "getPet" (application/json) ' +
        "does not match its schema: /id must be string, got 7",
    ]);
    expect(problems(PET, `{ kind: cat }`)).toEqual([
      'pets.yaml:17:26: example "one" of the 200 response of "getPet" (application/json) ' +
        'does not match its schema: (the whole example) lacks required field "id"',
    ]);
    expect(problems(PET, `{ id: a, colour: red }`)).toEqual([
      'pets.yaml:17:35: example "one" of the 200 response of "getPet" (application/json) ' +
        'does not match its schema: (the whole example) has field "colour", which the schema does not allow',
    ]);
    expect(problems(PET, `{ id: a, kind: fish }`)).toEqual([
      'pets.yaml:17:41: example "one" of the 200 response of "getPet" (application/json) ' +
        'does not match its schema: /kind must be one of "cat", "dog", got "fish"',
    ]);
  });

  it(
    "reads OpenAPI 3.0's nullable and boolean exclusiveMinimum; checks the formats a mock checks, " + "and only those",
    () => {
      expect(problems(PET, `{ id: a, owner: null, born: "2026-11-23T10:00:00Z", age: 1 }`)).toEqual([]);
      expect(problems(PET, `{ id: a, born: "yesterday" }`)).toEqual([
        expect.stringMatching(
          /^pets\.yaml:17:\d+: .*\/born string does not match format "date-time", got "yesterday"$/,
        ),
      ]);
      expect(problems(PET.replace("format: date-time", "format: zq-moment"), `{ id: a, born: "yesterday" }`)).toEqual(
        [],
      );
      // ajv-formats' url (which the mock checks) wants a public host name: a published example's localhost address is
      // refused.
      const site = PET.replace("format: date-time", "format: url");
      expect(problems(site, `{ id: a, born: "https://zq.example.org/a" }`)).toEqual([]);
      expect(problems(site, `{ id: a, born: "http://localhost:3000/zq" }`)).toEqual([
        expect.stringMatching(/\/born string does not match format "url", got "http:\/\/localhost:3000\/zq"$/),
      ]);
      expect(problems(PET, `{ id: a, age: 0 }`)).toEqual([
        'pets.yaml:17:40: example "one" of the 200 response of "getPet" (application/json) ' +
          "does not match its schema: /age must be greater than 0, got 0",
      ]);
    },
  );

  it("checks format byte as the mocks do: base64 text of the standard alphabet, padded to groups of four", () => {
    // A certificate's text with a run of spaces inside (as a published answer had): the mock (Prism) refused the answer
    // it served from it; the example check let it through, as it read no byte format.
    const blob = PET.replace("format: date-time", "format: byte");
    for (const fine of ["", "WlE=", "WlFhYg==", "WlFhYmM+Lw=="])
      expect(problems(blob, `{ id: a, born: "${fine}" }`), fine).toEqual([]);
    for (const broken of ["WlFh  YmM=", "WlE", "WlFhYmM-_w==", "WlE=\\nWlE="])
      expect(problems(blob, `{ id: a, born: "${broken}" }`), broken).toEqual([
        expect.stringMatching(/\/born string does not match format "byte", got /),
      ]);
  });

  it("checks format email as the mocks do: a dot in the domain (an address by RFC 5321 without one is refused)", () => {
    // zoom.us's room location: `support_email: abb123@123`, which the mock (Prism, ajv-formats' full mode) refused in
    // every answer it served from the example; the example check let it through, as the RFC's grammar allows it.
    const mail = PET.replace("format: date-time", "format: email");
    for (const fine of ["zq@example.com", "zq.a+b@mail.zq-example.org"])
      expect(problems(mail, `{ id: a, born: "${fine}" }`), fine).toEqual([]);
    for (const refused of ["abb123@123", "zq@localhost", "no-at-sign"])
      expect(problems(mail, `{ id: a, born: "${refused}" }`), refused).toEqual([
        expect.stringMatching(/\/born string does not match format "email, as the mocks' validator reads it/),
      ]);
  });

  it("reads int32 and int64 as the mocks do: within ±2^31 and the safe integers, and the schema's own bounds", () => {
    // A receiver's int64 id published as 2339264502380679700: the mock (Prism) refused every request made of it (its
    // int64 is at most 2^53 - 1); the example check read no numeric format and let it through.
    const wide = PET.replace(
      "age: { type: integer, minimum: 0, exclusiveMinimum: true }",
      "age: { type: integer, format: int64 }",
    );
    for (const fine of [0, -9007199254740991, 9007199254740991])
      expect(problems(wide, `{ id: a, age: ${fine} }`), String(fine)).toEqual([]);
    for (const past of ["2339264502380679700", "-9007199254740993"])
      expect(problems(wide, `{ id: a, age: ${past} }`), past).toEqual([
        expect.stringMatching(/\/age must be at (most 9007199254740991|least -9007199254740991), got /),
      ]);
    const narrow = PET.replace(
      "age: { type: integer, minimum: 0, exclusiveMinimum: true }",
      "age: { type: integer, format: int32, maximum: 10 }",
    );
    expect(problems(narrow, `{ id: a, age: 2147483648 }`)).toEqual([
      expect.stringMatching(/\/age must be at most 10, got /),
    ]);
    expect(problems(narrow, `{ id: a, age: -2147483649 }`)).toEqual([
      expect.stringMatching(/\/age must be at least -2147483648, got /),
    ]);
    // An int64 written as text (a string's schema) takes any length of digits, as the mocks read it.
    const text = PET.replace(
      "age: { type: integer, minimum: 0, exclusiveMinimum: true }",
      "age: { type: string, format: int64 }",
    );
    expect(problems(text, `{ id: a, age: "2339264502380679700" }`)).toEqual([]);
  });

  it("reads nullable beside anyOf and allOf, and checks each variant's own example against that variant", () => {
    // GitHub's issue-field-value: a nullable anyOf whose variants carry examples.
    const value =
      `{ type: object, properties: { value: { nullable: true, anyOf: [ { type: string, example: text }, { type: ` +
      `number, example: 42.5 }, { type: integer, example: 1 } ] } } }`;
    expect(problems(value, `{ value: null }`)).toEqual([]);
    expect(problems(value, `{ value: 3 }`)).toEqual([]);
    expect(problems(value, `{ value: [1] }`)).toHaveLength(1);
    expect(problems(value.replace("example: 42.5", "example: many"), `{ value: 2 }`)).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`the example of the schema at components\.schemas\.Pet\.properties\.value\.anyOf\.1 does not` +
            String.raw` match its schema: \(the whole example\) must be number, got "many"$`,
        ),
      ),
    ]);
    const owner =
      `{ type: object, properties: { owner: { nullable: true, allOf: [ { type: object, required: [name], ` +
      `properties: { name: { type: string, example: Ann } } } ] } } }`;
    expect(problems(owner, `{ owner: null }`)).toEqual([]);
    expect(problems(owner, `{ owner: { name: Bo } }`)).toEqual([]);
    expect(problems(owner, `{ owner: {} }`)).toEqual([expect.stringMatching(/\/owner lacks required field "name"$/)]);
    expect(problems(owner.replace("example: Ann", "example: 5"), `{ owner: null }`)).toEqual([
      expect.stringMatching(
        new RegExp(
          "the example of the schema at" +
            String.raw` components\.schemas\.Pet\.properties\.owner\.allOf\.0\.properties\.name does not match its` +
            String.raw` schema: \(the whole example\) must be string, got 5$`,
        ),
      ),
    ]);
    // The whole schema nullable without a type: null, and what it describes.
    expect(
      problems(
        `{ nullable: true, allOf: [ { type: object, required: [id], properties: { id: { type: string } } } ] }`,
        `null`,
      ),
    ).toEqual([]);
  });

  it(
    "reads nullable beside a $ref as null allowed there (3.0 ignores a $ref's siblings; " +
      "published documents mean null by them, and the mock answers null)",
    () => {
      const owned =
        `{ type: object, properties: { owner: { $ref: "#/components/schemas/Owner", nullable: true }, keeper: ` +
        `{ $ref: "#/components/schemas/Owner" } } }\n    Owner: { type: object, required: [name], properties: ` +
        `{ name: { type: string } } }`;
      expect(problems(owned, `{ owner: null }`)).toEqual([]);
      expect(problems(owned, `{ owner: { name: Bo } }`)).toEqual([]);
      expect(problems(owned, `{ owner: {} }`)).toEqual([expect.stringMatching(/\/owner lacks required field "name"$/)]);
      // Without nullable beside it, the reference alone.
      expect(problems(owned, `{ keeper: null }`)).toHaveLength(1);
    },
  );

  it("checks a schema's own example and a parameter's", () => {
    expect(problems(PET.replace("id: { type: string }", "id: { type: string, example: 12 }"), `{ id: a }`)).toEqual([
      "pets.yaml:20:114: the example of the schema at components.schemas.Pet.properties.id does not match its " +
        "schema: (the whole example) must be string, got 12",
    ]);
  });

  it("quotes a long wrong value cut, with its length (a whole zq reply published as one string of JSON)", () => {
    const long = JSON.stringify(JSON.stringify({ id: "zq", notes: "z".repeat(400) }));
    const [message] = problems(PET, long);
    expect(message).toMatch(
      /\(the whole example\) must be object, got "\{\\"id\\":\\"zq\\",\\"notes\\":\\"z+… \(\d+ characters\)$/,
    );
    expect(message?.length).toBeLessThan(400);
  });

  it(
    "holds a schema without a type that lists properties to be an object (a reply published as its JSON text), " +
      "but not one with items alone",
    () => {
      const text = JSON.stringify(JSON.stringify({ zqjokes: [{ title: "zq" }] }));
      const typeless = `{ properties: { zqjokes: { items: { properties: { title: { type: string } } } } } }`;
      expect(problems(typeless, text)).toEqual([
        expect.stringMatching(/: \(the whole example\) must be object, got "\{/),
      ]);
      expect(problems(typeless, `{ zqjokes: [{ title: 3 }] }`)).toEqual([
        expect.stringMatching(/: \/zqjokes\/0\/title must be string, got 3$/),
      ]);
      expect(problems(typeless, `{ zqjokes: [{ title: zq }] }`)).toEqual([]);
      // items alone implies no list: published documents give it to objects (an object example passes).
      expect(problems(`{ properties: { zquser: { items: { type: string } } } }`, `{ zquser: { id: zq } }`)).toEqual([]);
      // A property named after a keyword is data of the map, not a schema keyword.
      expect(
        problems(
          `{ properties: { properties: { type: string }, items: { type: integer } } }`,
          `{ properties: zq, items: 3 }`,
        ),
      ).toEqual([]);
    },
  );

  it(
    "checks an example inside a shape of a discriminated oneOf (read as anyOf, so at another place) against its " +
      "schema, in a list's items and in a shape's own discriminated oneOf",
    () => {
      // A list of conditions, each one of several shapes named by zqkind; each field with its own example.
      const shape = (kind: string, value: string) =>
        `{ type: object, required: [zqkind], properties: { zqkind: { type: string, enum: [${kind}] }, ` +
        `zqvalue: ${value} } }`;
      const union = (...shapes: string[]) =>
        `{ discriminator: { propertyName: zqkind }, oneOf: [ ${shapes.join(", ")} ] }`;
      const inner = union(shape("zqc", "{ type: integer, example: 3 }"));
      const nested = `{ type: object, properties: { zqnested: ${inner} } }`;
      const conditions = (value: string) =>
        `{ type: object, properties: { zqconditions: { type: array, items: ` +
        `${union(shape("zqa", value), shape("zqb", nested))} } } }`;
      expect(problems(conditions("{ type: string, example: zq }"), `{ zqconditions: [] }`)).toEqual([]);
      expect(problems(conditions("{ type: string, example: 5 }"), `{ zqconditions: [] }`)).toEqual([
        expect.stringMatching(
          new RegExp(
            String.raw`the example of the schema at components\.schemas\.Pet\.properties\.zqconditions\.items\.` +
              String.raw`oneOf\.0\.properties\.zqvalue does not match its schema: \(the whole example\) must be ` +
              "string, got 5$",
          ),
        ),
      ]);
      expect(
        problems(conditions("{ type: string }").replace("example: 3", "example: many"), `{ zqconditions: [] }`),
      ).toEqual([
        expect.stringMatching(
          /oneOf\.1\.properties\.zqvalue\.properties\.zqnested\.oneOf\.0\.properties\.zqvalue does not match/,
        ),
      ]);
    },
  );

  it("reads 3.1 schemas as JSON Schema 2020-12 (type lists, no nullable)", () => {
    const pet31 =
      `{ type: object, required: [id], properties: { id: { ` + `type: string }, owner: { type: [string, "null"] } } }`;
    expect(problems(pet31, `{ id: a, owner: null }`, "3.1.0")).toEqual([]);
    expect(problems(pet31, `{ id: a, owner: 3 }`, "3.1.0")).toEqual([
      'pets.yaml:17:42: example "one" of the 200 response of "getPet" (application/json) ' +
        "does not match its schema: /owner must be string or null, got 3",
    ]);
  });
});

describe("references in a one-file document", () => {
  it("reports a $ref to a place the document lacks, and a cycle of $refs, at the reference", () => {
    expect(problems(`{ $ref: "#/components/schemas/Animal" }`, `{ id: a }`)).toEqual([
      'pets.yaml:20:18: $ref "#/components/schemas/Animal" does not resolve (no such place in this file)',
    ]);
    const cycle = problems(`{ $ref: "#/components/schemas/Pet" }`, `{ id: a }`);
    expect(cycle).toEqual([
      'pets.yaml:20:18: $ref "#/components/schemas/Pet" leads back to itself (a cycle of $refs names no object)',
    ]);
  });
});

describe("a JSON media type with examples but no schema, beside another JSON type with one", () => {
  it("has its examples checked against that schema (one body, written twice: with and without its charset)", () => {
    const found = contentProblems(`            application/json:
              examples:
                asText:
                  value: '{"id": "p-1"}'
                asObject:
                  value: { id: p-1 }
            application/json; charset=utf-8:
              schema: ${PET}
            application/xml:
              examples:
                asXml:
                  value: "<pet id='p-1'/>"
`);
    expect(found).toEqual([
      expect.stringMatching(
        new RegExp(
          String.raw`example "asText" of the 200 response of "getPet" \(application\/json\) does not match its` +
            String.raw` schema: \(the whole example\) must be object`,
        ),
      ),
    ]);
  });
});

describe("a JSON media type with examples but no schema, beside a wildcard type whose schema is a structure", () => {
  it("has its examples checked against that schema (a mock serves them as JSON with it): an object's, a list's", () => {
    const found = contentProblems(`            "*/*":
              schema: ${PET}
            application/json:
              examples:
                wrapped:
                  value: { data: { id: p-1 } }
                bare:
                  value: { id: p-1 }
`);
    expect(found).toEqual([
      expect.stringMatching(
        /example "wrapped" of the 200 response of "getPet" \(application\/json\) does not match its schema: .*"id"/,
      ),
    ]);
    const list = contentProblems(`            "*/*":
              schema: { type: array, items: ${PET} }
            application/json:
              examples:
                wrapped:
                  value: { data: [{ id: p-1 }] }
                bare:
                  value: [{ id: p-1 }]
`);
    expect(list).toEqual([expect.stringMatching(/example "wrapped" .* must be array/)]);
  });
});
