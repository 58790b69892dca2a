import { BLOCK_ATTRIBUTES, RECOMMENDATION_COUNT, RECOMMENDATION_LAYOUTS, type RecommendationLayout } from '@postlark/shared/content-blocks';
import { Node } from '@tiptap/react';
import { BLOCK_TEXTS, recommendationsSummary } from '../content-blocks';

// The editor's content blocks, serialised as the server reads them (@postlark/shared/content-blocks).
// The Recommended products block is a card that cannot be typed into: the server drops whatever
// it holds and puts each person's products in its place. A "Show only to…" block wraps blocks of
// content and carries its condition (URL-encoded JSON) and a label the editor draws above it.

function clampCount(value: string | null): number {
  const count = Number(value);
  return Number.isInteger(count) ? Math.min(RECOMMENDATION_COUNT.max, Math.max(RECOMMENDATION_COUNT.min, count)) : RECOMMENDATION_COUNT.initial;
}

export const RecommendationsBlock = Node.create({
  name: 'recommendationsBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addAttributes() {
    return {
      count: { default: RECOMMENDATION_COUNT.initial, parseHTML: (element) => clampCount(element.getAttribute(BLOCK_ATTRIBUTES.count)), renderHTML: (attrs) => ({ [BLOCK_ATTRIBUTES.count]: String(attrs.count) }) },
      layout: {
        default: 'grid',
        parseHTML: (element) => {
          const layout = element.getAttribute(BLOCK_ATTRIBUTES.layout);
          return (RECOMMENDATION_LAYOUTS as readonly (string | null)[]).includes(layout) ? layout : 'grid';
        },
        renderHTML: (attrs) => ({ [BLOCK_ATTRIBUTES.layout]: String(attrs.layout) }),
      },
    };
  },
  parseHTML() {
    return [{ tag: `div[${BLOCK_ATTRIBUTES.block}="recommendations"]` }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return [
      'div',
      { ...HTMLAttributes, [BLOCK_ATTRIBUTES.block]: 'recommendations', class: 'editor-block editor-block--recommendations' },
      ['p', { class: 'editor-block__title' }, BLOCK_TEXTS.recommendations],
      ['p', { class: 'editor-block__text' }, recommendationsSummary(node.attrs.count as number, node.attrs.layout as RecommendationLayout)],
    ];
  },
});

export const ConditionalBlock = Node.create({
  name: 'conditionalBlock',
  group: 'block',
  content: 'block+',
  defining: true,
  addAttributes() {
    return {
      condition: { default: '', parseHTML: (element) => element.getAttribute(BLOCK_ATTRIBUTES.condition) ?? '', renderHTML: (attrs) => ({ [BLOCK_ATTRIBUTES.condition]: String(attrs.condition) }) },
      label: { default: BLOCK_TEXTS.showOnlyTo, parseHTML: (element) => element.getAttribute('data-label') ?? BLOCK_TEXTS.showOnlyTo, renderHTML: (attrs) => ({ 'data-label': String(attrs.label) }) },
    };
  },
  parseHTML() {
    return [{ tag: `div[${BLOCK_ATTRIBUTES.condition}]` }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', { ...HTMLAttributes, class: 'editor-block editor-block--conditional' }, 0];
  },
});
