import { describe, expect, it } from 'vitest';
import { previewRows, readFileStart } from './csv-preview';

describe('previewRows', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    const text = 'email,note\r\n"a@x.io","Hello, ""you""\nthere"\r\nb@x.io,plain\n';
    expect(previewRows(text, 5, true)).toEqual([
      ['email', 'note'],
      ['a@x.io', 'Hello, "you"\nthere'],
      ['b@x.io', 'plain'],
    ]);
  });

  it('stops at the limit and skips blank lines', () => {
    expect(previewRows('a\n\nb\nc\nd\n', 2, true)).toEqual([['a'], ['b']]);
  });

  it('drops a last line cut short unless the text is the whole file', () => {
    expect(previewRows('a,b\nc,d', 5, false)).toEqual([['a', 'b']]);
    expect(previewRows('a,b\nc,d', 5, true)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('ignores a byte order mark', () => {
    expect(previewRows('\uFEFFemail\nx@y.z\n', 5, true)).toEqual([['email'], ['x@y.z']]);
  });
});

describe('readFileStart', () => {
  it('reads only the first bytes', async () => {
    const blob = new Blob(['email\n', 'a@b.c\n'.repeat(100)]);
    const start = await readFileStart(blob, 12);
    expect(start).toEqual({ text: 'email\na@b.c\n', complete: false });
  });
});
