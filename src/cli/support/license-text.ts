// The LICENSE file init writes. Generation copies the project's LICENSE into
// every package (npm shows a package without one as unlicensed). MIT is the
// one license whose text is written here; for any other identifier the file
// says which license the project declares and that its text belongs there.

/** The text of LICENSE for the SPDX `license` of project `holder`, dated `year`. */
export function licenseText(license: string, holder: string, year: number): string {
  if (license !== "MIT") {
    return (
      `This project and the packages generated from it are licensed under ${license}\n(the "license" field of ` +
      `package.json).\n\nReplace this file with the text of that license.\n`
    );
  }
  return `MIT License

Copyright (c) ${year} the ${holder} authors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
`;
}
