import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Card, CardHead } from './card';
import { PageHeader } from './page-header';
import { EmptyNote } from './page-state';
import { PersonHead } from './person-head';

// The shared pieces draw what a reader and a screen reader meet: the heading, its text, the actions.

describe('Card', () => {
  it('is a section labelled by its heading, with its text, actions and body', () => {
    const html = renderToStaticMarkup(h(Card, { title: 'Billing history', titleId: 'billing', text: 'Sample invoices.', actions: h('button', null, 'Export') }, h('p', null, 'Body')));
    expect(html).toBe(
      '<section class="dash-card" aria-labelledby="billing"><div class="dash-card__head"><div class="dash-card__heading"><h2 id="billing" class="dash-card__title">Billing history</h2><p class="dash-card__text">Sample invoices.</p></div><div class="dash-card__actions"><button>Export</button></div></div><p>Body</p></section>',
    );
  });

  it('keeps a label it is given, and draws no head without a title, text or actions', () => {
    const html = renderToStaticMarkup(h(Card, { as: 'article', flush: true, stack: true, 'aria-label': 'Campaigns' }, 'Rows'));
    expect(html).toBe('<article class="dash-card dash-card--flush dash-card--stack" aria-label="Campaigns">Rows</article>');
    expect(renderToStaticMarkup(h(CardHead, {}))).toBe('');
  });

  it('draws an h3 when asked', () => {
    expect(renderToStaticMarkup(h(CardHead, { title: 'Lists', titleLevel: 3 }))).toContain('<h3 class="dash-card__title">Lists</h3>');
  });
});

describe('PageHeader', () => {
  it('has one h1 with its lead, and actions only when given', () => {
    const html = renderToStaticMarkup(h(PageHeader, { title: 'Lists', lead: 'Group your subscribers.', actions: h('button', null, 'New list') }));
    expect(html).toBe(
      '<header class="page-header"><div class="page-header__text"><h1 class="page-header__title">Lists</h1><p class="page-header__lead">Group your subscribers.</p></div><div class="page-header__actions"><button>New list</button></div></header>',
    );
    expect(renderToStaticMarkup(h(PageHeader, { title: 'Reports', actions: false }))).not.toContain('page-header__actions');
  });
});

describe('EmptyNote', () => {
  it('is a quiet line, framed when asked', () => {
    expect(renderToStaticMarkup(h(EmptyNote, { children: 'No keys yet.' }))).toBe('<p class="empty-note">No keys yet.</p>');
    expect(renderToStaticMarkup(h(EmptyNote, { framed: true, children: 'No domains yet.' }))).toBe('<p class="empty-note empty-note--framed">No domains yet.</p>');
  });
});

describe('PersonHead', () => {
  it('shows the name with the address under it, and the address once when it is all there is', () => {
    const named = renderToStaticMarkup(h(PersonHead, { initial: 'A', name: 'Ada Lovelace', email: 'ada@example.com' }));
    expect(named).toContain('<p class="person-head__name">Ada Lovelace</p><p class="person-head__email">ada@example.com</p>');
    const unnamed = renderToStaticMarkup(h(PersonHead, { initial: 'L', name: 'linus@example.net', email: 'linus@example.net' }));
    expect(unnamed.match(/linus@example\.net/g)).toHaveLength(1);
  });
});
