// A manifest that disagrees with its spec (an operation, a field, a limit or a scheme the spec lacks or
// states otherwise, or a spec changed under it), refused with the exact message generation must give,
// `file:line:col` included.
import { describe, expect, it } from "vitest";
import { shelfProblems } from "../../test-support/generation-problems.js";

/** Copy the fixture, apply text edits, and return every generation error. */
const { problems } = shelfProblems();

const M = "specs/shelf/manifest.yaml";

describe("manifests that disagree with their spec", () => {
  const table: { name: string; edits: Parameters<typeof problems>[0]; expected: string[] }[] = [
    {
      name: "an operation the spec lacks",
      edits: [{ find: "operationId: getBook", replace: "operationId: fetchBook" }],
      expected: [
        `${M}:141:18: operations.shelf_get_book.operationId: operation "fetchBook" not found in ` +
          `specs/shelf/openapi.yaml (operations: addBook, getBook, getBookByKey, listBooks)`,
      ],
    },
    {
      name: "a query parameter the spec lacks",
      edits: [{ find: "name: $top }", replace: "name: top }" }],
      expected: [
        `${M}:43:9: operations.shelf_list_books.params.top.wire: query parameter "top" not found in operation ` +
          `"listBooks" of specs/shelf/openapi.yaml (its query parameters: $top, $count)`,
      ],
    },
    {
      name: "a body field the spec lacks",
      edits: [{ find: "pointer: /options/size", replace: "pointer: /options/pageSize" }],
      expected: [
        `${M}:114:9: operations.shelf_add_book.params.size.wire: body field "/options/pageSize" not found in ` +
          `the request body of "addBook" in specs/shelf/openapi.yaml (fields there: format, size, notify)`,
      ],
    },
    {
      name: "a response field the spec lacks",
      edits: [{ find: 'from: "$response.body#/total"', replace: 'from: "$response.body#/totalCount"' }],
      expected: [
        `${M}:65:15: operations.shelf_list_books.outputs.metadata.total.from: ` +
          `response field "/totalCount" not found in the 200 response of "listBooks" in specs/shelf/openapi.yaml ` +
          `(fields there: total, value)`,
      ],
    },
    {
      name: "a maximum looser than the spec's",
      edits: [{ find: "        maximum: 50\n", replace: "        maximum: 500\n" }],
      expected: [
        `${M}:40:18: operations.shelf_list_books.params.top.maximum: maximum 500 is looser than query ` +
          `parameter "$top"'s maximum 100 in specs/shelf/openapi.yaml`,
      ],
    },
    {
      name: "a missing maximum where the spec has one",
      edits: [{ find: "        maxLength: 200\n", replace: "" }],
      expected: [
        `${M}:86:7: operations.shelf_add_book.params.title: maxLength (none) ` +
          `is looser than body field "/title"'s maxLength 200 in specs/shelf/openapi.yaml`,
      ],
    },
    {
      name: "an enum value the spec does not accept",
      edits: [{ find: "enum: [paper, ebook, audio]", replace: "enum: [paper, ebook, audio, vinyl]" }],
      expected: [
        `${M}:105:9: operations.shelf_add_book.params.format.enum: enum values "vinyl" are not accepted by ` +
          `body field "/options/format" in specs/shelf/openapi.yaml (accepted: "paper", "ebook", "audio")`,
      ],
    },
    {
      name: "a type that disagrees with the spec",
      edits: [
        { file: "openapi.yaml", find: "title: { type: string, maxLength: 200 }", replace: "title: { type: integer }" },
      ],
      expected: [
        `${M}:87:15: operations.shelf_add_book.params.title.type: type string disagrees with body field ` +
          `"/title", which is integer in specs/shelf/openapi.yaml`,
      ],
    },
    {
      name: "an integer in the spec without integer: true",
      edits: [
        {
          find: "        integer: true\n        minimum: 1\n        maximum: 50",
          replace: "        minimum: 1\n        maximum: 50",
        },
      ],
      expected: [
        `${M}:37:15: operations.shelf_list_books.params.top.type: query parameter "$top" is an integer in ` +
          `specs/shelf/openapi.yaml; declare integer: true`,
      ],
    },
    {
      name: "an output type that disagrees with the spec",
      edits: [{ find: "      bookId:\n        type: string", replace: "      bookId:\n        type: number" }],
      expected: [
        `${M}:128:15: operations.shelf_add_book.outputs.bookId.type: output type number disagrees with the ` +
          `source, which is string in specs/shelf/openapi.yaml`,
      ],
    },
    {
      name: "a split list longer than the spec's maxItems",
      edits: [{ find: "maxItems: 5 }", replace: "maxItems: 9 }" }],
      expected: [
        `${M}:96:27: operations.shelf_add_book.params.tags.wire.split: split.maxItems 9 is looser than body ` +
          `field "/tags"'s maxItems 5 in specs/shelf/openapi.yaml`,
      ],
    },
    {
      name: "a required path parameter left unsupplied",
      edits: [
        {
          find:
            "      shelfId:\n        type: string\n        maxLength: 64\n        required: " +
            'true\n        pattern: "^[a-z0-9-]+$"\n        description: The shelf.\n        wire: { in: ' +
            "path }\n      top:",
          replace: "      top:",
        },
      ],
      expected: [
        `${M}:24:3: operations.shelf_list_books: specs/shelf/openapi.yaml requires path parameter "shelfId" ` +
          `for "listBooks", but no parameter or constant supplies it`,
      ],
    },
    {
      name: "a required body field left unsupplied",
      edits: [
        {
          find:
            "      title:\n        type: string\n        required: true\n        minLength: " +
            "1\n        maxLength: 200\n        description: Title of the book.\n        wire: { in: body }\n",
          replace: "",
        },
      ],
      expected: [
        `${M}:74:3: operations.shelf_add_book: specs/shelf/openapi.yaml requires body field "/title" for ` +
          `"addBook", but no parameter or constant supplies it`,
        `${M}:116:16: operations.shelf_add_book.rules.1.param: unknown parameter "title"`,
      ],
    },
    {
      name: "a security scheme the spec lacks",
      edits: [{ find: "  scheme: shelfKey", replace: "  scheme: bearer" }],
      expected: [
        `${M}:10:11: auth.scheme: security scheme "bearer" not found in specs/shelf/openapi.yaml (declared: shelfKey)`,
      ],
    },
  ];

  for (const row of table) {
    it(`refuses ${row.name}`, async () => {
      expect(await problems(row.edits)).toEqual(row.expected);
    });
  }
});

