import { describe, expect, it } from 'vitest';
import { createSseParser, parseDataLine } from './sse-lines';

describe('parseDataLine', () => {
  it('reads deltas, the final answer and errors', () => {
    expect(parseDataLine('data: {"delta":"Hel"}')).toEqual({ delta: 'Hel' });
    expect(parseDataLine('data:{"done":true,"text":"a\\nb","suggestions":["a","b",3],"free_attempts_left":2}')).toEqual({
      done: true,
      text: 'a\nb',
      suggestions: ['a', 'b'],
      free_attempts_left: 2,
    });
    expect(parseDataLine('data: {"error":"No AI provider is connected."}')).toEqual({ error: 'No AI provider is connected.' });
  });

  it('ignores comments, other fields, [DONE] and garbage', () => {
    for (const line of [': ping', 'event: message', 'data: [DONE]', 'data: {not json', 'data: 42', 'data: {"other":1}', 'data:', '']) expect(parseDataLine(line)).toBeNull();
  });
});

describe('createSseParser', () => {
  it('joins lines split across chunks, and CRLF line ends', () => {
    const parser = createSseParser();
    expect(parser.push('data: {"del')).toEqual([]);
    expect(parser.push('ta":"Hi"}\r\n\r\ndata: {"delta":" there"}\n\ndata: {"done":true,')).toEqual([{ delta: 'Hi' }, { delta: ' there' }]);
    expect(parser.push('"text":"Hi there","free_attempts_left":1}')).toEqual([]);
    expect(parser.end()).toEqual([{ done: true, text: 'Hi there', free_attempts_left: 1 }]);
  });

  it('keeps only one unfinished line, however long the stream', () => {
    const parser = createSseParser();
    for (let index = 0; index < 2000; index += 1) parser.push('x'.repeat(1000));
    expect(parser.push('\ndata: {"delta":"ok"}\n')).toEqual([{ delta: 'ok' }]);
  });
});
