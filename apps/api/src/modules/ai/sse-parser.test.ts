import { describe, expect, it } from 'vitest';
import { SseParser } from './sse-parser';

describe('SseParser', () => {
  it('gives each event’s data once its blank line arrives, however the bytes are cut', () => {
    const text = 'data: {"a":"é"}\r\n\r\n: keep-alive\n\ndata: [DONE]\n\n';
    const bytes = Buffer.from(text);
    for (let size = 1; size <= bytes.length; size += 1) {
      const parser = new SseParser();
      const events: string[] = [];
      for (let start = 0; start < bytes.length; start += size) events.push(...parser.push(bytes.subarray(start, start + size)));
      events.push(...parser.end());
      expect(events).toEqual(['{"a":"é"}', '[DONE]']);
    }
  });

  it('joins an event’s several data lines, ignores other fields, and keeps an unfinished last event', () => {
    const parser = new SseParser();
    expect(parser.push('event: message\nid: 1\ndata: one\ndata: two\n\ndata:three')).toEqual(['one\ntwo']);
    expect(parser.end()).toEqual(['three']);
  });
});
