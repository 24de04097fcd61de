// Text from outside in the markup reports write (JUnit XML, HTML pages of
// `test` and `diff`): markup characters escaped, and characters XML 1.0
// cannot carry at all shown as `\uXXXX`, so that a report always parses.
// Characters XML 1.0 cannot carry at all (control characters, half surrogate pairs, U+FFFE/FFFF).
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters XML refuses are what it finds
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

/** Text content: markup characters escaped, characters XML cannot carry shown as `\uXXXX`. */
export function text(value: string): string {
  return visible(value).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** An attribute value (double-quoted): also quotes and line breaks escaped, so that they survive. */
export function attr(value: string): string {
  return text(value)
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/\n/g, "&#10;")
    .replace(/\r/g, "&#13;")
    .replace(/\t/g, "&#9;");
}

function visible(value: string): string {
  return value.replace(NOT_XML, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** An offline report page: the title (escaped here) and the body's markup, one line each; no outside resource. */
export function htmlPage(title: string, body: readonly string[]): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${text(title)}</title>
<style>${PAGE_STYLE}
</style>
</head>
<body>
${body.join("\n")}
</body>
</html>
`;
}

/** The style of the offline report pages (no outside resource: their Content-Security-Policy forbids it). */
const PAGE_STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1f2328; }
h1 { font-size: 1.6rem; margin-bottom: .2rem; } h2 { margin-top: 2rem; border-bottom: 1px solid #d0d7de; }
table { border-collapse: collapse; margin: .5rem 0; } th, td { border: 1px solid #d0d7de; padding: .25rem .5rem; \
text-align: left; vertical-align: top; }
td.n { text-align: right; } td.ok { background: #dafbe1; } td.bad { background: #ffebe9; } td.none { color: #8c959f; }
td.notrun { background: #fff8c5; }
.verdict { font-size: 1.1rem; font-weight: 600; } .verdict.ok { color: #1a7f37; } .verdict.bad { color: #cf222e; }
pre { background: #f6f8fa; padding: .5rem; overflow-x: auto; white-space: pre-wrap; word-break: break-word; }
svg.chart text { font: 12px system-ui, sans-serif; fill: #1f2328; } svg.chart .pass { fill: #2da44e; } \
svg.chart .fail { fill: #cf222e; }
svg.chart { max-width: 100%; height: auto; } table { display: block; max-width: 100%; overflow-x: auto; } h3, h4, \
p { overflow-wrap: anywhere; }
@media (max-width: 40rem) {
  body { margin: 1rem auto; }
  table.cards, table.cards tbody, table.cards tr, table.cards td { display: block; } \
table.cards tr:first-child { display: none; }
  table.cards tr { border: 1px solid #d0d7de; margin: .5rem 0; } table.cards td { border: none; border-top: \
1px solid #eaeef2; display: flex; justify-content: space-between; gap: 1rem; text-align: right; }
  table.cards td { overflow-wrap: anywhere; } table.cards td::before { content: attr(data-label); font-weight: 600; \
text-align: left; flex-shrink: 0; overflow-wrap: normal; } table.cards td:first-child { border-top: none; }
}
section.failure { border-left: 4px solid #cf222e; padding-left: 1rem; margin: 1.5rem 0; } .at { color: #57606a; }
code { font-size: 90%; }`;