describe("spec changes caught by the link", () => {
  it("an upstream that tightens a limit makes generation fail at the manifest's line", async () => {
    expect(
      await problems([{ file: "openapi.yaml", find: "minimum: 1, maximum: 100", replace: "minimum: 1, maximum: 25" }]),
    ).toEqual([
      `${M}:40:18: operations.shelf_list_books.params.top.maximum: maximum 50 is looser than query parameter ` +
        `"$top"'s maximum 25 in specs/shelf/openapi.yaml`,
    ]);
  });

  it("an upstream that renames a response field makes generation fail", async () => {
    const found = await problems([
      { file: "openapi.yaml", find: "required: [id, title, state]", replace: "required: [id, title]" },
      {
        file: "openapi.yaml",
        find: "        state: { type: string, enum: [pending, ready, failed] }",
        replace: "        status: { type: string, enum: [pending, ready, failed] }",
      },
    ]);
    expect(found).toEqual([
      `${M}:133:15: operations.shelf_add_book.outputs.state.from: response field "/state" not found in the ` +
        `201 response of "addBook" in specs/shelf/openapi.yaml (fields there: id, title, status, rank)`,
      `${M}:164:15: operations.shelf_get_book.outputs.state.from: response field "/state" not found in the ` +
        `200 response of "getBook" in specs/shelf/openapi.yaml (fields there: id, title, status, rank)`,
    ]);
  });

  it("links a route's parameters against the route's operation", async () => {
    expect(
      await problems([{ find: "bookId: { in: path, name: key,", replace: "bookId: { in: path, name: isbn," }]),
    ).toEqual([
      `${M}:148:11: operations.shelf_get_book.routes.0.wire.bookId: path parameter "isbn" not found in ` +
        `operation "getBookByKey" of specs/shelf/openapi.yaml (its path parameters: key)`,
      `${M}:145:9: operations.shelf_get_book.routes.0: specs/shelf/openapi.yaml requires path parameter "key" ` +
        `for "getBookByKey", but no parameter or constant supplies it`,
    ]);
  });

  it("reports every problem at once", async () => {
    expect(
      await problems([
        { find: "name: $top }", replace: "name: top }" },
        { find: "operationId: getBook", replace: "operationId: fetchBook" },
      ]),
    ).toHaveLength(2);
  });
});
