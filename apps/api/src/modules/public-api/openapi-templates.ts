import { CAMPAIGN_TEMPLATES } from '@postlark/shared/campaign-templates';
import { common, json, type JsonSchema, type PathSpec, record, ref } from './openapi-parts';

// The template gallery's part of the public API (issue 33, point 7): the starting templates, drawn
// with the account's brand kit, each with the message it makes. A template's `html` is a
// campaign's `content_html`: create a campaign with it and it is laid out the same.

export const templatePaths: Record<string, PathSpec> = {
  '/v1/templates': {
    get: {
      summary: `The ${CAMPAIGN_TEMPLATES.length} starting templates, drawn with your brand kit`,
      description: 'Each has the content to start a campaign from (`html`, as a campaign’s `content_html`) and `preview_html`, the message it makes for a sample reader, laid out as readers get it.',
      responses: { '200': json('The gallery', ref('TemplateGallery')), ...common },
    },
  },
};

export function templateSchemas(): Record<string, JsonSchema> {
  return {
    TemplateGallery: record({
      templates: {
        type: 'array',
        items: record({
          id: { enum: CAMPAIGN_TEMPLATES.map((template) => template.id) },
          name: { type: 'string' },
          description: { type: 'string' },
          subject: { type: 'string', description: 'A suggested subject line' },
          html: { type: 'string', description: 'The content, as a campaign’s content_html' },
          preview_html: { type: 'string', description: 'The whole message for a sample reader' },
        }),
      },
    }),
  };
}
