import { describe, expect, it } from 'vitest';
import { darkPreviewHtml, hasDarkStyles } from './dark-preview';

describe('the dark-mode preview', () => {
  it('applies the message’s own dark-mode rules and changes nothing else', () => {
    const html = '<style>@media (prefers-color-scheme: dark) { .card { background: #111 !important; } }</style><p>Hello</p>';
    expect(hasDarkStyles(html)).toBe(true);
    expect(darkPreviewHtml(html)).toBe('<style>@media all { .card { background: #111 !important; } }</style><p>Hello</p>');
    expect(hasDarkStyles('<p>No styles</p>')).toBe(false);
    expect(darkPreviewHtml('<p>No styles</p>')).toBe('<p>No styles</p>');
  });
});
